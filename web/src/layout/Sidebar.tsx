import { Menu } from 'antd';
import type { ItemType } from 'antd/es/menu/interface';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { menuName } from '../core/i18n';
import type { MenuItem } from '../core/menu';
import { MenuIcon } from '../ui/icons';

function toItems(items: readonly MenuItem[]): ItemType[] {
  const out: ItemType[] = [];
  for (const item of items) {
    if (item.type === 2 || !item.isShow) continue;
    if (item.type === 0) {
      const children = toItems(item.children);
      if (children.length === 0) continue;
      out.push({ key: `dir-${item.id}`, icon: <MenuIcon name={item.icon} />, label: menuName(item.name), children });
    } else if (item.router) {
      out.push({ key: item.router, icon: <MenuIcon name={item.icon} />, label: menuName(item.name) });
    }
  }
  return out;
}

function openKeysFor(items: readonly MenuItem[], path: string): string[] {
  const walk = (list: readonly MenuItem[], trail: string[]): string[] | undefined => {
    for (const item of list) {
      if (item.router === path && item.type === 1) return trail;
      const found = walk(item.children, item.type === 0 ? [...trail, `dir-${item.id}`] : trail);
      if (found) return found;
    }
    return undefined;
  };
  return walk(items, []) ?? [];
}

/** The menu tree; hidden entries (isShow false) and permissions are left out. */
export function Sidebar({
  items,
  path,
  collapsed,
  onNavigate,
}: {
  items: readonly MenuItem[];
  path: string;
  collapsed: boolean;
  onNavigate?: () => void;
}) {
  const navigate = useNavigate();
  const { i18n } = useTranslation();
  // biome-ignore lint/correctness/useExhaustiveDependencies: names follow the language.
  const menuItems = useMemo(() => toItems(items), [items, i18n.language]);
  const defaultOpen = useMemo(() => openKeysFor(items, path), [items, path]);
  return (
    <Menu
      mode="inline"
      // One palette: under the dark algorithm the light menu has the dark surfaces (no navy).
      theme="light"
      inlineCollapsed={collapsed}
      items={menuItems}
      selectedKeys={[path]}
      defaultOpenKeys={collapsed ? [] : defaultOpen}
      key={collapsed ? 'collapsed' : `open-${defaultOpen.join(',')}`}
      onClick={({ key }) => {
        if (typeof key === 'string' && key.startsWith('/')) {
          navigate(key);
          onNavigate?.();
        }
      }}
      className="sidebar-menu"
    />
  );
}

import {
  BgColorsOutlined,
  FullscreenExitOutlined,
  FullscreenOutlined,
  LogoutOutlined,
  MenuFoldOutlined,
  MenuUnfoldOutlined,
  MoonOutlined,
  SunOutlined,
  TranslationOutlined,
  UserOutlined,
} from '@ant-design/icons';
import { Avatar, Breadcrumb, Button, Dropdown, Tooltip } from 'antd';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { useFeedback } from '../core/app-feedback';
import { sessionApi } from '../core/endpoint-refs';
import { headerItems } from '../core/header-items';
import { LOCALE_NAMES, LOCALES, type Locale, setLocale } from '../core/i18n';
import { useIdleSignOut } from '../core/idle-sign-out';
import { call, logout } from '../core/request';
import { useSession } from '../core/session';
import { useTheme } from '../core/theme';
import { useTablistOnTabs } from '../ui/tablist';

function useFullscreen(): [boolean, () => void] {
  const [on, setOn] = useState(() => !!document.fullscreenElement);
  useEffect(() => {
    const handle = () => setOn(!!document.fullscreenElement);
    document.addEventListener('fullscreenchange', handle);
    return () => document.removeEventListener('fullscreenchange', handle);
  }, []);
  const toggle = () => {
    if (document.fullscreenElement) void document.exitFullscreen();
    else void document.documentElement.requestFullscreen?.().catch(() => undefined);
  };
  return [on, toggle];
}

export function Header({
  collapsed,
  onToggle,
  crumbs,
  groups,
  onOpenSettings,
}: {
  collapsed: boolean;
  onToggle: () => void;
  crumbs: string[];
  groups?: React.ReactNode;
  onOpenSettings: () => void;
}) {
  const { t, i18n } = useTranslation();
  const navigate = useNavigate();
  const { modal } = useFeedback();
  const user = useSession((s) => s.userInfo);
  const theme = useTheme();
  const [fullscreen, toggleFullscreen] = useFullscreen();
  // The header is there as long as someone is signed in: the shared PC's idle sign-out runs with it.
  useIdleSignOut();
  // The menu groups' tabs: their list, not antd's nav with its "…" button, is the tablist.
  const header = useRef<HTMLElement>(null);
  useTablistOnTabs(header);

  const handleLogout = () => {
    modal.confirm({
      title: t('layout.logoutConfirm'),
      okText: t('common.ok'),
      cancelText: t('common.cancel'),
      onOk: async () => {
        await call(sessionApi.logout, undefined, { silent: true }).catch(() => undefined);
        logout();
      },
    });
  };

  return (
    <header className="app-header" ref={header}>
      <Button
        type="text"
        icon={collapsed ? <MenuUnfoldOutlined /> : <MenuFoldOutlined />}
        onClick={onToggle}
        aria-label={collapsed ? t('layout.expand') : t('layout.collapse')}
      />
      {groups ?? <Breadcrumb className="app-crumbs" items={crumbs.map((title) => ({ title }))} />}
      <div className="app-header-actions">
        {headerItems().map((Item, i) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: the registered items never change order once the shell runs.
          <Item key={i} />
        ))}
        <Tooltip title={fullscreen ? t('layout.exitFullscreen') : t('layout.fullscreen')}>
          <Button
            type="text"
            className="hide-xs"
            icon={fullscreen ? <FullscreenExitOutlined /> : <FullscreenOutlined />}
            onClick={toggleFullscreen}
            aria-label={fullscreen ? t('layout.exitFullscreen') : t('layout.fullscreen')}
          />
        </Tooltip>
        <Tooltip title={theme.dark ? t('layout.light') : t('layout.dark')}>
          <Button
            type="text"
            icon={theme.dark ? <SunOutlined /> : <MoonOutlined />}
            onClick={() => theme.update({ dark: !theme.dark })}
            aria-label={theme.dark ? t('layout.light') : t('layout.dark')}
            data-testid="toggle-dark"
          />
        </Tooltip>
        {/* Opened by click (so by Enter and Space on the button too): a hover-only menu shuts out the keyboard. */}
        <Dropdown
          trigger={['click']}
          menu={{
            selectable: true,
            selectedKeys: [i18n.language],
            items: LOCALES.map((locale) => ({ key: locale, label: LOCALE_NAMES[locale] })),
            onClick: ({ key }) => void setLocale(key as Locale),
          }}
        >
          <Button type="text" icon={<TranslationOutlined />} aria-label={t('layout.language')} data-testid="language" />
        </Dropdown>
        <Tooltip title={t('layout.settings')}>
          <Button
            type="text"
            icon={<BgColorsOutlined />}
            onClick={onOpenSettings}
            aria-label={t('layout.settings')}
            data-testid="open-settings"
          />
        </Tooltip>
        <Dropdown
          trigger={['click']}
          menu={{
            items: [
              { key: 'info', icon: <UserOutlined />, label: t('layout.personal') },
              { type: 'divider' },
              { key: 'logout', icon: <LogoutOutlined />, label: t('layout.logout') },
            ],
            onClick: ({ key }) => (key === 'logout' ? handleLogout() : navigate('/my/info')),
          }}
        >
          <button type="button" className="user-chip" data-testid="user-menu">
            <Avatar size={28} src={user?.headImg || undefined} icon={<UserOutlined />} />
            <span className="hide-xs">{user?.nickName || user?.name || user?.username}</span>
          </button>
        </Dropdown>
      </div>
    </header>
  );
}

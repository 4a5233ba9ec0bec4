import type { MenuType } from '@backroom/contract';
import { Tag } from 'antd';
import { useTranslation } from 'react-i18next';

const COLORS: Record<MenuType, string> = { 0: 'blue', 1: 'green', 2: 'orange' };

/** 0 directory, 1 menu, 2 permission, as a coloured tag in the current language. */
export function MenuTypeTag({ type }: { type: MenuType }) {
  const { t } = useTranslation();
  return (
    <Tag color={COLORS[type]} className="menu-type-tag">
      {t(`base.menu.types.${type}`)}
    </Tag>
  );
}

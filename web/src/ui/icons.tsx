import {
  AppstoreOutlined,
  BookOutlined,
  CheckCircleOutlined,
  ClockCircleOutlined,
  CodeOutlined,
  ControlOutlined,
  DashboardOutlined,
  DatabaseOutlined,
  DeleteOutlined,
  FileTextOutlined,
  FolderOutlined,
  GiftOutlined,
  HomeOutlined,
  MenuOutlined,
  MessageOutlined,
  NotificationOutlined,
  ProfileOutlined,
  SafetyOutlined,
  ScheduleOutlined,
  SettingOutlined,
  ShopOutlined,
  ShoppingOutlined,
  StarOutlined,
  TeamOutlined,
  UserOutlined,
} from '@ant-design/icons';
import type { ComponentType } from 'react';

/**
 * Menu icons by the family's icon names (`icon-user`), so imported menus keep their icons.
 * The menu screen's icon picker offers exactly these.
 */
export const MENU_ICONS: Readonly<Record<string, ComponentType>> = {
  'icon-system': SettingOutlined,
  'icon-auth': SafetyOutlined,
  'icon-menu': MenuOutlined,
  'icon-dept': TeamOutlined,
  'icon-user': UserOutlined,
  'icon-params': ControlOutlined,
  'icon-monitor': DashboardOutlined,
  'icon-log': FileTextOutlined,
  'icon-activity': ScheduleOutlined,
  'icon-task': ProfileOutlined,
  'icon-dict': BookOutlined,
  'icon-delete': DeleteOutlined,
  'icon-data': DatabaseOutlined,
  'icon-favor': StarOutlined,
  'icon-goods': ShoppingOutlined,
  'icon-shop': ShopOutlined,
  'icon-gift': GiftOutlined,
  'icon-vue': CodeOutlined,
  'icon-component': AppstoreOutlined,
  'icon-radioboxfill': CheckCircleOutlined,
  'icon-home': HomeOutlined,
  'icon-folder': FolderOutlined,
  'icon-message': MessageOutlined,
  'icon-notice': NotificationOutlined,
  'icon-time': ClockCircleOutlined,
};

export function MenuIcon({ name }: { name: string | null | undefined }) {
  const Icon = (name && MENU_ICONS[name]) || FolderOutlined;
  return <Icon />;
}

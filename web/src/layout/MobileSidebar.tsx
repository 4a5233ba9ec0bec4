import { Drawer } from 'antd';
import type { ReactNode } from 'react';

/** The sidebar as a drawer on a phone; loaded only there. */
export function MobileSidebar({
  open,
  onClose,
  children,
}: {
  open: boolean;
  onClose: () => void;
  children: ReactNode;
}) {
  return (
    <Drawer
      placement="left"
      open={open}
      onClose={onClose}
      size={240}
      closable={false}
      className="sidebar-drawer"
      styles={{ body: { padding: 0 } }}
    >
      {children}
    </Drawer>
  );
}

import type { ReactNode } from 'react';
import { Drawer } from 'antd';

/** The side menu as a drawer on phones, loaded the first time it is opened (AppLayout). */
export function MenuDrawer({ open, width, onClose, children }: { open: boolean; width: number; onClose: () => void; children: ReactNode }) {
  return (
    <Drawer placement="left" open={open} onClose={onClose} size={width} closable={false} styles={{ body: { padding: 0 } }}>
      {children}
    </Drawer>
  );
}

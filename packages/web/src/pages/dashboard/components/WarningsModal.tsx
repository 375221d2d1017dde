import type { Device } from '@vigil/contracts';
import { Modal } from 'antd';

/** The Warnings modal (M section 2): its list and MODIFY/ADD button are built by the warnings' owner. */
export function WarningsModal({ open, onClose }: { open: boolean; onClose: () => void; device: Device }) {
  return <Modal open={open} onCancel={onClose} footer={null} title="Warnings" destroyOnHidden />;
}

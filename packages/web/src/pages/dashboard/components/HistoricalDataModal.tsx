import type { Device } from '@vigil/contracts';
import { Modal } from 'antd';

/** The Historical Data modal (M section 2): its date and time search is built by the historical pages' owner. */
export function HistoricalDataModal({
  open,
  onClose,
}: {
  open: boolean;
  onClose: () => void;
  device: Device;
}) {
  return <Modal open={open} onCancel={onClose} footer={null} title="Historical Data" destroyOnHidden />;
}

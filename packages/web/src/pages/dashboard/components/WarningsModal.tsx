import { useQuery } from '@tanstack/react-query';
import { type Device, WARNINGS_MESSAGES } from '@vigil/contracts';
import { Alert, Button, Empty, Modal, Spin, Table } from 'antd';
import { useNavigate } from 'react-router';
import { errorMessageOf } from '../../../api/api-error';
import { listWarnings, warningsQueryKey } from '../../../api/warnings';
import { EDIT_WARNINGS_PATH, WARNINGS_LOAD_FAILED } from '../warnings/warnings-paths';

type WarningsModalProps = { open: boolean; onClose: () => void; device: Device };

const columns = [
  { key: 'name', title: 'Name', dataIndex: 'name' },
  { key: 'sign', title: 'Sign', dataIndex: 'sign', width: 70 },
  { key: 'value', title: 'Value', dataIndex: 'value', width: 100 },
  { key: 'unit', title: 'Unit', dataIndex: 'unit', width: 90, render: (unit: string | null) => unit ?? '' },
];

/**
 * The Warnings modal (M section 2): the device's warnings (name, sign, value, unit), or the spec's text when
 * there are none; MODIFY (or ADD without warnings) opens Edit Warnings.
 */
export function WarningsModal({ open, onClose, device }: WarningsModalProps) {
  const navigate = useNavigate();
  const warnings = useQuery({
    queryKey: warningsQueryKey(device.id),
    queryFn: ({ signal }) => listWarnings(device.id, signal),
    enabled: open,
  });
  const hasWarnings = (warnings.data?.length ?? 0) > 0;
  const handleEdit = () => {
    onClose();
    navigate(EDIT_WARNINGS_PATH);
  };

  return (
    <Modal
      open={open}
      onCancel={onClose}
      title="Warnings"
      destroyOnHidden
      width={640}
      footer={
        <Button
          type="primary"
          disabled={warnings.data === undefined}
          onClick={handleEdit}
          data-testid="warnings-edit"
        >
          {hasWarnings ? 'MODIFY' : 'ADD'}
        </Button>
      }
    >
      {warnings.isError ? (
        <Alert type="error" showIcon title={errorMessageOf(warnings.error, WARNINGS_LOAD_FAILED)} />
      ) : warnings.data === undefined ? (
        <Spin />
      ) : hasWarnings ? (
        <Table
          size="small"
          rowKey="id"
          columns={columns}
          dataSource={warnings.data}
          pagination={false}
          scroll={{ x: 'max-content' }}
          data-testid="warnings-list"
        />
      ) : (
        <Empty description={WARNINGS_MESSAGES.empty} data-testid="warnings-empty" />
      )}
    </Modal>
  );
}

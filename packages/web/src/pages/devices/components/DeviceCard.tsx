import { EditOutlined } from '@ant-design/icons';
import { DEVICE_TYPE_LABELS, type Device } from '@vigil/contracts';
import { Card, Tag, Tooltip, Typography } from 'antd';
import { Link } from 'react-router';
import { cardUdfId, type DeviceState, deviceState } from '../device-rules';

const STATE_COLORS: Record<DeviceState, string> = {
  Active: 'green',
  Suspended: 'orange',
  Offline: 'default',
};

type DeviceCardProps = {
  device: Device;
  canOpen: boolean;
  isSelecting: boolean;
  onSelect: (device: Device) => void;
};

/** One device: title, type, UDF id, state and, with edit rights, the edit icon (A section 2 'Devices page'). */
export function DeviceCard({ device, canOpen, isSelecting, onSelect }: DeviceCardProps) {
  const state = deviceState(device);
  const udfId = cardUdfId(device);
  const open = () => {
    if (canOpen) {
      onSelect(device);
    }
  };
  const edit = device.can_edit ? (
    <Tooltip title="Edit device">
      <Link
        to={`/devices/edit/device/${device.id}`}
        aria-label={`Edit ${device.title}`}
        onClick={(event) => event.stopPropagation()}
        data-testid={`device-edit-${device.id}`}
      >
        <EditOutlined />
      </Link>
    </Tooltip>
  ) : null;
  return (
    <Card
      hoverable={canOpen}
      title={device.title}
      extra={edit}
      loading={isSelecting}
      className={`device-card device-card-${state.toLowerCase()}`}
      onClick={open}
      onKeyDown={(event) => {
        if (event.key === 'Enter') {
          open();
        }
      }}
      tabIndex={0}
      role="button"
      aria-label={canOpen ? `Open ${device.title}` : `${device.title} (${state})`}
      data-testid={`device-card-${device.id}`}
      style={canOpen ? undefined : { cursor: 'not-allowed' }}
    >
      <Typography.Paragraph type="secondary" style={{ marginBottom: 8 }}>
        {DEVICE_TYPE_LABELS[device.device_type]}
        {udfId === null ? null : ` · UDF ${udfId}`}
      </Typography.Paragraph>
      <Tag color={STATE_COLORS[state]} data-testid={`device-state-${device.id}`}>
        {state}
      </Tag>
    </Card>
  );
}

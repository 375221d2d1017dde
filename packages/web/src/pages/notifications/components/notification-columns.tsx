import { Button, Tag, Tooltip, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { formatSiteTime } from '../../../time/site-time';
import type { NotificationTab } from '../notification-filters';
import { canAcknowledge, inAlarmText, type NotificationRow } from '../notification-rows';
import { typeTagStyle } from '../type-tag-style';

function acknowledgedText(row: NotificationRow): string {
  const { acknowledged } = row;
  if (acknowledged === null) {
    return '';
  }
  const at = formatSiteTime(acknowledged.at * 1000, row.timeZone);
  return `Acknowledged by ${acknowledged.by} at ${at}`;
}

/** The table's columns (M section 2): time, site, device, sensor, type, content, value, In alarm, action. */
export function notificationColumns(
  tab: NotificationTab,
  onAcknowledge: (row: NotificationRow) => void,
): ColumnsType<NotificationRow> {
  return [
    { title: 'Time', dataIndex: 'time', key: 'time', width: 124 },
    { title: 'Site', dataIndex: 'site', key: 'site' },
    { title: 'Device', dataIndex: 'device', key: 'device', render: (value) => value ?? '—' },
    {
      title: 'Sensor name',
      dataIndex: 'sensorName',
      key: 'sensor',
      // The content names the sensor and the value: narrow screens (tablet, below 992 px) leave both out.
      responsive: ['lg'],
      render: (value) => value ?? '—',
    },
    {
      title: 'Type',
      dataIndex: 'label',
      key: 'type',
      width: 130,
      render: (label: string, row) => (
        <>
          <Tag
            data-testid="notification-type"
            style={{ ...typeTagStyle(row.color), marginInlineEnd: 0, whiteSpace: 'normal' }}
          >
            {label}
          </Tag>
          {row.isShelved ? (
            <Tooltip title="The sensor was shelved: no e-mail, escalation, toast or sound">
              <Tag style={{ marginInlineEnd: 0, marginTop: 4 }} data-testid={`shelved-row-${row.id}`}>
                Shelved
              </Tag>
            </Tooltip>
          ) : null}
        </>
      ),
    },
    { title: 'Content', dataIndex: 'content', key: 'content' },
    {
      title: 'Value',
      dataIndex: 'value',
      key: 'value',
      responsive: ['lg'],
      render: (value) => value ?? '—',
    },
    {
      title: 'In alarm',
      key: 'in-alarm',
      width: 120,
      render: (_, row) => <span data-testid="in-alarm">{inAlarmText(row, tab)}</span>,
    },
    {
      title: 'Acknowledge',
      key: 'acknowledge',
      width: 150,
      render: (_, row) => (
        <>
          {acknowledgeCell(row, onAcknowledge)}
          {row.escalated === null ? null : (
            <Typography.Text type="secondary" style={{ display: 'block' }} data-testid="escalated">
              {row.escalated}
            </Typography.Text>
          )}
        </>
      ),
    },
  ];
}

function acknowledgeCell(row: NotificationRow, onAcknowledge: (row: NotificationRow) => void) {
  if (row.acknowledged !== null) {
    return (
      <Tooltip title={row.acknowledged.comment === '' ? undefined : row.acknowledged.comment}>
        <Typography.Text type="secondary" data-testid="acknowledged">
          {acknowledgedText(row)}
        </Typography.Text>
      </Tooltip>
    );
  }
  return canAcknowledge(row) ? (
    <Button size="small" onClick={() => onAcknowledge(row)} data-testid={`acknowledge-${row.id}`}>
      Acknowledge
    </Button>
  ) : null;
}

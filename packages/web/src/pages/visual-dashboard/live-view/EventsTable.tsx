import type { UseQueryResult } from '@tanstack/react-query';
import type { MachineEvent } from '@vigil/contracts';
import { Alert, Table, type TableColumnsType } from 'antd';
import { errorMessageOf } from '../../../api/api-error';
import { formatSiteTime } from '../../../time/site-time';

type EventsTableProps = {
  events: UseQueryResult<MachineEvent[]>;
  timeZone: string;
  emptyText: string;
  hasValue?: boolean;
  isCompact?: boolean;
  testId: string;
};

/**
 * Notifications or maintenance of a machine or schema (machine-activity contract): sensor, device, event type,
 * value and time in the site's zone. A list that could not be read says so instead of showing an empty one.
 */
export function EventsTable({ events, timeZone, emptyText, hasValue, isCompact, testId }: EventsTableProps) {
  if (events.error !== null) {
    const text = errorMessageOf(events.error, 'The list could not be loaded.');
    return <Alert type="warning" showIcon message={text} data-testid={`${testId}-error`} />;
  }
  const columns: TableColumnsType<MachineEvent> = [
    { title: 'Sensor', dataIndex: 'sensor_name', key: 'sensor', render: sensorCell },
    { title: 'Device', dataIndex: 'device_name', key: 'device' },
    { title: 'Event', dataIndex: 'event_type', key: 'event' },
    ...(hasValue ? [{ title: 'Value', dataIndex: 'value', key: 'value', render: valueCell }] : []),
    {
      title: 'Time',
      dataIndex: 'date_created',
      key: 'time',
      render: (seconds: number) => formatSiteTime(seconds * 1000, timeZone),
    },
  ];
  return (
    <div data-testid={testId}>
      <Table
        rowKey="id"
        size="small"
        columns={columns}
        dataSource={events.data ?? []}
        loading={events.isPending}
        pagination={
          isCompact ? { pageSize: 5, hideOnSinglePage: true } : { pageSize: 10, hideOnSinglePage: true }
        }
        locale={{ emptyText }}
        scroll={{ x: 'max-content' }}
      />
    </div>
  );
}

function sensorCell(name: string, event: MachineEvent) {
  return <span title={event.full_sensor_id}>{name === '' ? event.full_sensor_id : name}</span>;
}

function valueCell(value: string | null) {
  return value ?? '—';
}

import { Card, Table, type TableColumnsType, Tag } from 'antd';
import { formatSiteTime } from '../../../time/site-time';
import type { SensorTone } from '../live-view/live-state';
import { type MachineSensorRow, machineSensorRowsOf } from './machine-sensors';
import type { MachineDetailsPageState } from './useMachineDetailsPage';

const TONE_COLOR: Record<SensorTone, string | undefined> = {
  ok: 'green',
  warning: 'orange',
  alarm: 'red',
  muted: undefined,
  stale: undefined,
  'no-data': undefined,
};

/** 'Machine Sensors': each bound sensor and the running-state sensor with its live value, state and last alarm. */
export function MachineSensorsCard({
  page,
  machine,
}: {
  page: MachineDetailsPageState;
  machine: NonNullable<MachineDetailsPageState['machine']>;
}) {
  const devices = page.site?.devices ?? [];
  const deviceTitleOf = (udfId: string) => devices.find((device) => device.udf_id === udfId)?.title;
  const rows = machineSensorRowsOf(
    machine,
    page.readings,
    page.freshness,
    page.lastAlarms.data,
    deviceTitleOf,
  );
  const columns: TableColumnsType<MachineSensorRow> = [
    { title: 'Sensor point', dataIndex: 'pointLabel', key: 'point' },
    {
      title: 'Sensor',
      dataIndex: 'name',
      key: 'name',
      render: (name: string, row) => <span title={row.id}>{name}</span>,
    },
    { title: 'Group', dataIndex: 'groupName', key: 'group', render: (group: string) => group || '—' },
    { title: 'Device', dataIndex: 'deviceName', key: 'device' },
    {
      title: 'Value',
      key: 'value',
      render: (_, row) => (
        <span style={row.view.isStale ? { color: '#8c8c8c' } : undefined}>
          {row.view.value}
          {row.view.unit === '' ? '' : ` ${row.view.unit}`}
        </span>
      ),
    },
    {
      title: 'State',
      key: 'state',
      render: (_, row) => (
        <Tag color={TONE_COLOR[row.view.tone]} data-testid={`machine-sensor-state-${row.id}`}>
          {row.view.state}
        </Tag>
      ),
    },
    {
      title: 'Last time in alarm',
      key: 'last-alarm',
      render: (_, row) =>
        row.lastAlarm === null ? 'Never' : formatSiteTime(row.lastAlarm * 1000, page.timeZone),
    },
  ];
  return (
    <Card size="small" title="Machine Sensors" data-testid="machine-sensors">
      <Table
        rowKey="id"
        size="small"
        columns={columns}
        dataSource={rows}
        pagination={false}
        scroll={{ x: 'max-content' }}
        locale={{ emptyText: 'No sensor is bound on this machine.' }}
      />
    </Card>
  );
}

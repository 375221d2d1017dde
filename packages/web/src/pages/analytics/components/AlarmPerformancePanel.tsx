import { useQuery } from '@tanstack/react-query';
import { type AlarmPerformance, ANALYTICS_MESSAGES, alarmNotificationsLink } from '@vigil/contracts';
import { Alert, Card, Empty, Spin, Statistic, Table, Typography } from 'antd';
import { Link } from 'react-router';
import { alarmPerformanceQuery } from '../../../api/analytics';
import { errorMessageOf } from '../../../api/api-error';
import styles from '../analytics.module.css';
import { durationText, utcDayOf, utcMinuteOf } from '../performance-format';

type PanelProps = { siteId: number; days: { start: string; end: string } };

type SensorRow = AlarmPerformance['top_sensors'][number];
type ChatterRow = AlarmPerformance['chattering'][number];
type StandingRow = AlarmPerformance['standing'][number];

/** Beyond the spec: ALARM PERFORMANCE of the device's site for the generated range; every figure links to its notifications. */
export function AlarmPerformancePanel({ siteId, days }: PanelProps) {
  const query = useQuery(alarmPerformanceQuery(siteId, days));
  if (query.isError) {
    return (
      <Alert type="warning" showIcon title={errorMessageOf(query.error, ANALYTICS_MESSAGES.fetchError)} />
    );
  }
  if (query.data === undefined) {
    return <Spin data-testid="performance-loading" />;
  }
  return <PerformanceFigures figures={query.data} />;
}

function PerformanceFigures({ figures }: { figures: AlarmPerformance }) {
  const siteId = figures.location.id;
  const range = { siteId, from: figures.start, to: figures.end };
  const sensorLink = (row: { device_id: number; sensor_name: string }, days = range) =>
    alarmNotificationsLink({ ...days, deviceId: row.device_id, search: row.sensor_name });
  const siteLink = alarmNotificationsLink(range);
  const peakDay = figures.peak === null ? null : utcDayOf(figures.peak.start);
  const sensorColumn = {
    title: 'Sensor',
    key: 'sensor',
    render: (_: unknown, row: SensorRow | ChatterRow | StandingRow) => (
      <Link to={sensorLink(row)} data-testid="performance-sensor-link">
        {row.sensor_name}
      </Link>
    ),
  };
  const deviceColumn = { title: 'Device', dataIndex: 'device_title', key: 'device' };
  const rowKey = (row: { device_id: number; sensor_id: string }) => `${row.device_id}:${row.sensor_id}`;

  return (
    <div data-testid="performance-panel">
      <Typography.Paragraph type="secondary">
        {figures.location.title}, {figures.start} to {figures.end} (UTC days), all devices of the site with
        analytics.
      </Typography.Paragraph>
      <div className={styles.figures}>
        <Card size="small">
          <Link to={siteLink} data-testid="performance-average">
            <Statistic title="Alarms per hour (average)" value={figures.average_per_hour} precision={2} />
          </Link>
          <Typography.Text type="secondary">
            {figures.total_alarms} alarms in {figures.hours} h
          </Typography.Text>
          <Typography.Text type="secondary" style={{ display: 'block' }} data-testid="performance-shelved">
            {figures.shelved_alarms} shelved alarms (not counted)
          </Typography.Text>
        </Card>
        <Card size="small">
          {figures.peak === null || peakDay === null ? (
            <Statistic title="Peak rate (10 min, per hour)" value={0} />
          ) : (
            <>
              <Link
                to={alarmNotificationsLink({ siteId, from: peakDay, to: peakDay })}
                data-testid="performance-peak"
              >
                <Statistic title="Peak rate (10 min, per hour)" value={figures.peak.per_hour} />
              </Link>
              <Typography.Text type="secondary">
                {figures.peak.alarms} alarms from {utcMinuteOf(figures.peak.start)}
              </Typography.Text>
            </>
          )}
        </Card>
        <Card size="small">
          <Link to={siteLink} data-testid="performance-median">
            <Statistic title="Median time to clear" value={durationText(figures.median_clear_seconds)} />
          </Link>
          <Typography.Text type="secondary">over {figures.cleared_alarms} cleared alarms</Typography.Text>
        </Card>
        <Card size="small">
          <Link to={siteLink} data-testid="performance-standing-count">
            <Statistic title="Standing alarms (over 24 h)" value={figures.standing_count} />
          </Link>
          <Typography.Text type="secondary">{figures.chattering.length} chattering sensors</Typography.Text>
        </Card>
      </div>
      <Typography.Title level={5}>Top 10 sensors</Typography.Title>
      <Table<SensorRow>
        size="small"
        pagination={false}
        rowKey={rowKey}
        dataSource={figures.top_sensors}
        locale={{ emptyText: <Empty description="No alarms in the range" /> }}
        columns={[
          sensorColumn,
          deviceColumn,
          { title: 'Alarms', dataIndex: 'alarms', key: 'alarms' },
          { title: 'Share', key: 'share', render: (_, row) => `${row.share} %` },
        ]}
        data-testid="performance-top"
      />
      <Typography.Title level={5}>Chattering sensors (3 or more alarms within 60 s)</Typography.Title>
      <Table<ChatterRow>
        size="small"
        pagination={false}
        rowKey={rowKey}
        dataSource={figures.chattering}
        locale={{ emptyText: 'No chattering sensor' }}
        columns={[
          sensorColumn,
          deviceColumn,
          { title: 'Alarms', dataIndex: 'alarms', key: 'alarms' },
          { title: 'Bursts', dataIndex: 'bursts', key: 'bursts' },
        ]}
        data-testid="performance-chattering"
      />
      <Typography.Title level={5}>Standing alarms (not cleared within 24 h)</Typography.Title>
      <Table<StandingRow>
        size="small"
        pagination={false}
        rowKey={(row) => `${rowKey(row)}:${row.raised_at}`}
        dataSource={figures.standing}
        locale={{ emptyText: 'No standing alarm' }}
        columns={[
          sensorColumn,
          deviceColumn,
          { title: 'Raised', key: 'raised', render: (_, row) => utcMinuteOf(row.raised_at) },
          {
            title: 'Cleared',
            key: 'cleared',
            render: (_, row) => (row.cleared_at === null ? 'Still open' : utcMinuteOf(row.cleared_at)),
          },
          { title: 'Hours open', dataIndex: 'hours_open', key: 'hours' },
        ]}
        data-testid="performance-standing"
      />
    </div>
  );
}

import { useMutation, useQuery } from '@tanstack/react-query';
import {
  MAINTENANCE_EVENTS,
  MAINTENANCE_NO_COMMENT,
  type MachineEvent,
  type MachineSensorJson,
  type SiteDevice,
} from '@vigil/contracts';
import { Alert, Button, Divider, Flex, Typography } from 'antd';
import { Link } from 'react-router';
import { errorMessageOf } from '../../../api/api-error';
import { deviceKeys } from '../../../api/devices';
import { postMaintenanceStep } from '../../../api/maintenance';
import { getDeviceProofTests } from '../../../api/proof-tests';
import { sensorGraphPath } from '../../dashboard/dashboard-paths';
import type { SensorView } from './live-state';
import styles from './live-view.module.css';
import { SensorTooltip } from './SensorTooltip';
import {
  lastPassedText,
  lastTestText,
  maintenanceDashboardPath,
  sensorActionsOf,
  siteDeviceOf,
} from './sensor-act';

/** What the live view knows to act on a sensor point: the site, who is looking, and the schema's active alarms. */
export type PointActContext = {
  timeZone: string;
  canEdit: boolean;
  alarms: readonly MachineEvent[];
  devices: readonly SiteDevice[] | undefined;
  onAcknowledge: (event: MachineEvent) => void;
};

type SensorPanelProps = {
  sensor: MachineSensorJson['sensor'];
  view: SensorView;
  pointLabel: string;
  act: PointActContext;
};

const START_FAILED = 'The maintenance test could not be started. Please try again.';

/**
 * The panel of a clicked sensor point ('Act from the picture'): the sensor named so a person can find it, its live
 * value and state, its last maintenance test whatever its outcome (and the last passed one when that differs),
 * and what the person may do: open its graph, acknowledge its active alarm, start a maintenance test (editors;
 * then a link to the dashboard where the test runs).
 */
export function SensorPanel({ sensor, view, pointLabel, act }: SensorPanelProps) {
  const device = siteDeviceOf(act.devices, sensor.id);
  const actions = sensorActionsOf({
    fullSensorId: sensor.id,
    canEdit: act.canEdit,
    alarms: act.alarms,
    device,
  });
  const proof = useQuery({
    queryKey: [...deviceKeys.one(device?.id ?? 0), 'proof-tests'],
    queryFn: ({ signal }) => getDeviceProofTests(device?.id ?? 0, signal),
    enabled: device !== null,
    retry: 1,
  });
  const start = useMutation({
    mutationFn: (deviceId: number) =>
      postMaintenanceStep(deviceId, {
        event_type: MAINTENANCE_EVENTS.expectAlarmOn,
        sensor_id: sensor.id,
        sensor_name: sensor.name,
        comment: MAINTENANCE_NO_COMMENT,
        maintenance_time: Date.now(),
      }),
  });
  const row = proof.data?.sensors.find((item) => item.sensor_id === sensor.id);
  const lastTest =
    device === null
      ? 'Not known (the site does not list this device).'
      : proof.isError
        ? 'Not known (the report could not be read).'
        : proof.isPending
          ? 'Loading…'
          : lastTestText(row, act.timeZone);
  const lastPassed = proof.isSuccess ? lastPassedText(row, act.timeZone) : null;
  return (
    <div className={styles.panel} data-testid="live-sensor-panel">
      <SensorTooltip sensor={sensor} view={view} pointLabel={pointLabel} />
      <div data-testid="live-sensor-last-test">Last maintenance test: {lastTest}</div>
      {lastPassed === null ? null : (
        <Typography.Text type="secondary" data-testid="live-sensor-last-passed" style={{ display: 'block' }}>
          {lastPassed}
        </Typography.Text>
      )}
      {actions.acknowledge === null ? null : (
        <Typography.Text type="danger" style={{ display: 'block', marginTop: 4 }}>
          Active: {actions.acknowledge.event_type}
        </Typography.Text>
      )}
      <Divider style={{ margin: '8px 0' }} />
      <Flex gap={8} wrap>
        <Link to={sensorGraphPath(sensor.id, null)} data-testid="live-sensor-graph">
          <Button size="small">Open graph</Button>
        </Link>
        {actions.acknowledge === null ? null : (
          <Button size="small" danger onClick={() => act.onAcknowledge(actions.acknowledge as MachineEvent)}>
            Acknowledge
          </Button>
        )}
        {actions.startTest && device !== null && !start.isSuccess ? (
          <Button size="small" loading={start.isPending} onClick={() => start.mutate(device.id)}>
            Start maintenance test
          </Button>
        ) : null}
      </Flex>
      {start.isError ? (
        <Alert
          type="error"
          showIcon
          title={errorMessageOf(start.error, START_FAILED)}
          style={{ marginTop: 8 }}
        />
      ) : null}
      {start.isSuccess && device !== null ? (
        <Alert
          type="success"
          showIcon
          style={{ marginTop: 8 }}
          title={
            <span>
              Test started. <Link to={maintenanceDashboardPath(device.id)}>Open the dashboard</Link> to run
              it.
            </span>
          }
        />
      ) : null}
    </div>
  );
}

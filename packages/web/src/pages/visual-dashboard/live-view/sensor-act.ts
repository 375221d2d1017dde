import {
  MAINTENANCE_EVENTS,
  MAINTENANCE_STEP_LABELS,
  type MachineEvent,
  type ProofTestSensor,
} from '@vigil/contracts';
import { formatSiteMinute } from '../../../time/site-time';
import {
  DASHBOARD_PATH,
  MAINTENANCE_MODE_QUERY,
  MAINTENANCE_MODE_VALUE,
} from '../../dashboard/dashboard-paths';
import { LINKED_DEVICE_QUERY } from '../../dashboard/hooks/useLinkedDevice';
import { deviceOfSensor } from './live-state';

/**
 * 'Act from the picture' (docs/visual-dashboard.md): what the panel of a clicked sensor point offers a person.
 * Everyone may open the sensor's graph; an active alarm of the sensor (the schema's Active alarms list) may be
 * acknowledged; an editor of the site may start a maintenance test on a device the site lists (and is online).
 */

export type SensorActions = {
  openGraph: true;
  /** The newest active alarm or warning of the sensor, to acknowledge; null when it has none. */
  acknowledge: MachineEvent | null;
  /** Start a maintenance test: editors only, on a known, online device, while no test of it is open. */
  startTest: boolean;
};

export type SensorActionInput = {
  fullSensorId: string;
  canEdit: boolean;
  alarms: readonly MachineEvent[];
  /** The site's device of the sensor (by udf_id), or null when the site does not list it. */
  device: { id: number; is_online: boolean } | null;
};

export function activeAlarmOf(alarms: readonly MachineEvent[], fullSensorId: string): MachineEvent | null {
  const own = alarms.filter((event) => event.full_sensor_id === fullSensorId);
  return own.reduce<MachineEvent | null>(
    (newest, event) => (newest === null || event.date_created > newest.date_created ? event : newest),
    null,
  );
}

export function sensorActionsOf(input: SensorActionInput): SensorActions {
  return {
    openGraph: true,
    acknowledge: activeAlarmOf(input.alarms, input.fullSensorId),
    startTest: input.canEdit && input.device?.is_online === true,
  };
}

/** The site's device a full sensor id belongs to (its first part is the device's udf_id). */
export function siteDeviceOf<Device extends { udf_id: string }>(
  devices: readonly Device[] | undefined,
  fullSensorId: string,
): Device | null {
  const udfId = deviceOfSensor(fullSensorId);
  return devices?.find((device) => device.udf_id === udfId) ?? null;
}

export const NEVER_TESTED = 'Never tested';

function timeAndEngineer(test: { time: number; engineer: string }, timeZone: string): string {
  const by = test.engineer.trim() === '' ? '' : ` by ${test.engineer.trim()}`;
  return `${formatSiteMinute(test.time, timeZone)}${by}`;
}

/**
 * The sensor's last maintenance test whatever its outcome, named as the maintenance log names it ('Test
 * succeeded', 'Test failed' — it timed out —, 'Test canceled'), its time in the site's zone and who ran it.
 */
export function lastTestText(
  row: Pick<ProofTestSensor, 'last_result'> | undefined,
  timeZone: string,
): string {
  const test = row?.last_result ?? null;
  if (test === null) {
    return NEVER_TESTED;
  }
  return `${MAINTENANCE_STEP_LABELS[test.event_type]} ${timeAndEngineer(test, timeZone)}`;
}

/** When the last test did not pass, the last one that did (the sensor's proof), or null. */
export function lastPassedText(
  row: Pick<ProofTestSensor, 'last_result' | 'last_test'> | undefined,
  timeZone: string,
): string | null {
  const passed = row?.last_test ?? null;
  if (passed === null || row?.last_result?.event_type === MAINTENANCE_EVENTS.succeeded) {
    return null;
  }
  return `Last passed: ${timeAndEngineer(passed, timeZone)}`;
}

/** The dashboard of the device in maintenance mode, where a started test runs. */
export function maintenanceDashboardPath(deviceId: number): string {
  return `${DASHBOARD_PATH}?${LINKED_DEVICE_QUERY}=${deviceId}&${MAINTENANCE_MODE_QUERY}=${MAINTENANCE_MODE_VALUE}`;
}

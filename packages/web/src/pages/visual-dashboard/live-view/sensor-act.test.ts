import {
  MAINTENANCE_EVENTS,
  type MachineEvent,
  type ProofTestLastResult,
  type VisualSchema,
} from '@vigil/contracts';
import { describe, expect, it } from 'vitest';
import { alarmedTabsOf, tabAlarmLabel } from './alarm-tabs';
import {
  activeAlarmOf,
  lastPassedText,
  lastTestText,
  maintenanceDashboardPath,
  NEVER_TESTED,
  sensorActionsOf,
  siteDeviceOf,
} from './sensor-act';

const event = (id: number, fullSensorId: string, dateCreated: number): MachineEvent => ({
  id,
  content: 'Alarm Detected',
  date_created: dateCreated,
  device_id: 7,
  device_name: 'Leg WDC4',
  event_type: 'Alarm',
  full_sensor_id: fullSensorId,
  sensor_id: fullSensorId.split('.').slice(1).join('.'),
  sensor_name: 'Plug Switch',
  value: null,
});

const alarms = [event(1, 'W1.plug.1', 100), event(2, 'W1.plug.1', 200), event(3, 'W1.tmp.1', 300)];
const online = { id: 7, is_online: true };

describe('sensorActionsOf (which actions a person gets)', () => {
  it('gives an editor every action for a sensor in alarm on an online device', () => {
    const actions = sensorActionsOf({ fullSensorId: 'W1.plug.1', canEdit: true, alarms, device: online });
    expect(actions).toEqual({ openGraph: true, acknowledge: alarms[1], startTest: true });
  });

  it('offers acknowledge only for a sensor with an active alarm', () => {
    const actions = sensorActionsOf({ fullSensorId: 'W1.head.1', canEdit: true, alarms, device: online });
    expect(actions.acknowledge).toBeNull();
    expect(actions.openGraph).toBe(true);
  });

  it('never offers a maintenance test to a viewer, nor on an offline or unknown device', () => {
    const input = { fullSensorId: 'W1.plug.1', alarms };
    expect(sensorActionsOf({ ...input, canEdit: false, device: online }).startTest).toBe(false);
    expect(sensorActionsOf({ ...input, canEdit: true, device: { id: 7, is_online: false } }).startTest).toBe(
      false,
    );
    expect(sensorActionsOf({ ...input, canEdit: true, device: null }).startTest).toBe(false);
    // A viewer may still acknowledge (as on the notifications page) and open the graph.
    expect(sensorActionsOf({ ...input, canEdit: false, device: online }).acknowledge?.id).toBe(2);
  });
});

describe('activeAlarmOf and siteDeviceOf', () => {
  it('answers the newest active alarm of the sensor', () => {
    expect(activeAlarmOf(alarms, 'W1.plug.1')?.id).toBe(2);
    expect(activeAlarmOf([], 'W1.plug.1')).toBeNull();
  });

  it("finds the site's device by the sensor id's first part", () => {
    const devices = [
      { id: 7, udf_id: 'W1' },
      { id: 8, udf_id: 'W10' },
    ];
    expect(siteDeviceOf(devices, 'W10.plug.1')?.id).toBe(8);
    expect(siteDeviceOf(devices, 'X1.plug.1')).toBeNull();
    expect(siteDeviceOf(undefined, 'W1.plug.1')).toBeNull();
  });
});

describe('lastTestText and maintenanceDashboardPath', () => {
  const time = Date.UTC(2026, 10, 2, 8, 30);
  const result = (event_type: ProofTestLastResult['event_type'], engineer = 'Morgan Manager') => ({
    event_type,
    time,
    engineer,
    comment: '',
  });

  it("says 'Never tested' without a finished test, else its outcome as the maintenance log names it", () => {
    expect(lastTestText(undefined, 'UTC')).toBe(NEVER_TESTED);
    expect(lastTestText({ last_result: null }, 'UTC')).toBe(NEVER_TESTED);
    const passed = lastTestText({ last_result: result(MAINTENANCE_EVENTS.succeeded) }, 'Europe/London');
    expect(passed).toMatch(/^Test succeeded .*08:30 .* by Morgan Manager$/);
    expect(lastTestText({ last_result: result(MAINTENANCE_EVENTS.failed) }, 'UTC')).toMatch(
      /^Test failed .*08:30 .* by Morgan Manager$/,
    );
    const anonymous = lastTestText({ last_result: result(MAINTENANCE_EVENTS.canceled, ' ') }, 'UTC');
    expect(anonymous).toMatch(/^Test canceled .*08:30/);
    expect(anonymous).not.toContain(' by ');
  });

  it("gives the time in the site's zone", () => {
    const chicago = lastTestText({ last_result: result(MAINTENANCE_EVENTS.failed) }, 'America/Chicago');
    expect(chicago).toMatch(/02:30/);
  });

  it('names the last passed test only when the last test did not pass', () => {
    const proof = { time, engineer: 'Avery Alarm', comment: '' };
    expect(
      lastPassedText({ last_result: result(MAINTENANCE_EVENTS.failed), last_test: proof }, 'UTC'),
    ).toMatch(/^Last passed: .*08:30 .* by Avery Alarm$/);
    expect(
      lastPassedText({ last_result: result(MAINTENANCE_EVENTS.succeeded), last_test: proof }, 'UTC'),
    ).toBeNull();
    expect(
      lastPassedText({ last_result: result(MAINTENANCE_EVENTS.canceled), last_test: null }, 'UTC'),
    ).toBeNull();
    expect(lastPassedText(undefined, 'UTC')).toBeNull();
  });

  it('opens the dashboard of the device in maintenance mode', () => {
    expect(maintenanceDashboardPath(7)).toBe('/dashboard?device=7&mode=maintenance');
  });
});

describe('alarmedTabsOf (which tabs are marked)', () => {
  const tabs: VisualSchema['schema_tabs'] = [
    { id: 1, name: 'Receiving', sensors_ids: [{ 'W1.plug.1': { machine_name: 'Leg 1' } }] },
    {
      id: 2,
      name: 'Shipping',
      sensors_ids: [{ 'W1.tmp.1': { machine_name: 'Leg 2' } }, { 'W1.tmp.2': { machine_name: 'Leg 2' } }],
    },
    { id: 3, name: 'Spare', sensors_ids: [] },
  ];

  it('marks each tab binding a sensor in alarm, counting its sensors in alarm once each', () => {
    const marked = alarmedTabsOf(tabs, [...alarms, event(4, 'W1.tmp.2', 400)]);
    expect([...marked]).toEqual([
      [1, 1],
      [2, 2],
    ]);
  });

  it('marks nothing without active alarms, or for alarms of sensors no tab binds', () => {
    expect(alarmedTabsOf(tabs, []).size).toBe(0);
    expect(alarmedTabsOf(tabs, [event(5, 'Z9.plug.1', 1)]).size).toBe(0);
  });

  it('labels the mark for assistive technology', () => {
    expect(tabAlarmLabel('Shipping', 2)).toBe('Shipping: 2 sensors in alarm');
    expect(tabAlarmLabel('Receiving', 1)).toBe('Receiving: 1 sensor in alarm');
  });
});

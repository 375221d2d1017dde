import type { Sensor } from '@vigil/contracts';
import { describe, expect, it } from 'vitest';
import { filtersFromLocation } from '../../notifications/notification-filters';
import type { LiveReadings } from '../diagram/live-readings';
import {
  alarmingSensorsKey,
  freshnessOf,
  freshnessOfKey,
  isSameMachineView,
  isSameSensorView,
  machineSensorIdsOf,
  machineViewOf,
  offlineDevicesKey,
  sensorViewOf,
} from './live-state';
import { siteMaintenancePath } from './notification-links';
import { copyNameOf, correspondingTabId, tabRedirectOf } from './tab-routing';

const sensor = (overrides: Partial<Sensor> = {}): Sensor => ({
  Id: 1,
  Name: 'Head Temp',
  Type: 'NUMERIC',
  Value: 71.5,
  Status: 'OK',
  Alarm: false,
  Meta: { Units: '°F', NumDecimalPoints: 1 },
  ...overrides,
});

const readingsOf = (entries: Array<[string, Sensor]>): LiveReadings =>
  new Map(entries.map(([id, value]) => [id, { sensor: value, deviceId: id.split('.')[0] ?? '', time: 0 }]));

const live = freshnessOf(true, [
  { udf_id: 'A', is_online: true },
  { udf_id: 'B', is_online: false },
]);
const reconnecting = freshnessOf(false, [{ udf_id: 'A', is_online: true }]);

describe('sensorViewOf', () => {
  it('shows a live reading with its unit and status', () => {
    const reading = readingsOf([['A.g.1', sensor()]]).get('A.g.1');
    expect(sensorViewOf('A.g.1', reading, live)).toEqual({
      tone: 'ok',
      value: '71.5',
      unit: '°F',
      state: 'OK',
      isStale: false,
    });
  });

  it("says 'No data' for a sensor nothing was heard from", () => {
    expect(sensorViewOf('A.g.1', undefined, live)).toMatchObject({ tone: 'no-data', value: 'No data' });
  });

  it("greys an offline device's last value and says 'Offline' rather than OK", () => {
    const reading = readingsOf([['B.g.1', sensor()]]).get('B.g.1');
    expect(sensorViewOf('B.g.1', reading, live)).toMatchObject({
      tone: 'stale',
      value: '71.5',
      state: 'Offline',
      isStale: true,
    });
    expect(sensorViewOf('B.g.1', undefined, live)).toMatchObject({ tone: 'stale', state: 'Offline' });
  });

  it('greys every reading while the socket is not live', () => {
    const reading = readingsOf([['A.g.1', sensor({ Status: 'Alarm', Alarm: true })]]).get('A.g.1');
    expect(sensorViewOf('A.g.1', reading, reconnecting)).toMatchObject({ tone: 'stale', isStale: true });
  });
});

describe('machineViewOf', () => {
  const machine = (ids: string[], state: string | null = null) => ({
    sensors: ids.map((id, index) => ({
      sensor_point: index + 1,
      sensor: { id, name: id, group_name: '', device: { name: 'D' } },
    })),
    system_state_sensor: state,
  });
  const running = sensor({ Type: 'BOOL', Value: 1, Meta: { State: 'Running' } });

  it('blinks in alarm while the state sensor says Running', () => {
    const readings = readingsOf([
      ['A.g.1', sensor({ Status: 'Alarm', Alarm: true })],
      ['A.s.1', running],
    ]);
    expect(machineViewOf(machine(['A.g.1'], 'A.s.1'), readings, live)).toEqual({
      picture: 'alarm',
      blinks: true,
      hasOfflineDevice: false,
    });
  });

  it('does not blink while the socket reconnects', () => {
    const readings = readingsOf([
      ['A.g.1', sensor({ Status: 'WARNING' })],
      ['A.s.1', running],
    ]);
    expect(machineViewOf(machine(['A.g.1'], 'A.s.1'), readings, reconnecting)).toMatchObject({
      picture: 'warning',
      blinks: false,
    });
  });

  it("claims no alarm from an offline device's last reading", () => {
    const readings = readingsOf([['B.g.1', sensor({ Status: 'Alarm', Alarm: true })]]);
    expect(machineViewOf(machine(['B.g.1']), readings, live)).toEqual({
      picture: 'stopped',
      blinks: false,
      hasOfflineDevice: true,
    });
  });
});

describe('tab routing', () => {
  const schema = {
    id: 5,
    location: 1,
    is_published: false,
    schema_tabs: [
      { id: 10, name: 'A', sensors_ids: [] },
      { id: 11, name: 'B', sensors_ids: [] },
    ],
  };

  it('keeps a tab of the schema and sends any other id to the first tab', () => {
    expect(tabRedirectOf(schema, 11, false)).toBeNull();
    expect(tabRedirectOf(schema, 99, false)).toBe('/visual-dashboard/site/1/schemas/5/tabs/10');
  });

  it('sends a schema without tabs to a new tab for editors and to the list for others', () => {
    const empty = { ...schema, schema_tabs: [] };
    expect(tabRedirectOf(empty, 10, true)).toBe('/visual-dashboard/site/1/schemas/5/new-tab');
    expect(tabRedirectOf(empty, 10, false)).toBe('/visual-dashboard/site/1/schemas/');
  });

  it("finds the new version's tab at the same place in the strip", () => {
    const copy = { ...schema, id: 6, schema_tabs: [20, 21].map((id) => ({ id, name: '', sensors_ids: [] })) };
    expect(correspondingTabId(schema, copy, 11)).toBe(21);
  });

  it('names the copy within the name limit', () => {
    expect(copyNameOf('Plant', 100)).toBe('Plant (copy)');
    expect(copyNameOf('x'.repeat(100), 100)).toHaveLength(100);
  });
});

describe('siteMaintenancePath', () => {
  it('opens the notifications page filtered to maintenance, on the tab that holds maintenance records', () => {
    const url = new URL(siteMaintenancePath(3), 'http://x');
    expect(url.pathname).toBe('/notifications/site/3');
    expect(filtersFromLocation(url.searchParams, { siteId: '3', isAll: false })).toMatchObject({
      siteId: 3,
      type: 'maintenance',
      tab: 'historical',
    });
  });
});

describe('alarmingSensorsKey', () => {
  it('names the sensors in alarm, sorted, so a change of the set is seen', () => {
    const readings = readingsOf([
      ['A.tmp.2', sensor({ Alarm: true })],
      ['A.tmp.1', sensor({ Alarm: true })],
      ['A.plug.1', sensor()],
    ]);
    expect(alarmingSensorsKey(readings)).toBe('A.tmp.1,A.tmp.2');
    expect(alarmingSensorsKey(readingsOf([['A.plug.1', sensor()]]))).toBe('');
  });
});

describe('views compared', () => {
  it('calls a new reading of the same value and state the same view, and a new value or greying not', () => {
    const first = sensorViewOf('A.g.1', readingsOf([['A.g.1', sensor()]]).get('A.g.1'), live);
    const again = sensorViewOf('A.g.1', readingsOf([['A.g.1', sensor()]]).get('A.g.1'), live);
    const moved = sensorViewOf('A.g.1', readingsOf([['A.g.1', sensor({ Value: 72 })]]).get('A.g.1'), live);
    const greyed = sensorViewOf('A.g.1', readingsOf([['A.g.1', sensor()]]).get('A.g.1'), reconnecting);
    expect(isSameSensorView(first, again)).toBe(true);
    expect(isSameSensorView(first, moved)).toBe(false);
    expect(isSameSensorView(first, greyed)).toBe(false);
  });

  it('tells a machine view apart by picture, blinking and offline tag', () => {
    const view = { picture: 'alarm' as const, blinks: true, hasOfflineDevice: false };
    expect(isSameMachineView(view, { ...view })).toBe(true);
    expect(isSameMachineView(view, { ...view, blinks: false })).toBe(false);
    expect(isSameMachineView(view, { ...view, picture: 'warning' })).toBe(false);
    expect(isSameMachineView(view, { ...view, hasOfflineDevice: true })).toBe(false);
  });

  it("follows a machine's bound sensors and its running-state sensor", () => {
    const machine = (ids: string[], state: string | null) => ({
      sensors: ids.map((id, index) => ({
        sensor_point: index + 1,
        sensor: { id, name: id, group_name: '', device: { name: 'D' } },
      })),
      system_state_sensor: state,
    });
    expect(machineSensorIdsOf(machine(['A.g.1', 'A.g.2'], 'A.s.2'))).toEqual(['A.g.1', 'A.g.2', 'A.s.2']);
    expect(machineSensorIdsOf(machine(['A.g.1'], null))).toEqual(['A.g.1']);
  });
});

describe('offlineDevicesKey', () => {
  it('is the same for the same devices offline, whatever the order or the online ones, so a new answer redraws nothing', () => {
    const first = offlineDevicesKey([
      { udf_id: 'B', is_online: false },
      { udf_id: 'A', is_online: false },
      { udf_id: 'C', is_online: true },
    ]);
    const again = offlineDevicesKey([
      { udf_id: 'A', is_online: false },
      { udf_id: 'C', is_online: true },
      { udf_id: 'B', is_online: false },
    ]);
    expect(again).toBe(first);
    expect(offlineDevicesKey([{ udf_id: 'A', is_online: false }])).not.toBe(first);
    expect(offlineDevicesKey([{ udf_id: 'A', is_online: true }])).toBe('');
    const freshness = freshnessOfKey(true, first);
    expect([freshness.isDeviceOnline('A'), freshness.isDeviceOnline('C')]).toEqual([false, true]);
    expect(freshnessOfKey(true, '').isDeviceOnline('A')).toBe(true);
  });
});

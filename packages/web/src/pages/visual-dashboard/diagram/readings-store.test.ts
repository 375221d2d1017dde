import type { Sensor, StateTree } from '@vigil/contracts';
import { describe, expect, it } from 'vitest';
import { createReadingsStore } from './readings-store';

const sensor = (id: number, value: number, alarm = false): Sensor => ({
  Id: id,
  Name: `Sensor ${id}`,
  Status: alarm ? 'Alarm' : 'OK',
  Alarm: alarm,
  Type: 'NUMERIC',
  Value: value,
  Meta: {},
});

/** A tree of one group 'head' holding the given sensors. */
const tree = (deviceId: string, sensors: Sensor[]): StateTree => ({
  Id: 1,
  Name: 'Leg',
  Status: 'OK',
  Alarm: false,
  time: 1_700_000_000,
  device: { deviceId, deviceType: '0300' },
  sensors: [],
  groups: [{ Id: 'head', Name: 'Head', Status: 'OK', Alarm: false, sensors }],
});

describe('readings store', () => {
  it("replaces a device's sensors with its newest tree and keeps the other devices", () => {
    const store = createReadingsStore();
    store.applyTree(tree('A1', [sensor(1, 1), sensor(2, 0)]));
    store.applyTree(tree('B2', [sensor(1, 5)]));
    store.applyTree(tree('A1', [sensor(1, 2)]));
    expect(store.get('A1.head.1')?.sensor.Value).toBe(2);
    expect(store.get('A1.head.2')).toBeUndefined();
    expect(store.readings.has('A1.head.2')).toBe(false);
    expect(store.get('B2.head.1')?.sensor.Value).toBe(5);
    expect(store.get('B2.head.1')?.deviceId).toBe('B2');
    expect(store.getVersion()).toBe(3);
  });

  it('tells a subscriber once per tree that carries any of its sensors, and not of other devices', () => {
    const store = createReadingsStore();
    const heard: string[] = [];
    const stop = store.subscribe(['A1.head.1', 'A1.head.2', 'A1.system.9'], () => heard.push('machine'));
    store.subscribeAll(() => heard.push('all'));
    store.applyTree(tree('A1', [sensor(1, 1), sensor(2, 0)]));
    store.applyTree(tree('B2', [sensor(1, 5)]));
    expect(heard).toEqual(['machine', 'all', 'all']);
    stop();
    store.applyTree(tree('A1', [sensor(1, 3), sensor(2, 0)]));
    expect(heard).toEqual(['machine', 'all', 'all', 'all']);
  });

  it('tells the subscribers of a sensor its device no longer sends', () => {
    const store = createReadingsStore();
    store.applyTree(tree('A1', [sensor(1, 1), sensor(2, 0)]));
    let heard = 0;
    store.subscribe(['A1.head.2'], () => {
      heard += 1;
    });
    store.applyTree(tree('A1', [sensor(1, 2)]));
    expect(heard).toBe(1);
    expect(store.get('A1.head.2')).toBeUndefined();
  });
});

import { SimulatedDevice } from '@vigil/simulator';
import { describe, expect, it } from 'vitest';
import { publishTimeOf } from './feed-observer';

const identity = { serialNumber: 'SN1', code: '123456', deviceType: 'F500' as const, udfId: 'SIM00001' };

describe('publishTimeOf', () => {
  it('reads the publish time the load generator writes into a 100-sensor tree', () => {
    const device = new SimulatedDevice(identity, { seed: 1, rate: 1, sensorCount: 100, timeFormat: 'iso' });
    const at = new Date('2026-11-21T12:00:00.123Z');
    expect(publishTimeOf(device.serialiseStateTree(at))).toBe(at.getTime());
  });

  it('reads it behind the receive-time line the live feed puts before the tree', () => {
    const device = new SimulatedDevice(identity, { seed: 1, rate: 1, sensorCount: 100, timeFormat: 'iso' });
    const at = new Date('2026-11-21T12:00:00.123Z');
    expect(publishTimeOf(`${at.getTime() + 40}\n${device.serialiseStateTree(at)}`)).toBe(at.getTime());
  });

  it('finds none in a tree with whole epoch seconds', () => {
    const device = new SimulatedDevice(identity, { seed: 1, rate: 1 });
    expect(publishTimeOf(device.serialiseStateTree())).toBeNull();
  });
});

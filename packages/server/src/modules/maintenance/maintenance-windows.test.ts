import { describe, expect, it } from 'vitest';
import { isUnderTest, type MaintenanceWindow } from './maintenance-windows';

const at = (seconds: number) => new Date(Date.UTC(2026, 10, 27, 12, 0, seconds));

const ended: MaintenanceWindow = { deviceId: 1, sensorId: 'W1.plug.1', startedAt: at(0), endedAt: at(30) };
const running: MaintenanceWindow = { deviceId: 2, sensorId: 'W2.tmp.1', startedAt: at(10), endedAt: null };

describe('isUnderTest', () => {
  it('marks the tested sensor from the start to the ending step, both included', () => {
    expect(isUnderTest([ended], { deviceId: 1, sensorId: 'W1.plug.1', at: at(0) })).toBe(true);
    expect(isUnderTest([ended], { deviceId: 1, sensorId: 'W1.plug.1', at: at(30) })).toBe(true);
  });
  it('does not mark before the start or after the end', () => {
    expect(
      isUnderTest([ended], { deviceId: 1, sensorId: 'W1.plug.1', at: new Date(at(0).getTime() - 1) }),
    ).toBe(false);
    expect(isUnderTest([ended], { deviceId: 1, sensorId: 'W1.plug.1', at: at(31) })).toBe(false);
  });
  it('keeps a running test open', () => {
    expect(isUnderTest([running], { deviceId: 2, sensorId: 'W2.tmp.1', at: at(3600) })).toBe(true);
  });
  it("never marks another sensor, or another device's sensor of the same id", () => {
    expect(isUnderTest([ended, running], { deviceId: 1, sensorId: 'W1.plug.2', at: at(5) })).toBe(false);
    expect(isUnderTest([ended, running], { deviceId: 2, sensorId: 'W1.plug.1', at: at(15) })).toBe(false);
  });
});

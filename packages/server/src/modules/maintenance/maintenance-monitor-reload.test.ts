import { listSensors, MAINTENANCE_EVENTS, type MaintenanceState, type StateTree } from '@vigil/contracts';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { treeWith } from '../../../test/maintenance';
import { treeOf } from '../../../test/telemetry';
import type { Database } from '../../db/database';
import { advanceMaintenanceTest, findRunningTests } from './maintenance.repo';
import { MaintenanceMonitor } from './maintenance-monitor';

vi.mock('./maintenance.repo', () => ({
  advanceMaintenanceTest: vi.fn(),
  failOverdueTests: vi.fn(async () => []),
  findRunningTests: vi.fn(),
}));

const identity = { serialNumber: 'SN-1', code: 'c', deviceType: 'F500' as const, udfId: 'MON1' };
const sensorId = listSensors(JSON.parse(treeOf(identity)) as StateTree)[0]?.fullId ?? '';
const log = { info: () => {}, error: () => {} };

function runningRow(state: MaintenanceState) {
  return { deviceId: 1, sensorId, deviceType: 'F500' as const, state };
}

describe('MaintenanceMonitor reloading while a test moves', () => {
  beforeEach(() => {
    vi.mocked(advanceMaintenanceTest).mockReset();
    vi.mocked(findRunningTests).mockReset();
  });

  it('keeps the step a tree made when a reload read the rows before it committed', async () => {
    const monitor = new MaintenanceMonitor({ db: {} as Database, log });
    monitor.track(1, { sensorId, deviceType: 'F500', state: MAINTENANCE_EVENTS.expectAlarmOn });
    // The reload reads the test as it was before the alarm, and answers only after the alarm moved it.
    let answerReload: (rows: ReturnType<typeof runningRow>[]) => void = () => {};
    vi.mocked(findRunningTests).mockReturnValueOnce(
      new Promise((resolve) => {
        answerReload = resolve;
      }),
    );
    const reload = monitor.refresh();
    vi.mocked(advanceMaintenanceTest).mockImplementation(
      async (_db, deviceId, move) =>
        ({
          ...runningRow(move.to),
          deviceId,
        }) as never,
    );
    await monitor.observe(1, treeWith(identity, sensorId, 'alarm', 1), new Date());
    answerReload([runningRow(MAINTENANCE_EVENTS.expectAlarmOn)]);
    await reload;

    await monitor.observe(1, treeWith(identity, sensorId, 'clear', 2), new Date());
    expect(vi.mocked(advanceMaintenanceTest).mock.calls.map(([, , move]) => move.to)).toEqual([
      MAINTENANCE_EVENTS.expectAlarmOff,
      MAINTENANCE_EVENTS.succeeded,
    ]);
  });
});

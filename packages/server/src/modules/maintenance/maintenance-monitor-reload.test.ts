import { listSensors, MAINTENANCE_EVENTS, type MaintenanceState, type StateTree } from '@vigil/contracts';
import { describe, expect, it } from 'vitest';
import { treeWith } from '../../../test/maintenance';
import { treeOf } from '../../../test/telemetry';
import type { Database } from '../../db/database';
import type { MaintenanceTestRow } from '../../db/tables/maintenance.table';
import { MaintenanceMonitor, type MaintenanceTestQueries } from './maintenance-monitor';

const identity = { serialNumber: 'SN-1', code: 'c', deviceType: 'F500' as const, udfId: 'MON1' };
const sensorId = listSensors(JSON.parse(treeOf(identity)) as StateTree)[0]?.fullId ?? '';
const log = { info: () => {}, error: () => {} };

function runningRow(state: MaintenanceState) {
  return { deviceId: 1, sensorId, deviceType: 'F500' as const, state };
}

describe('MaintenanceMonitor reloading while a test moves', () => {
  it('keeps the step a tree made when a reload read the rows before it committed', async () => {
    const moves: MaintenanceState[] = [];
    // The reload reads the test as it was before the alarm, and answers only after the alarm moved it.
    let answerReload: (rows: ReturnType<typeof runningRow>[]) => void = () => {};
    const tests: MaintenanceTestQueries = {
      failOverdueTests: async () => [],
      findRunningTests: () =>
        new Promise((resolve) => {
          answerReload = resolve;
        }),
      advanceMaintenanceTest: async (_db, _deviceId, move) => {
        moves.push(move.to);
        return runningRow(move.to) as unknown as MaintenanceTestRow;
      },
    };
    const monitor = new MaintenanceMonitor({ db: {} as Database, log, tests });
    monitor.track(1, { sensorId, deviceType: 'F500', state: MAINTENANCE_EVENTS.expectAlarmOn });
    const reload = monitor.refresh();
    await monitor.observe(1, treeWith(identity, sensorId, 'alarm', 1), new Date());
    answerReload([runningRow(MAINTENANCE_EVENTS.expectAlarmOn)]);
    await reload;

    await monitor.observe(1, treeWith(identity, sensorId, 'clear', 2), new Date());
    expect(moves).toEqual([MAINTENANCE_EVENTS.expectAlarmOff, MAINTENANCE_EVENTS.succeeded]);
  });

  it('keeps the step a tree made when a reload finished while that step was being written', async () => {
    const moves: MaintenanceState[] = [];
    // The alarm's UPDATE is slow: a reload reads the test before it commits and is applied before it returns.
    let finishFirstMove: () => void = () => {};
    const tests: MaintenanceTestQueries = {
      failOverdueTests: async () => [],
      findRunningTests: async () => [runningRow(MAINTENANCE_EVENTS.expectAlarmOn)],
      advanceMaintenanceTest: async (_db, _deviceId, move) => {
        if (moves.length === 0) {
          await new Promise<void>((resolve) => {
            finishFirstMove = resolve;
          });
        }
        moves.push(move.to);
        return runningRow(move.to) as unknown as MaintenanceTestRow;
      },
    };
    const monitor = new MaintenanceMonitor({ db: {} as Database, log, tests });
    monitor.track(1, { sensorId, deviceType: 'F500', state: MAINTENANCE_EVENTS.expectAlarmOn });
    const alarm = monitor.observe(1, treeWith(identity, sensorId, 'alarm', 1), new Date());
    await monitor.refresh();
    finishFirstMove();
    await alarm;

    await monitor.observe(1, treeWith(identity, sensorId, 'clear', 2), new Date());
    expect(moves).toEqual([MAINTENANCE_EVENTS.expectAlarmOff, MAINTENANCE_EVENTS.succeeded]);
  });
});

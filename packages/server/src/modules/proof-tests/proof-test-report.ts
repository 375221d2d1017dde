import {
  countProofTests,
  type DeviceProofTests,
  isProofTestable,
  listSensors,
  type ProofTestSensor,
  proofTestCoverage,
  type StateTree,
} from '@vigil/contracts';
import type { DeviceRow } from '../../db/tables/devices.table';
import { groupNameOf } from '../maintenance/maintenance-sensor';
import type { LastProofTest, LastTestResult } from './proof-tests.repo';

export type SensorNamer = (device: DeviceRow, fullSensorId: string, treeName: string) => string;

/**
 * The coverage of one device: every proof-testable sensor of its latest tree (a device that never reported
 * has none), most urgent first — never tested, overdue, due, then by due date — and by name.
 */
export function deviceProofTests(input: {
  device: DeviceRow;
  tree: StateTree | undefined;
  lastTests: ReadonlyMap<string, LastProofTest>;
  /** The newest finished test of each sensor, whatever its outcome. */
  lastResults: ReadonlyMap<string, LastTestResult>;
  intervalDays: number;
  now: Date;
  nameOf: SensorNamer;
}): DeviceProofTests {
  const { device, tree, lastTests, intervalDays, now } = input;
  const sensors: ProofTestSensor[] = [];
  for (const entry of tree === undefined ? [] : listSensors(tree)) {
    if (!isProofTestable(entry.sensor)) {
      continue;
    }
    const last = lastTests.get(entry.fullId);
    const result = input.lastResults.get(entry.fullId);
    const { status, dueDate } = proofTestCoverage(last?.time.getTime() ?? null, intervalDays, now.getTime());
    sensors.push({
      sensor_id: entry.fullId,
      name: input.nameOf(device, entry.fullId, entry.sensor.Name),
      group_name: groupNameOf(tree as StateTree, entry.groupPath),
      status,
      last_test:
        last === undefined
          ? null
          : { time: last.time.getTime(), engineer: last.engineer, comment: last.comment },
      due_date: dueDate,
      last_result:
        result === undefined
          ? null
          : {
              event_type: result.eventType,
              time: result.time.getTime(),
              engineer: result.engineer,
              comment: result.comment,
            },
    });
  }
  sensors.sort(byUrgency);
  return {
    device: { id: device.id, title: device.title, device_type: device.deviceType },
    interval_days: intervalDays,
    counts: countProofTests(sensors),
    sensors,
  };
}

const URGENCY = { never: 0, overdue: 1, due: 2, ok: 3 } as const;

function byUrgency(a: ProofTestSensor, b: ProofTestSensor): number {
  return (
    URGENCY[a.status] - URGENCY[b.status] ||
    (a.due_date ?? 0) - (b.due_date ?? 0) ||
    a.group_name.localeCompare(b.group_name) ||
    a.name.localeCompare(b.name)
  );
}

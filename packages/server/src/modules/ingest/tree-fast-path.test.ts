import { DEVICE_TYPES, isStateTreeFast, StateTreeSchema } from '@vigil/contracts';
import { SCENARIO_NAMES, SimulatedDevice } from '@vigil/simulator';
import { describe, expect, it } from 'vitest';

// The ingest takes a tree that isStateTreeFast accepts without StateTreeSchema's copy (ingest.service.ts). If
// real trees stopped passing it, nothing would be refused, but every tree would pay for the copy again.
describe('the ingest fast path for state trees', () => {
  it.each(DEVICE_TYPES)(
    'takes every tree of a simulated %s, in every scenario and in alarm',
    (deviceType) => {
      const identity = {
        serialNumber: `S-${deviceType}`,
        code: 'code',
        deviceType,
        udfId: `FAST-${deviceType}`,
      };
      for (const timeFormat of ['epoch', 'iso'] as const) {
        const device = new SimulatedDevice(identity, { seed: 7, rate: 1, scenarioChance: 0, timeFormat });
        const [first] = device.sensorIds();
        if (first !== undefined) {
          device.forceAlarm(first);
        }
        for (const scenario of SCENARIO_NAMES) {
          device.startScenario(scenario, 3);
          for (let tick = 0; tick < 4; tick++) {
            device.step();
            const tree: unknown = JSON.parse(device.serialiseStateTree());
            expect(StateTreeSchema.safeParse(tree).success).toBe(true);
            expect(isStateTreeFast(tree)).toBe(true);
          }
        }
      }
    },
  );
});

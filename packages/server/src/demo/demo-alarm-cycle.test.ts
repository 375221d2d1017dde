import { listSensors } from '@vigil/contracts';
import { startSimulator } from '@vigil/simulator';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { DEMO_ALARM_CYCLE, startDemoAlarmCycle } from './demo-alarm-cycle';
import { DEMO_DEVICES } from './demo-devices';

const cycled = DEMO_DEVICES.find((device) => device.udfId === DEMO_ALARM_CYCLE.udfId);

describe('demo alarm cycle', () => {
  let stop = () => {};
  afterEach(() => {
    stop();
    vi.useRealTimers();
  });

  it('takes a demo sensor through warning, then alarm, then OK within a minute, and again later', async () => {
    if (cycled === undefined) {
      throw new Error('the cycled device is not a demo device');
    }
    const simulator = await startSimulator({
      devices: [cycled],
      transport: { kind: 'none' },
      autoStart: false,
      scenarioChance: 0,
    });
    const device = simulator.getDevice(cycled.udfId);
    vi.useFakeTimers();
    stop = startDemoAlarmCycle(simulator, () => {});
    vi.advanceTimersByTime(DEMO_ALARM_CYCLE.firstAfterMs - 1);
    expect(device?.activeScenarios()).toEqual([]);
    vi.advanceTimersByTime(1);
    expect(device?.activeScenarios()).toHaveLength(1);
    const target = device?.activeScenarios()[0]?.target;

    const statuses: string[] = [];
    for (let second = 0; second < DEMO_ALARM_CYCLE.seconds; second += 1) {
      await simulator.tickOnce();
      const tree = device?.stateTree(new Date());
      const sensor = tree && listSensors(tree).find((entry) => entry.fullId === target);
      statuses.push(sensor?.sensor.Status ?? 'missing');
    }
    const changes = statuses.filter((status, i) => status !== statuses[i - 1]);
    expect(changes).toEqual(['OK', 'WARNING', 'Alarm', 'WARNING', 'OK']);
    expect(DEMO_ALARM_CYCLE.firstAfterMs + DEMO_ALARM_CYCLE.seconds * 1000).toBeLessThanOrEqual(60_000);

    expect(device?.activeScenarios()).toEqual([]);
    vi.advanceTimersByTime(DEMO_ALARM_CYCLE.everyMs);
    expect(device?.activeScenarios()).toHaveLength(1);
    await simulator.stop();
  });
});

import { SENSOR_STATE_TEXTS } from '@vigil/contracts';
import type { Random } from '../random';
import { type DeviceModel, group, type SimGroup } from './group-kit';
import {
  contactSensor,
  fixedStateSensor,
  numericSensor,
  speedSensor,
  temperatureSensor,
  timerSensor,
} from './sensor-kit';

/**
 * ETH-NODE-1 (0005) and ETH-NODE-2 (0006): °C NTC probes, pulse inputs, digital contacts; ETH-NODE-2 adds
 * current-loop and analog inputs. These units report WARNING in alarm and N/A when clear.
 */
export function buildEthNodeModel(isNode2: boolean, rng: Random): DeviceModel {
  const groups: SimGroup[] = [
    group('system', 'System', [
      timerSensor('18000', 'Uptime'),
      numericSensor({ id: '2', name: 'Start-up Delay', units: 'Seconds', base: 30, noise: 0, decimals: 0 }),
    ]),
    group('ntc', 'NTC', [
      temperatureSensor('1', 'NTC 1', '°C', rng),
      temperatureSensor('2', 'NTC 2', '°C', rng),
      temperatureSensor('3', 'NTC 3', '°C', rng),
      fixedStateSensor('4', 'NTC 4', 'NUMERIC', SENSOR_STATE_TEXTS.off),
    ]),
    group('pulse', 'Pulse', [speedSensor('1', 'Pulse 1', rng), speedSensor('2', 'Pulse 2', rng)]),
  ];
  if (isNode2) {
    groups.push(
      group('cli', 'CLI', [
        numericSensor({ id: '1', name: 'Current Loop 1', units: null, base: 9, noise: 0.5, min: 4, max: 18 }),
      ]),
      group('analog', 'Analog', [
        numericSensor({
          id: '1',
          name: 'Analog 1',
          units: null,
          base: 2.5,
          noise: 0.2,
          min: 0,
          max: 4.5,
          decimals: 2,
        }),
        fixedStateSensor('2', 'Analog 2', 'NUMERIC', SENSOR_STATE_TEXTS.disabled),
      ]),
    );
  }
  groups.push(
    group('digital', 'Digital', [
      contactSensor('1', 'Belt Alignment', ['alignment']),
      contactSensor('2', 'Door Switch'),
      fixedStateSensor('3', 'Digital 3', 'BOOL', SENSOR_STATE_TEXTS.off),
    ]),
  );
  return {
    family: 'eth-node',
    style: { ok: 'N/A', alarm: 'WARNING' },
    groups,
    versionInfo: isNode2 ? 'ETH-NODE-2 v2.3.1' : 'ETH-NODE-1 v1.7.0',
    refresh: () => {},
  };
}

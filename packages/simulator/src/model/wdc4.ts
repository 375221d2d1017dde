import { SENSOR_STATE_TEXTS } from '@vigil/contracts';
import type { Random } from '../random';
import { type DeviceModel, group } from './group-kit';
import {
  contactSensor,
  enumSensor,
  fixedStateSensor,
  speedSensor,
  temperatureSensor,
  timerSensor,
} from './sensor-kit';

/** WDC4 (0300) bucket-elevator monitor: groups in the spec's order, °F temperatures. */
export function buildWdc4Model(rng: Random): DeviceModel {
  const alignment = (side: string) => [
    contactSensor('1', `${side} Left Alignment`, ['alignment']),
    contactSensor('2', `${side} Right Alignment`, ['alignment']),
  ];
  return {
    family: 'wdc4',
    style: { ok: 'OK', alarm: 'Alarm' },
    groups: [
      group('system', 'System', [
        enumSensor('1', 'Elevator State', ['Running', 'Stopped', 'Fault'], [2]),
        timerSensor('18000', 'Run Time'),
        fixedStateSensor('21000', 'Profile', 'ENUM', SENSOR_STATE_TEXTS.profileZero),
      ]),
      group('speed', 'Speed', [
        speedSensor('1', 'Head Shaft Speed', rng),
        speedSensor('2', 'Tail Shaft Speed', rng),
      ]),
      group('head', 'Alignment:Head', alignment('Head')),
      group('tail', 'Alignment:Tail', alignment('Tail')),
      group('tmp', 'Temperature', [
        temperatureSensor('1', 'Head Left Bearing', '°F', rng),
        temperatureSensor('2', 'Head Right Bearing', '°F', rng),
        temperatureSensor('3', 'Tail Left Bearing', '°F', rng),
        temperatureSensor('4', 'Tail Right Bearing', '°F', rng),
      ]),
      group('plug', 'Plug', [contactSensor('1', 'Plug Switch')]),
      group('pull', 'Pulley', [
        temperatureSensor('1', 'Head Pulley', '°F', rng),
        temperatureSensor('2', 'Tail Pulley', '°F', rng),
      ]),
      group('exp1', 'Expansion Card 1', [
        temperatureSensor('1', 'Boot Temperature', '°F', rng),
        fixedStateSensor('2', 'Auxiliary Contact', 'BOOL', SENSOR_STATE_TEXTS.off),
      ]),
      group('exp2', 'Expansion Card 2', [
        fixedStateSensor('1', 'Input 1', 'NUMERIC', SENSOR_STATE_TEXTS.disabled),
        fixedStateSensor('2', 'Input 2', 'BOOL', SENSOR_STATE_TEXTS.disabled),
      ]),
    ],
    versionInfo: { Main: '4.1.2', Btm: '1.2.0', Gfx: '1.9.4', CDEP: '2.0' },
    refresh: () => {},
  };
}

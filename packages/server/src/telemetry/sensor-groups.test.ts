import type { Sensor, StateTree } from '@vigil/contracts';
import { describe, expect, it } from 'vitest';
import { sensorGroupsOf } from './sensor-groups';

const sensor = (Id: string | number, Name: string): Sensor => ({
  Id,
  Name,
  Type: 'NUMERIC',
  Value: 1,
  Status: 'OK',
  Alarm: false,
  Meta: {},
});

const tree = (overrides: Partial<StateTree>): StateTree => ({
  Id: 'dev',
  Name: 'Gateway',
  Status: 'OK',
  Alarm: false,
  time: 1_780_000_000,
  device: { deviceId: 'U1', deviceType: 'f500' },
  groups: [],
  sensors: [],
  ...overrides,
});

describe('sensorGroupsOf', () => {
  it('lists groups with their sensors by full dotted id, nested groups flattened with joined names', () => {
    const groups = sensorGroupsOf(
      tree({
        sensors: [sensor('s0', 'Supply')],
        groups: [
          {
            Id: 1,
            Name: 'Network 1',
            Status: 'OK',
            Alarm: false,
            sensors: [],
            groups: [
              { Id: 3, Name: 'Node 3', Status: 'OK', Alarm: false, sensors: [sensor('t1', 'Bearing')] },
            ],
          },
          { Id: 'g', Name: 'Belt', Status: 'OK', Alarm: false, sensors: [sensor(7, 'Speed')], groups: null },
        ],
      }),
    );
    expect(groups).toEqual([
      { id: 'dev', name: 'Gateway', sensors: [{ id: 'U1.s0', name: 'Supply' }] },
      { id: '1.3', name: 'Network 1 / Node 3', sensors: [{ id: 'U1.1.3.t1', name: 'Bearing' }] },
      { id: 'g', name: 'Belt', sensors: [{ id: 'U1.g.7', name: 'Speed' }] },
    ]);
  });

  it('answers [] for a tree without sensors', () => {
    expect(sensorGroupsOf(tree({}))).toEqual([]);
  });
});

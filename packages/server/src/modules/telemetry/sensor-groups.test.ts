import type { Sensor, StateTree } from '@vigil/contracts';
import { describe, expect, it } from 'vitest';
import { deviceSensorGroupsOf, sensorGroupsOf, sensorNetworksOf } from './sensor-groups';

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

const networkTree = tree({
  sensors: [sensor('s0', 'Supply')],
  groups: [
    { Id: 'system', Name: 'System State', Status: 'OK', Alarm: false, sensors: [sensor(18000, 'Uptime')] },
    {
      Id: 1,
      Name: 'Network 1',
      Status: 'OK',
      Alarm: false,
      sensors: [],
      groups: [{ Id: 3, Name: 'Node 3', Status: 'OK', Alarm: false, sensors: [sensor(1, 'Bearing')] }],
    },
    { Id: 'g', Name: 'Belt', Status: 'OK', Alarm: false, sensors: [sensor('7', 'Speed')], groups: null },
  ],
});

describe('sensorGroupsOf', () => {
  it('lists groups with their sensors by the tree’s own ids, nested groups flattened with joined names', () => {
    expect(sensorGroupsOf(networkTree)).toEqual([
      { id: 'dev', name: 'Gateway', sensors: [{ id: 's0', name: 'Supply', full_id: 'U1.s0' }] },
      {
        id: 'system',
        name: 'System State',
        sensors: [{ id: 18000, name: 'Uptime', full_id: 'U1.system.18000' }],
      },
      { id: 3, name: 'Network 1 / Node 3', sensors: [{ id: 1, name: 'Bearing', full_id: 'U1.1.3.1' }] },
      { id: 'g', name: 'Belt', sensors: [{ id: '7', name: 'Speed', full_id: 'U1.g.7' }] },
    ]);
  });

  it('answers [] for a tree without sensors', () => {
    expect(sensorGroupsOf(tree({}))).toEqual([]);
    expect(sensorNetworksOf(tree({}))).toEqual([]);
  });
});

describe('sensorNetworksOf (F500-UDF)', () => {
  it('puts the groups under each top-level group, a group with its own sensors as its own first group', () => {
    expect(sensorNetworksOf(networkTree)).toEqual([
      {
        name: 'Gateway',
        groups: [{ id: 'dev', name: 'Gateway', sensors: [{ id: 's0', name: 'Supply', full_id: 'U1.s0' }] }],
      },
      {
        name: 'System State',
        groups: [
          {
            id: 'system',
            name: 'System State',
            sensors: [{ id: 18000, name: 'Uptime', full_id: 'U1.system.18000' }],
          },
        ],
      },
      {
        name: 'Network 1',
        groups: [{ id: 3, name: 'Node 3', sensors: [{ id: 1, name: 'Bearing', full_id: 'U1.1.3.1' }] }],
      },
      {
        name: 'Belt',
        groups: [{ id: 'g', name: 'Belt', sensors: [{ id: '7', name: 'Speed', full_id: 'U1.g.7' }] }],
      },
    ]);
  });

  it('is the answer for F500-UDF devices only', () => {
    expect(deviceSensorGroupsOf(networkTree, 'F500-UDF')).toEqual(sensorNetworksOf(networkTree));
    expect(deviceSensorGroupsOf(networkTree, 'F500')).toEqual(sensorGroupsOf(networkTree));
  });
});

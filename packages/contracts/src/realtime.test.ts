import { describe, expect, it } from 'vitest';
import {
  BootMessageSchema,
  fullSensorId,
  listSensors,
  parseWireDeviceType,
  type StateTree,
  StateTreeSchema,
} from './realtime';

const gatewayTree = {
  Id: 'UDF00042',
  Name: 'Bucket elevator',
  Status: 'Alarm',
  Alarm: true,
  time: 1_763_700_000,
  firmwareExtra: { keep: 'me' },
  device: {
    deviceId: 'UDF00042',
    deviceType: 'f500',
    deviceIpAddress: '10.0.0.7',
    accessCode: '1234',
    protocol: '2',
    command: '17',
    length: 512,
    versionInfo: { Main: '1.2.3', Btm: '0.9', Gfx: '2.0', CDEP: '1.1' },
  },
  sensors: [],
  groups: [
    {
      Id: 'net1',
      Name: 'Network 1',
      Status: 'Alarm',
      Alarm: true,
      Meta: { Activity: 12, Blocks: 2, Nodes: 3 },
      sensors: [],
      groups: [
        {
          Id: 'n01',
          Name: 'Node 1',
          Status: 'Alarm',
          Alarm: true,
          Meta: { Activity: null, Blocks: null, Nodes: null },
          sensors: [
            {
              Id: 1,
              Name: 'Head Bearing',
              Type: 'NUMERIC',
              Value: 188.4,
              Status: 'Alarm',
              Alarm: true,
              Meta: { Min: 0, Max: 180, NumDecimalPoints: 1, State: null, Units: '°F' },
            },
            {
              Id: 2,
              Name: 'Alignment',
              Type: 'BOOL',
              Value: null,
              Status: 'N/A',
              Alarm: false,
              Meta: { State: 'Lost Communication Between T500 and node', Units: null },
            },
          ],
          groups: null,
        },
      ],
    },
  ],
};

describe('StateTreeSchema', () => {
  it('accepts a gateway tree with nested node groups and keeps unknown fields', () => {
    const tree = StateTreeSchema.parse(gatewayTree);
    expect(tree.firmwareExtra).toEqual({ keep: 'me' });
    expect(tree.groups[0]?.groups?.[0]?.sensors[0]?.Value).toBe(188.4);
  });

  it('accepts ISO time and a plain version string', () => {
    const tree = { ...gatewayTree, time: '2026-11-21T10:00:00Z' };
    const parsed = StateTreeSchema.parse({ ...tree, device: { ...tree.device, versionInfo: 'v1.0.4' } });
    expect(parsed.device.versionInfo).toBe('v1.0.4');
  });

  it('refuses an unknown sensor status and a non-boolean Alarm', () => {
    const bad = JSON.parse(JSON.stringify(gatewayTree)) as typeof gatewayTree;
    const sensor = bad.groups[0]?.groups[0]?.sensors[0];
    if (!sensor) {
      throw new Error('fixture');
    }
    sensor.Status = 'Broken';
    expect(StateTreeSchema.safeParse(bad).success).toBe(false);
    expect(StateTreeSchema.safeParse({ ...gatewayTree, Alarm: 'yes' }).success).toBe(false);
  });
});

describe('fullSensorId and listSensors', () => {
  it('builds dotted ids through nested groups', () => {
    expect(fullSensorId('UDF1', ['net1', 'n01'], 1)).toBe('UDF1.net1.n01.1');
    expect(fullSensorId('UDF1', [], 'temp')).toBe('UDF1.temp');
  });

  it('lists every sensor of a tree with its full id', () => {
    const tree: StateTree = StateTreeSchema.parse(gatewayTree);
    expect(listSensors(tree).map((entry) => entry.fullId)).toEqual([
      'UDF00042.net1.n01.1',
      'UDF00042.net1.n01.2',
    ]);
  });
});

describe('parseWireDeviceType', () => {
  it('compares device types case-insensitively', () => {
    expect(parseWireDeviceType('f500')).toBe('F500');
    expect(parseWireDeviceType('f500-udf')).toBe('F500-UDF');
    expect(parseWireDeviceType('0300')).toBe('0300');
    expect(parseWireDeviceType('t9000')).toBeNull();
  });
});

describe('BootMessageSchema', () => {
  it('accepts a power-up message', () => {
    const boot = {
      type: 'boot',
      deviceId: 'UDF1',
      deviceType: 'f500',
      time: 1,
      versionInfo: null,
      reason: 'power-up',
    };
    expect(BootMessageSchema.parse(boot).reason).toBe('power-up');
    expect(BootMessageSchema.safeParse({ ...boot, reason: 'bored' }).success).toBe(false);
  });
});

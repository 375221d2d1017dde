import {
  DEVICE_TYPES,
  type DeviceType,
  listSensors,
  type StateTree,
  StateTreeSchema,
} from '@vigil/contracts';
import { describe, expect, it } from 'vitest';
import { UnknownSensorError } from './device';
import { buildDevice } from './testing';

const NOW = new Date('2026-11-21T12:00:00Z');

function sensorOf(tree: StateTree, fullId: string) {
  const entry = listSensors(tree).find((candidate) => candidate.fullId === fullId);
  if (!entry) {
    throw new Error(`no sensor ${fullId}`);
  }
  return entry.sensor;
}

describe('SimulatedDevice', () => {
  it.each(DEVICE_TYPES)(
    'sends trees that parse with StateTreeSchema for %s, even with scenarios running',
    (type) => {
      const device = buildDevice(type, 3, 0.2);
      for (let tick = 0; tick < 300; tick += 1) {
        device.step();
        const tree = StateTreeSchema.parse(JSON.parse(device.serialiseStateTree(NOW)));
        expect(tree.device.deviceId).toBe('SIM00001');
        expect(tree.device.deviceType).toBe(type.toLowerCase());
      }
    },
  );

  it('lists groups in the spec order', () => {
    const names = (type: DeviceType) =>
      buildDevice(type)
        .stateTree(NOW)
        .groups.map((group) => group.Name);
    expect(names('0300')).toEqual([
      'System',
      'Speed',
      'Alignment:Head',
      'Alignment:Tail',
      'Temperature',
      'Plug',
      'Pulley',
      'Expansion Card 1',
      'Expansion Card 2',
    ]);
    expect(names('0005')).toEqual(['System', 'NTC', 'Pulse', 'Digital']);
    expect(names('0006')).toEqual(['System', 'NTC', 'Pulse', 'CLI', 'Analog', 'Digital']);
    expect(names('F500-UDF')).toEqual(['System State', 'Network 1', 'Network 2']);
  });

  it('nests F500 node groups in network groups with Meta and versions', () => {
    const device = buildDevice('F500');
    device.step();
    const tree = device.stateTree(NOW);
    const network = tree.groups[1];
    expect(network?.Meta).toEqual({ Activity: 1, Blocks: 15, Nodes: 4 });
    expect(network?.groups?.map((node) => node.Id)).toEqual(['n01', 'n02', 'n03', 'n04']);
    expect(network?.groups?.[0]?.groups).toBeNull();
    expect(tree.device.versionInfo).toMatchObject({ Main: '2.8.0', Btm: '1.0.6', Gfx: '2.2.0', CDEP: '1.3' });
    expect(sensorOf(tree, 'SIM00001.net1.n03.4').Meta.State).toBe('Disabled');
    expect(sensorOf(tree, 'SIM00001.system.21000').Meta.State).toBe('System Selected Profile 0');
  });

  it('is repeatable for a seed and differs for another seed', () => {
    const run = (seed: number) => {
      const device = buildDevice('0300', seed, 0.05);
      return Array.from({ length: 200 }, () => {
        device.step();
        return device.serialiseStateTree(NOW);
      });
    };
    expect(run(42)).toEqual(run(42));
    expect(run(42)).not.toEqual(run(43));
  });

  it('shows a forced alarm until it is cleared', () => {
    const device = buildDevice('0300');
    device.step();
    const id = 'SIM00001.tmp.2';
    device.forceAlarm(id);
    let tree = device.stateTree(NOW);
    const sensor = sensorOf(tree, id);
    expect(sensor).toMatchObject({ Status: 'Alarm', Alarm: true });
    expect(Number(sensor.Value)).toBeGreaterThan(sensor.Meta.Max ?? 0);
    expect(tree.groups.find((group) => group.Id === 'tmp')).toMatchObject({ Status: 'Alarm', Alarm: true });
    expect(tree.Alarm).toBe(true);
    device.clearAlarm(id);
    tree = device.stateTree(NOW);
    expect(sensorOf(tree, id)).toMatchObject({ Status: 'OK', Alarm: false });
    expect(tree.Alarm).toBe(false);
  });

  it('forces a contact open and reports WARNING on ETH-NODE units', () => {
    const device = buildDevice('0006');
    device.forceAlarm('SIM00001.digital.2');
    const sensor = sensorOf(device.stateTree(NOW), 'SIM00001.digital.2');
    expect(sensor).toMatchObject({ Status: 'WARNING', Alarm: true, Value: 1 });
    expect(sensor.Meta.State).toBe('Contact Sensor Open / OFF');
    device.clearAlarm('SIM00001.digital.2');
    expect(sensorOf(device.stateTree(NOW), 'SIM00001.digital.2')).toMatchObject({
      Status: 'N/A',
      Alarm: false,
      Meta: expect.objectContaining({ State: 'Contact Sensor Closed / ON' }),
    });
  });

  it('refuses to force an unknown sensor', () => {
    expect(() => buildDevice('F500').forceAlarm('SIM00001.nope.1')).toThrow(UnknownSensorError);
  });

  it('sends a boot message once after power-up', () => {
    const device = buildDevice('F500');
    const boot = device.takeBootMessage(NOW);
    expect(boot).toMatchObject({
      type: 'boot',
      deviceId: 'SIM00001',
      deviceType: 'f500',
      reason: 'power-up',
    });
    expect(device.takeBootMessage(NOW)).toBeNull();
  });
});

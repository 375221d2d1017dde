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

  it('sizes an F500 tree to a sensor count, the last node trimmed', () => {
    const device = buildDevice('F500', 7, 0, { sensorCount: 100 });
    device.step();
    const tree = StateTreeSchema.parse(JSON.parse(device.serialiseStateTree(NOW)));
    expect(listSensors(tree)).toHaveLength(100);
    const nodes = tree.groups[1]?.groups ?? [];
    expect(nodes).toHaveLength(24);
    expect(nodes.at(-1)?.sensors.map((sensor) => sensor.Id)).toEqual(['1']);
    expect(tree.groups[1]?.Meta).toMatchObject({ Nodes: 24 });
  });

  it('shares the sized nodes out over the F500-UDF networks', () => {
    const tree = buildDevice('F500-UDF', 7, 0, { sensorCount: 31 }).stateTree(NOW);
    expect(listSensors(tree)).toHaveLength(31);
    expect(tree.groups.slice(1).map((network) => network.groups?.length)).toEqual([3, 3]);
  });

  it('keeps the stock layout and seed sequence without a sensor count', () => {
    const stock = buildDevice('F500', 9).serialiseStateTree(NOW);
    expect(listSensors(JSON.parse(stock))).toHaveLength(23);
    expect(buildDevice('F500', 9, 0, { sensorCount: 23 }).serialiseStateTree(NOW)).toBe(stock);
  });

  it('refuses a sensor count for other models and one too small for System State', () => {
    expect(() => buildDevice('0300', 7, 0, { sensorCount: 100 })).toThrow(/F500 and F500-UDF only/);
    expect(() => buildDevice('F500', 7, 0, { sensorCount: 7 })).toThrow(/more than 7 sensors/);
  });

  it('sets device.length to the byte length of the tree serialised with length 0', () => {
    const device = buildDevice('F500', 7, 0, { name: 'Kiln "length":0 µ', sensorCount: 40 });
    device.step();
    const sent: StateTree = JSON.parse(device.serialiseStateTree(NOW));
    const withZero = { ...sent, device: { ...sent.device, length: 0 } };
    expect(sent.device.length).toBe(Buffer.byteLength(JSON.stringify(withZero)));
    expect(sent.Name).toBe('Kiln "length":0 µ');
  });

  it('sends the time as ISO-8601 with milliseconds when asked', () => {
    const at = new Date('2026-11-21T12:00:00.123Z');
    const tree = JSON.parse(buildDevice('F500', 7, 0, { timeFormat: 'iso' }).serialiseStateTree(at));
    expect(StateTreeSchema.parse(tree).time).toBe('2026-11-21T12:00:00.123Z');
    expect(buildDevice('F500').stateTree(at).time).toBe(Math.floor(at.getTime() / 1000));
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

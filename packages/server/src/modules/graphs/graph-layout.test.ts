import { displaySensor, type Sensor, type SensorDisplaySettings, type StateTree } from '@vigil/contracts';
import { describe, expect, it } from 'vitest';
import { buildGraphLayout, layoutOfSensors, layoutSensorKeys, valueScaler } from './graph-layout';

function sensor(id: string | number, name: string, extra: Partial<Sensor> = {}): Sensor {
  return {
    Id: id,
    Name: name,
    Type: 'NUMERIC',
    Value: 10,
    Status: 'OK',
    Alarm: false,
    Meta: { Units: '°F', NumDecimalPoints: 1 },
    ...extra,
  };
}

function group(id: string, name: string, sensors: Sensor[], groups?: StateTree['groups']) {
  return { Id: id, Name: name, Status: 'OK', Alarm: false, sensors, groups };
}

const tree: StateTree = {
  Id: 'F5000001',
  Name: 'Elevator 1',
  Status: 'OK',
  Alarm: false,
  time: 0,
  device: { deviceId: 'F5000001', deviceType: '0300' },
  sensors: [sensor('run', 'Run Hours', { Meta: { Units: 'Minutes' } })],
  groups: [
    group('tmp', 'Temperature', [sensor(1, 'Head Left Bearing'), sensor(2, 'Tail Left Bearing')]),
    group('weird', 'Custom Group', [sensor(1, 'Thing', { Meta: { Units: null } })]),
    group('net1', 'Network 1', [], [group('n03', 'Network 1 Node 3', [sensor(1, 'Bearing')])]),
    group('head', 'Alignment:Head', [sensor(1, 'Head Left', { Type: 'BOOL', Meta: {} })]),
    group('system', 'System', [sensor(1, 'Elevator State', { Type: 'ENUM', Meta: {} })]),
  ],
};

const noSettings: SensorDisplaySettings = {
  device_type: '0300',
  degrees: null,
  networks: {},
  names: {},
  types: {},
  images: {},
};

describe('buildGraphLayout', () => {
  it('keys graphs by dotted group path in M section 9 order, top-level sensors last', () => {
    const layout = buildGraphLayout(tree, noSettings, new Map());
    expect(layout.deviceId).toBe('F5000001');
    expect(layout.graphs.map((graph) => graph.key)).toEqual([
      'F5000001.system',
      'F5000001.head',
      'F5000001.tmp',
      'F5000001.weird',
      'F5000001.net1.n03',
      'F5000001.sensors',
    ]);
  });

  it("names series 'group:suffix', with the custom name where set, and carries the sensors keys", () => {
    const settings = { ...noSettings, names: { 'F5000001.tmp.2': 'Boot Bearing' } };
    const keys = new Map([
      ['F5000001.tmp.1', 41],
      ['F5000001.tmp.2', 42],
    ]);
    const layout = buildGraphLayout(tree, settings, keys);
    const temperature = layout.graphs.find((graph) => graph.key === 'F5000001.tmp');
    expect(temperature).toMatchObject({
      units: '°F',
      valueLabel: 'Temperature (°F)',
      groupName: 'Temperature',
    });
    expect(temperature?.series.map((series) => [series.sensor, series.name, series.sensorKey])).toEqual([
      ['F5000001.tmp.1', 'Temperature:Head Left Bearing', 41],
      ['F5000001.tmp.2', 'Temperature:Boot Bearing', 42],
    ]);
    expect(layout.graphs.find((graph) => graph.key === 'F5000001.sensors')?.series[0]).toMatchObject({
      sensor: 'F5000001.run',
      name: 'Elevator 1:Run Hours',
      sensorKey: null,
    });
    expect(layoutSensorKeys(layout)).toEqual([41, 42]);
  });

  it('gives BOOL and ENUM series their own value labels and no unit', () => {
    const layout = buildGraphLayout(tree, noSettings, new Map());
    const head = layout.graphs.find((graph) => graph.key === 'F5000001.head');
    expect(head).toMatchObject({ units: '', valueLabel: 'Alignment:Head' });
    expect(head?.series[0]).toMatchObject({ sensorType: 'BOOL', valueLabel: 'Contact', unit: null });
    expect(layout.graphs[0]?.series[0]).toMatchObject({ sensorType: 'ENUM', valueLabel: 'State' });
  });

  it('applies a set NUMERIC type (unit, k and c) and a set BOOL type', () => {
    const settings: SensorDisplaySettings = {
      ...noSettings,
      types: {
        'F5000001.weird.1': { type: 'NUMERIC', unit_id: 1, unit: 'mA', k: 2, c: 1 },
        'F5000001.tmp.1': { type: 'BOOL', unit_id: null, unit: null, k: 1, c: 0 },
      },
    };
    const layout = buildGraphLayout(tree, settings, new Map());
    const weird = layout.graphs.find((graph) => graph.key === 'F5000001.weird')?.series[0];
    expect(weird).toMatchObject({ unit: 'mA', k: 2, c: 1, identity: false, valueLabel: 'mA' });
    expect(weird?.scale(3)).toBe(7);
    const bool = layout.graphs.find((graph) => graph.key === 'F5000001.tmp')?.series[0];
    expect(bool).toMatchObject({ sensorType: 'BOOL', unit: null });
    expect(bool?.scale(5)).toBe(1);
  });
});

describe('buildGraphLayout with repeated keys', () => {
  it("keeps one graph per key: a group with Id 'sensors' shares the top-level sensors' graph", () => {
    const repeated: StateTree = {
      ...tree,
      groups: [group('sensors', 'Sensors', [sensor(1, 'Extra')]), ...tree.groups],
    };
    const layout = buildGraphLayout(repeated, noSettings, new Map());
    const keys = layout.graphs.map((graph) => graph.key);
    expect(new Set(keys).size).toBe(keys.length);
    expect(layout.graphs.at(-1)?.series.map((series) => series.sensor)).toEqual([
      'F5000001.run',
      'F5000001.sensors.1',
    ]);
  });
});

describe('valueScaler', () => {
  const cases: Array<[string, Sensor, SensorDisplaySettings]> = [
    ['none', sensor(1, 'a'), noSettings],
    [
      'k and c',
      sensor(1, 'a'),
      { ...noSettings, types: { x: { type: 'NUMERIC', unit_id: null, unit: null, k: 0.5, c: -3 } } },
    ],
    ['°F to °C', sensor(1, 'a'), { ...noSettings, degrees: 'C' }],
    [
      '°C to °F',
      sensor(1, 'a', { Meta: { Units: '°C', NumDecimalPoints: 2 } }),
      { ...noSettings, degrees: 'F' },
    ],
    [
      'BOOL',
      sensor(1, 'a'),
      { ...noSettings, types: { x: { type: 'BOOL', unit_id: null, unit: null, k: 1, c: 0 } } },
    ],
  ];
  it.each(cases)('shows what displaySensor shows (%s)', (_name, base, settings) => {
    const { scale } = valueScaler('x', base, settings);
    for (const stored of [0, 1, -7.25, 98.6, 1234.5678]) {
      expect(scale(stored)).toBe(displaySensor('x', { ...base, Value: stored }, settings).value);
    }
  });

  it('is the identity when nothing is set', () => {
    expect(valueScaler('x', sensor(1, 'a'), noSettings).identity).toBe(true);
    expect(valueScaler('x', sensor(1, 'a'), { ...noSettings, degrees: 'F' }).identity).toBe(true);
  });
});

describe('layoutOfSensors', () => {
  it('keeps only the series of the sensors given, graphs without one left out, units of the kept series', () => {
    const mixed: StateTree = {
      ...tree,
      groups: [
        ...tree.groups,
        group('exp1', 'Expansion Card 1', [
          sensor(1, 'Boot Temperature'),
          sensor(2, 'Input', { Meta: { Units: 'PPM' } }),
        ]),
      ],
    };
    const full = buildGraphLayout(mixed, noSettings, new Map());
    expect(full.graphs.find((graph) => graph.key === 'F5000001.exp1')?.units).toBe('°F, PPM');
    const layout = layoutOfSensors(full, new Set(['F5000001.exp1.2', 'F5000001.head.1', 'F5000001.tmp.2']));
    expect(layout.graphs.map((graph) => [graph.key, graph.series.map((series) => series.sensor)])).toEqual([
      ['F5000001.head', ['F5000001.head.1']],
      ['F5000001.tmp', ['F5000001.tmp.2']],
      ['F5000001.exp1', ['F5000001.exp1.2']],
    ]);
    expect(layout.graphs[2]).toMatchObject({ units: 'PPM', valueLabel: 'Expansion Card 1 (PPM)' });
    // Ranks order graphs of several devices together: Alignment:Head before Temperature.
    expect((layout.graphs[0]?.rank ?? 0) < (layout.graphs[1]?.rank ?? 0)).toBe(true);
  });
});

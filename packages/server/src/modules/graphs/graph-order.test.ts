import { describe, expect, it } from 'vitest';
import { isSensorsPath, orderGraphs, rankGraph } from './graph-order';

const graph = (key: string, ...groups: Array<[string, string]>) => ({
  key,
  groups: groups.map(([Id, Name]) => ({ Id, Name })),
});

describe('orderGraphs (M section 9)', () => {
  it('orders groups as SENSOR_GROUP_ORDER, by name or by the filter-list Id', () => {
    const graphs = [
      graph('D.digital', ['digital', 'Digital']),
      graph('D.tmp', ['tmp', 'Temperature']),
      graph('D.x', ['x', 'NTC']),
      graph('D.speed', ['speed', 'Belt Speed']),
      graph('D.system', ['system', 'System']),
    ];
    expect(orderGraphs(graphs).map((item) => item.key)).toEqual([
      'D.system',
      'D.speed',
      'D.tmp',
      'D.x',
      'D.digital',
    ]);
  });

  it('puts unknown groups after the ranked ones in tree order, and sensors paths last', () => {
    const graphs = [
      graph('D.sensors'),
      graph('D.net1.n01', ['net1', 'Network 1'], ['n01', 'Node 1']),
      graph('D.plug', ['plug', 'Plug']),
      graph('D.net1.n02', ['net1', 'Network 1'], ['n02', 'Node 2']),
      graph('D.net1.sensors', ['net1', 'Network 1'], ['sensors', 'Sensors']),
    ];
    expect(orderGraphs(graphs).map((item) => item.key)).toEqual([
      'D.plug',
      'D.net1.n01',
      'D.net1.n02',
      'D.sensors',
      'D.net1.sensors',
    ]);
  });

  it('ranks a nested group by itself, else by its nearest ranked ancestor', () => {
    expect(rankGraph(graph('D.n3.tmp', ['n3', 'Node 3'], ['tmp', 'Temperature']))).toBe(4);
    expect(rankGraph(graph('D.exp1.a', ['exp1', 'Expansion Card 1'], ['a', 'Inputs']))).toBe(7);
    expect(isSensorsPath('D.Sensors')).toBe(true);
    expect(isSensorsPath('D.sensorsx')).toBe(false);
  });

  it('does not change its input', () => {
    const graphs = [graph('D.tmp', ['tmp', 'Temperature']), graph('D.system', ['system', 'System'])];
    orderGraphs(graphs);
    expect(graphs[0]?.key).toBe('D.tmp');
  });
});

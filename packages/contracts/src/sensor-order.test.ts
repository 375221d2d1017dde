import { describe, expect, it } from 'vitest';
import { rankSensorGroup, SENSOR_GROUP_ORDER, sortSensorGroups } from './sensor-order';

const group = (Id: string | number, Name: string) => ({ Id, Name });

describe('sortSensorGroups', () => {
  it('puts the groups of a WDC4 in the order of M section 9', () => {
    const tree = [
      group('exp2', 'Expansion Card 2'),
      group('pull', 'Pulley'),
      group('tmp', 'Temperature'),
      group('tail', 'Alignment:Tail'),
      group('head', 'Alignment:Head'),
      group('plug', 'Plug'),
      group('exp1', 'Expansion Card 1'),
      group('speed', 'Speed'),
      group('system', 'System'),
    ];
    expect(sortSensorGroups(tree).map((g) => g.Name)).toEqual([
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
  });

  it('puts groups of no known kind after the known ones, in tree order', () => {
    const tree = [group('x', 'Zeta'), group('digital', 'Digital'), group('y', 'Alpha'), group('ntc', 'NTC')];
    expect(sortSensorGroups(tree).map((g) => g.Name)).toEqual(['NTC', 'Digital', 'Zeta', 'Alpha']);
  });

  it('matches a renamed group by its Id and a name whatever its case', () => {
    expect(rankSensorGroup(group('system', 'System State'))).toBe(0);
    expect(rankSensorGroup(group(7, 'analog'))).toBe(SENSOR_GROUP_ORDER.indexOf('Analog'));
    expect(rankSensorGroup(group('net1', 'Network 1'))).toBe(-1);
  });

  it('leaves the input array as it was', () => {
    const tree = [group('digital', 'Digital'), group('system', 'System')];
    sortSensorGroups(tree);
    expect(tree.map((g) => g.Name)).toEqual(['Digital', 'System']);
  });
});

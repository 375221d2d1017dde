import type { Group, Sensor, StateTree } from '@vigil/contracts';
import { describe, expect, it } from 'vitest';
import { treeOf } from '../../../test/telemetry';
import { f500NodesOf, ownNodeNumber, wireSensorId } from './f500-nodes';

const identity = (deviceType: 'F500' | 'F500-UDF') => ({
  serialNumber: 'SN-1',
  code: 'code',
  deviceType,
  udfId: 'F5000001',
});

const simulated = (deviceType: 'F500' | 'F500-UDF') => JSON.parse(treeOf(identity(deviceType))) as StateTree;

function sensor(id: string | number, name: string): Sensor {
  return { Id: id, Name: name, Type: 'NUMERIC', Value: 1, Status: 'OK', Alarm: false, Meta: {} };
}

function group(id: string | number, name: string, sensors: Sensor[], groups: Group[] | null = null): Group {
  return { Id: id, Name: name, Status: 'OK', Alarm: false, sensors, groups };
}

function treeWith(groups: Group[]): StateTree {
  return { ...simulated('F500'), groups };
}

describe('f500NodesOf', () => {
  it("lists an F500's nodes with their names, numbers, graph keys and numeric sensor ids", () => {
    const nodes = f500NodesOf(simulated('F500'), false);
    expect(nodes.map((node) => [node.number, node.formated_number, node.key])).toEqual([
      [1, '01', 'F5000001.net1.n01'],
      [2, '02', 'F5000001.net1.n02'],
      [3, '03', 'F5000001.net1.n03'],
      [4, '04', 'F5000001.net1.n04'],
    ]);
    expect(nodes[0]?.sensors).toEqual([
      { id: 1, name: 'Bearing Temperature' },
      { id: 2, name: 'Alignment' },
      { id: 3, name: 'Shaft Speed' },
      { id: 4, name: 'Auxiliary Input' },
    ]);
  });

  it('numbers F500-UDF nodes by network so both networks keep their node 1, named after the network', () => {
    const nodes = f500NodesOf(simulated('F500-UDF'), true, { names: {}, networks: { '2': 'Tail conveyor' } });
    expect(nodes.map((node) => node.number)).toEqual([1001, 1002, 1003, 2001, 2002, 2003]);
    expect(nodes[0]).toMatchObject({ formated_number: '01 (Network 1)', key: 'F5000001.net1.n01' });
    expect(nodes[3]).toMatchObject({ formated_number: '01 (Tail conveyor)', key: 'F5000001.net2.n01' });
  });

  it('takes the custom names of the sensor settings by full id', () => {
    const names = { 'F5000001.net1.n02.3': 'Head pulley speed' };
    const nodes = f500NodesOf(simulated('F500'), false, { names, networks: {} });
    expect(nodes[1]?.sensors[2]).toEqual({ id: 3, name: 'Head pulley speed' });
    expect(nodes[0]?.sensors[2]).toEqual({ id: 3, name: 'Shaft Speed' });
  });

  it("keeps a tree's numbers, numbers a node without one or a repeated one above the others", () => {
    const tree = treeWith([
      group('system', 'System State', [sensor(1, 'Network')]),
      group(
        7,
        'Network',
        [],
        [
          group(3, 'Node 03', [sensor(10, 'Temperature'), sensor('a1', 'Aux')]),
          group('spare', '', [sensor(1, 'Input')]),
          group('x3', 'Again 3', [sensor(1, 'Input')]),
          group('empty', 'No sensors', []),
        ],
      ),
    ]);
    const nodes = f500NodesOf(tree, false);
    expect(nodes.map((node) => [node.number, node.formated_number, node.key])).toEqual([
      [3, '03', 'F5000001.7.3'],
      [4, '04', 'F5000001.7.spare'],
      [5, '03', 'F5000001.7.x3'],
    ]);
    expect(nodes[0]?.sensors).toEqual([
      { id: 10, name: 'Temperature' },
      { id: 'a1', name: 'Aux' },
    ]);
  });

  it('has no nodes in a tree without nested groups', () => {
    expect(f500NodesOf(treeWith([group('system', 'System State', [sensor(1, 'Network')])]), false)).toEqual(
      [],
    );
  });
});

describe('node numbers and sensor ids', () => {
  it('reads a number from the Id, then from the digits ending the Id or the Name', () => {
    expect(ownNodeNumber({ Id: 12, Name: 'x' })).toBe(12);
    expect(ownNodeNumber({ Id: 'n07', Name: 'x' })).toBe(7);
    expect(ownNodeNumber({ Id: 'node', Name: 'Node 11' })).toBe(11);
    expect(ownNodeNumber({ Id: 'node', Name: 'Head' })).toBeNull();
    expect(ownNodeNumber({ Id: -1, Name: 'Node 2' })).toBeNull();
  });

  it('sends whole-number Ids as JSON numbers and keeps other text', () => {
    expect(wireSensorId(5)).toBe(5);
    expect(wireSensorId('18000')).toBe(18000);
    expect(wireSensorId('0')).toBe(0);
    expect(wireSensorId('03')).toBe('03');
    expect(wireSensorId('a1')).toBe('a1');
    expect(wireSensorId('1.5')).toBe('1.5');
    expect(wireSensorId('12345678901234567890')).toBe('12345678901234567890');
  });
});

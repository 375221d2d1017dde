import type { F500Node } from '@vigil/contracts';
import { describe, expect, it } from 'vitest';
import { graphSelectionOf } from './f500-graph-link';

const nodes: F500Node[] = [
  {
    number: 1,
    formated_number: '01',
    key: 'F1.net1.n01',
    sensors: [
      { id: 1, name: 'Bearing Temperature' },
      { id: 2, name: 'Alignment' },
    ],
  },
  // F500-UDF: the second network's node 1 is number 2001.
  {
    number: 2001,
    formated_number: '01 (Network 2)',
    key: 'F1.net2.n01',
    sensors: [{ id: 1, name: 'Speed' }],
  },
];

describe('graphSelectionOf (an F500 sensor clicked on the dashboard)', () => {
  it("adds the clicked node sensor to the person's panel selection", () => {
    expect(graphSelectionOf('F1.net1.n01.2', nodes, 'live')).toEqual({
      action: 'append',
      graph_type: 'live',
      node: 1,
      sensor: 2,
    });
  });
  it("finds the node of the sensor's own network (F500-UDF node numbers)", () => {
    expect(graphSelectionOf('F1.net2.n01.1', nodes, 'historical')).toMatchObject({ node: 2001, sensor: 1 });
  });
  it('answers null for a sensor in no node, or one the node does not list', () => {
    expect(graphSelectionOf('F1.system.1', nodes, 'live')).toBeNull();
    expect(graphSelectionOf('F1.net1.n01.9', nodes, 'live')).toBeNull();
    expect(graphSelectionOf('F1.net1.n011.1', nodes, 'live')).toBeNull();
  });
});

import type { GraphArrangementInput } from '@vigil/contracts';
import { describe, expect, it } from 'vitest';
import {
  ARRANGEMENT_MESSAGES,
  type ArrangementEntry,
  applyArrangementAction,
  arrangementOf,
  GRAPH_ARRANGEMENT_MAX_ENTRIES,
  type NodeSensors,
} from './graph-arrangement';

const nodes: NodeSensors = new Map([
  [1, ['1', '2', '3', '4']],
  [2, ['1', '2', '10']],
]);

function apply(current: ArrangementEntry[], input: GraphArrangementInput): ArrangementEntry[] {
  const result = applyArrangementAction(current, input, nodes);
  if (!result.ok) {
    throw new Error(result.message);
  }
  return result.entries;
}

describe('applyArrangementAction', () => {
  it('appends sensors and whole nodes, once', () => {
    let entries = apply([], { action: 'append', node: 1, sensor: 2 });
    entries = apply(entries, { action: 'append', node: 1, sensor: '2' });
    entries = apply(entries, { action: 'append', node: 2 });
    expect(entries).toEqual([
      { node: 1, sensor: '2' },
      { node: 2, sensor: '' },
    ]);
    // A sensor of a whole node is already chosen.
    expect(apply(entries, { action: 'append', node: 2, sensor: 10 })).toEqual(entries);
  });

  it('lets a whole node replace its single sensors', () => {
    const entries = apply([{ node: 1, sensor: '2' }], { action: 'append', node: 1 });
    expect(entries).toEqual([{ node: 1, sensor: '' }]);
  });

  it('deletes a sensor, a whole node, and one sensor out of a whole node', () => {
    const start = [
      { node: 1, sensor: '2' },
      { node: 1, sensor: '3' },
      { node: 2, sensor: '' },
    ];
    expect(apply(start, { action: 'delete', node: 1, sensor: 3 })).toEqual([
      { node: 2, sensor: '' },
      { node: 1, sensor: '2' },
    ]);
    expect(apply(start, { action: 'delete', node: 1 })).toEqual([{ node: 2, sensor: '' }]);
    expect(apply(start, { action: 'delete', node: 2, sensor: '10' })).toEqual([
      { node: 1, sensor: '2' },
      { node: 1, sensor: '3' },
      { node: 2, sensor: '1' },
      { node: 2, sensor: '2' },
    ]);
    // Repeating a delete, or deleting what the tree no longer has, changes nothing.
    expect(apply([{ node: 9, sensor: '1' }], { action: 'delete', node: 9, sensor: 1 })).toEqual([]);
    expect(apply(start, { action: 'delete', node: 5, sensor: 1 })).toEqual(start);
  });

  it('cleans everything', () => {
    expect(apply([{ node: 1, sensor: '' }], { action: 'clean' })).toEqual([]);
  });

  it('refuses a missing node, a node or sensor the tree does not have', () => {
    expect(applyArrangementAction([], { action: 'append' }, nodes)).toEqual({
      ok: false,
      field: 'node',
      message: ARRANGEMENT_MESSAGES.nodeRequired,
    });
    expect(applyArrangementAction([], { action: 'delete', sensor: 1 }, nodes)).toMatchObject({
      field: 'node',
    });
    expect(applyArrangementAction([], { action: 'append', node: 3 }, nodes)).toEqual({
      ok: false,
      field: 'node',
      message: ARRANGEMENT_MESSAGES.unknownNode,
    });
    expect(applyArrangementAction([], { action: 'append', node: 1, sensor: 10 }, nodes)).toEqual({
      ok: false,
      field: 'sensor',
      message: ARRANGEMENT_MESSAGES.unknownSensor,
    });
  });

  it(`keeps at most ${GRAPH_ARRANGEMENT_MAX_ENTRIES} entries, yet lets a full selection shrink`, () => {
    const many = new Map(
      Array.from({ length: GRAPH_ARRANGEMENT_MAX_ENTRIES + 1 }, (_, i) => [i, ['1']] as const),
    );
    const full = Array.from({ length: GRAPH_ARRANGEMENT_MAX_ENTRIES }, (_, i) => ({ node: i, sensor: '1' }));
    const over = applyArrangementAction(
      full,
      { action: 'append', node: GRAPH_ARRANGEMENT_MAX_ENTRIES, sensor: 1 },
      many,
    );
    expect(over).toEqual({ ok: false, field: 'non_field_errors', message: ARRANGEMENT_MESSAGES.tooMany });
    // Appending what is there, or a whole node in place of its sensor, is fine at the limit.
    expect(applyArrangementAction(full, { action: 'append', node: 0, sensor: 1 }, many)).toMatchObject({
      ok: true,
    });
    expect(applyArrangementAction(full, { action: 'append', node: 0 }, many)).toMatchObject({ ok: true });
  });
});

describe('arrangementOf', () => {
  it('lists nodes by number and sensors in natural order; a whole node has no sensors listed', () => {
    expect(
      arrangementOf([
        { node: 2, sensor: '10' },
        { node: 2, sensor: '9' },
        { node: 1, sensor: '' },
        { node: 2, sensor: 'a' },
      ]),
    ).toEqual({
      nodes: [
        { node: 1, sensors: [] },
        { node: 2, sensors: ['9', '10', 'a'] },
      ],
    });
  });
});

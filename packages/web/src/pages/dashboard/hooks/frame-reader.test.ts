import type { StateTree } from '@vigil/contracts';
import { describe, expect, it } from 'vitest';
import { createFrameReader, isStateTree } from './frame-reader';

function treeText(value: number): string {
  const tree: StateTree = {
    Id: 'UDF1',
    Name: 'Elevator',
    Status: 'OK',
    Alarm: false,
    time: 1,
    device: { deviceId: 'UDF1', deviceType: '0300', versionInfo: null },
    sensors: [],
    groups: [
      {
        Id: 'tmp',
        Name: 'Temperature',
        Status: 'OK',
        Alarm: false,
        sensors: [
          { Id: 1, Name: 'Head', Type: 'NUMERIC', Value: value, Status: 'OK', Alarm: false, Meta: {} },
          { Id: 2, Name: 'Tail', Type: 'NUMERIC', Value: 60, Status: 'OK', Alarm: false, Meta: {} },
        ],
      },
    ],
  };
  return JSON.stringify(tree);
}

describe('feed frame reader', () => {
  it('takes only frames shaped as a state tree', () => {
    expect(isStateTree({ groups: [], device: { deviceId: 'X' } })).toBe(true);
    expect(isStateTree({ groups: [] })).toBe(false);
    expect(isStateTree('tree')).toBe(false);
  });

  it('answers null for text that is no JSON or no tree, and changes nothing', () => {
    const read = createFrameReader();
    expect(read('{not json')).toBeNull();
    expect(read('{"detail":"x"}')).toBeNull();
    expect(read(treeText(70))?.sensors.map(([id]) => id)).toEqual(['UDF1.tmp.1', 'UDF1.tmp.2']);
  });

  it('sends the whole layout first, then only the readings that changed', () => {
    const read = createFrameReader();
    const first = read(treeText(70));
    expect(first?.layout?.groups.map((group) => group.key)).toEqual(['UDF1.tmp']);
    expect(first?.sensorIds).toEqual(['UDF1.tmp.1', 'UDF1.tmp.2']);

    const same = read(treeText(70));
    expect(same).toEqual({
      valueIndexes: new Uint32Array(0),
      values: new Float64Array(0),
      sensors: [],
      metas: [],
      layout: null,
      sensorIds: null,
      removedSensors: [],
      removedMetas: [],
    });

    // A new number and nothing else: its position in the tree and the number, as typed arrays.
    const next = read(treeText(71.5));
    expect(next?.layout).toBeNull();
    expect(next?.sensors).toEqual([]);
    expect([...(next?.valueIndexes ?? [])]).toEqual([0]);
    expect([...(next?.values ?? [])]).toEqual([71.5]);
  });

  it('sends a reading whole when more than its number changed', () => {
    const read = createFrameReader();
    read(treeText(70));
    const next = read(
      treeText(70).replace(
        '"Status":"OK","Alarm":false,"Meta":{}}]',
        '"Status":"Alarm","Alarm":true,"Meta":{}}]',
      ),
    );
    expect(next?.valueIndexes).toHaveLength(0);
    expect(next?.sensors).toEqual([['UDF1.tmp.2', expect.objectContaining({ Status: 'Alarm', Value: 60 })]]);
  });
});

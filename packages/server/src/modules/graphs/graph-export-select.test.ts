import type { StateTree } from '@vigil/contracts';
import { describe, expect, it } from 'vitest';
import { treeOf } from '../../../test/telemetry';
import { selectExportSeries } from './graph-export-select';
import { buildGraphLayout } from './graph-layout';

const tree = JSON.parse(
  treeOf({ serialNumber: 'SN-1', code: 'code', deviceType: 'F500', udfId: 'F5000001' }),
) as StateTree;
const layout = buildGraphLayout(tree, null, new Map());
const sensorsOf = (sensorId: string) => selectExportSeries(layout, sensorId).map((series) => series.sensor);

describe('selectExportSeries', () => {
  it('takes every series of a graph key, in the graph order', () => {
    expect(sensorsOf('F5000001.net1.n02')).toEqual([1, 2, 3, 4].map((leaf) => `F5000001.net1.n02.${leaf}`));
  });

  it('takes one sensor by its full id, or every sensor whose id ends with the segments sent', () => {
    expect(sensorsOf(' F5000001.net1.n02.3 ')).toEqual(['F5000001.net1.n02.3']);
    expect(sensorsOf('n03.2')).toEqual(['F5000001.net1.n03.2']);
    expect(sensorsOf('18000')).toEqual(['F5000001.system.18000']);
    expect(sensorsOf('4')).toContain('F5000001.net1.n01.4');
    expect(sensorsOf('4')).toContain('F5000001.system.4');
  });

  it('finds nothing for blank or unknown ids, or a partial segment', () => {
    expect(sensorsOf('')).toEqual([]);
    expect(sensorsOf('nowhere')).toEqual([]);
    expect(sensorsOf('8000')).toEqual([]);
  });
});

import type { Graph } from '@vigil/contracts';
import { describe, expect, it } from 'vitest';
import { type BoardInput, boardStateOf } from './board-state';

const graphWith = (value: number | null): Graph => ({
  units: '',
  value_label: '',
  series: [
    {
      sensor: 'd.g.1',
      name: 'g:1',
      device_name: 'D',
      sensor_type: 'NUMERIC',
      value_label: '',
      data: [[1, value, false, '']],
    },
  ],
});

const base: BoardInput = {
  hasPayload: true,
  isLoading: false,
  isF500: false,
  isPanelLoading: false,
  hasSelection: false,
  graphs: { g: graphWith(1) },
};

describe('what the graphs area shows', () => {
  it('spins while the first answer loads, and offers to try again after a failure', () => {
    expect(boardStateOf({ ...base, hasPayload: false, isLoading: true })).toEqual({ kind: 'loading' });
    expect(boardStateOf({ ...base, hasPayload: false })).toEqual({ kind: 'retry' });
  });

  it("asks an F500's user to select sensors first", () => {
    expect(boardStateOf({ ...base, isF500: true })).toMatchObject({
      text: 'Please select Sensors to generate graphs!',
    });
    expect(boardStateOf({ ...base, isF500: true, hasSelection: true })).toEqual({ kind: 'charts' });
  });

  it("says 'graphs is empty!' without graphs and 'There is no data!' without values", () => {
    expect(boardStateOf({ ...base, graphs: {} })).toMatchObject({ text: 'graphs is empty!' });
    expect(boardStateOf({ ...base, graphs: { g: graphWith(null) } })).toMatchObject({
      text: 'There is no data!',
    });
    expect(boardStateOf(base)).toEqual({ kind: 'charts' });
  });
});

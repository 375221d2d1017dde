import { describe, expect, it } from 'vitest';
import { keySlices } from './rollups';

describe('roll-up key slices', () => {
  it('is one unbounded slice while the sensors fit in one, or there are none', () => {
    expect(keySlices(null, 5_000)).toEqual([{ above: null, upTo: null }]);
    expect(keySlices({ first: 1, last: 5_000 }, 5_000)).toEqual([{ above: null, upTo: null }]);
  });

  it('cuts the span into slices of perSlice keys, open at both ends, with no gap and no overlap', () => {
    expect(keySlices({ first: 1, last: 5_001 }, 5_000)).toEqual([
      { above: null, upTo: 5_000 },
      { above: 5_000, upTo: null },
    ]);
    expect(keySlices({ first: 11, last: 20 }, 4)).toEqual([
      { above: null, upTo: 14 },
      { above: 14, upTo: 18 },
      { above: 18, upTo: null },
    ]);
  });

  it('places every key in exactly one slice', () => {
    const slices = keySlices({ first: 100, last: 1_234 }, 97);
    const holders = (key: number) =>
      slices.filter(({ above, upTo }) => (above === null || key > above) && (upTo === null || key <= upTo));
    for (const key of [-5, 0, 99, 100, 196, 197, 1_233, 1_234, 99_999]) {
      expect(holders(key)).toHaveLength(1);
    }
    expect(slices).toHaveLength(Math.ceil((1_234 - 100 + 1) / 97));
  });
});

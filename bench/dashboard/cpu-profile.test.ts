import { describe, expect, it } from 'vitest';
import { type CpuProfile, selfTimeByFunction } from './cpu-profile';

const frame = (functionName: string, url = '', lineNumber = -1, columnNumber = -1) => ({
  functionName,
  url,
  lineNumber,
  columnNumber,
});

describe('selfTimeByFunction', () => {
  it('adds each sample to its function, named with its chunk and place, per update and largest first', () => {
    const profile: CpuProfile = {
      nodes: [
        { id: 1, callFrame: frame('(root)') },
        { id: 2, callFrame: frame('applyTree', 'http://x/assets/page-1.js', 0, 5907) },
        { id: 3, callFrame: frame('', 'http://x/assets/react-2.js', 7, 10) },
      ],
      startTime: 0,
      endTime: 10_000,
      samples: [2, 3, 2, 2, 1],
      // A sample lasts until the next one; the first delta is the gap from the profile's start.
      timeDeltas: [0, 1000, 2000, 3000, 4000],
    };
    // applyTree: 1 + 3 + 4 ms, the anonymous React function 2 ms, over 2 updates; the last sample has no end.
    expect(selfTimeByFunction(profile, 2)).toEqual([
      ['applyTree page-1.js:1:5908', 4],
      ['(anonymous) react-2.js:8:11', 1],
    ]);
  });
});

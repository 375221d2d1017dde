// --trace FILE of the browser benches: a JS CPU profile of the page's main thread over the measured window (CDP
// Profiler), saved beside the trace as FILE.cpuprofile (DevTools' Performance panel opens it), and the functions
// with the most self time per update. The app is minified: a function is named by its place in its chunk too.
import fs from 'node:fs';
import type { CDPSession } from 'playwright-core';

/** The part of a V8 CPU profile (CDP `Profiler.Profile`) that self time needs. */
export type CpuProfile = {
  nodes: Array<{
    id: number;
    callFrame: { functionName: string; url: string; lineNumber: number; columnNumber: number };
  }>;
  startTime: number;
  endTime: number;
  samples?: number[];
  timeDeltas?: number[];
};

/** Sampling interval: fine enough for a 10 ms update, coarse enough not to cost much itself. */
const SAMPLING_INTERVAL_US = 200;

export async function startCpuProfile(cdp: CDPSession): Promise<() => Promise<CpuProfile>> {
  await cdp.send('Profiler.enable');
  await cdp.send('Profiler.setSamplingInterval', { interval: SAMPLING_INTERVAL_US });
  await cdp.send('Profiler.start');
  return async () => {
    const { profile } = await cdp.send('Profiler.stop');
    await cdp.send('Profiler.disable');
    return profile as CpuProfile;
  };
}

const placeOf = (frame: CpuProfile['nodes'][number]['callFrame']) => {
  const file = frame.url === '' ? '' : (frame.url.split('/').at(-1) ?? frame.url);
  const name = frame.functionName === '' ? '(anonymous)' : frame.functionName;
  return file === '' ? name : `${name} ${file}:${frame.lineNumber + 1}:${frame.columnNumber + 1}`;
};

/** Self time by function (name and place), in ms per update, largest first. */
export function selfTimeByFunction(profile: CpuProfile, updates: number): Array<[place: string, ms: number]> {
  const nodes = new Map(profile.nodes.map((node) => [node.id, node]));
  const byPlace = new Map<string, number>();
  const samples = profile.samples ?? [];
  const deltas = profile.timeDeltas ?? [];
  // A sample's time is the gap to the next one (the last sample's is unknown and left out).
  for (let index = 0; index < samples.length - 1; index += 1) {
    const node = nodes.get(samples[index] ?? -1);
    const us = deltas[index + 1] ?? 0;
    if (node === undefined) {
      continue;
    }
    const place = placeOf(node.callFrame);
    byPlace.set(place, (byPlace.get(place) ?? 0) + us);
  }
  const per = Math.max(1, updates);
  return [...byPlace]
    .map(([place, us]): [string, number] => [place, us / 1000 / per])
    .sort((a, b) => b[1] - a[1]);
}

/** Saves the profile as FILE.cpuprofile and prints the functions with the most self time per update. */
export function reportCpuProfile(traceFile: string, profile: CpuProfile, updates: number): void {
  const file = traceFile.replace(/(\.json)?$/, '.cpuprofile');
  fs.writeFileSync(file, JSON.stringify(profile));
  const functions = selfTimeByFunction(profile, updates);
  const busy = functions
    .filter(([place]) => place !== '(idle)' && place !== '(program)')
    .reduce((sum, [, ms]) => sum + ms, 0);
  console.log(`  JS CPU profile ${file}: ${busy.toFixed(2)} ms per update in JavaScript and GC (sampled)`);
  for (const [place, ms] of functions.slice(0, 25)) {
    console.log(`    ${place.slice(0, 90).padEnd(90)} ${ms.toFixed(2).padStart(6)} ms (self)`);
  }
}

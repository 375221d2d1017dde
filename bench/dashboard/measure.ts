// How bench:dashboard measures one page: main-thread time per feed update, the listener time, dropped frames.
import path from 'node:path';
import type { Page } from 'playwright-core';
import { reportCpuProfile, startCpuProfile } from './cpu-profile';
import { reportTrace, startTrace } from './trace-recording';
import { nextSampleAt, type Sample, summariseUpdates, type UpdateSummary, windowsBetween } from './windows';

/**
 * Updates a page handles before its window starts: the dashboard's load (its queries answering, the first
 * layout of every group) is a one-time cost, not an update's.
 */
const SETTLE_UPDATES = 5;
const WAIT_CEILING_MS = 120_000;

type ProbeState = { updates: number[]; updateStarts: number[]; frameGaps: number[] };
type ProbeControl = { reset(): void; startFrames(): void; stopFrames(): void };

const readProbe = (page: Page): Promise<ProbeState> =>
  page.evaluate(() => {
    const probe = (window as unknown as { __dashboardProbe: ProbeState }).__dashboardProbe;
    return {
      updates: [...probe.updates],
      updateStarts: [...probe.updateStarts],
      frameGaps: [...probe.frameGaps],
    };
  });

const control = (page: Page, action: keyof ProbeControl) =>
  page.evaluate(
    (name) => (window as unknown as { __dashboardProbe: ProbeControl }).__dashboardProbe[name](),
    action,
  );

async function waitForUpdates(page: Page, count: number, resultsDir: string): Promise<void> {
  try {
    await page.waitForFunction(
      (wanted) =>
        (window as unknown as { __dashboardProbe: ProbeState }).__dashboardProbe.updates.length >= wanted,
      count,
      { timeout: WAIT_CEILING_MS, polling: 200 },
    );
  } catch (error) {
    const shot = path.join(resultsDir, 'dashboard-no-updates.png');
    await page.screenshot({ path: shot }).catch(() => {});
    const text = await page.evaluate(() => document.body.innerText.slice(0, 600)).catch(() => '');
    throw new Error(`no feed updates reached ${page.url()} (screenshot ${shot}); the page said:\n${text}`, {
      cause: error,
    });
  }
}

const sleepUntil = (at: number) =>
  new Promise((resolve) => setTimeout(resolve, Math.max(0, at - Date.now())));

/**
 * After the feed settled: the page's main-thread busy time (CDP TaskDuration) sampled once a second for
 * `seconds`, each sample half a second after an update so that every window holds one update whole. Nothing
 * else asks the page for frames, and nothing runs in the page between samples (the update times are read
 * once, at the end), so a window's busy time is its update's work: scripts, style, layout, paint, garbage
 * collection, and the one CDP call. Then the missed animation frames over a further third of that time with
 * a frame loop running.
 */
export async function measure(
  page: Page,
  options: { seconds: number; resultsDir: string; traceFile?: string | null },
): Promise<UpdateSummary> {
  const { seconds } = options;
  // Every page with the pointer resting at the same place, as a person's does over a page in use: Chrome then
  // hit-tests under it after each layout. Before, only the dashboard had a pointer (from the login click).
  const viewport = page.viewportSize() ?? { width: 1440, height: 900 };
  await page.mouse.move(viewport.width / 2, viewport.height / 2);
  await waitForUpdates(page, SETTLE_UPDATES, options.resultsDir);
  const lastUpdate = (await readProbe(page)).updateStarts.at(-1) ?? Date.now();
  await control(page, 'reset');
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Performance.enable');
  const stopTrace = options.traceFile ? await startTrace(cdp) : null;
  const stopProfile = options.traceFile ? await startCpuProfile(cdp) : null;
  const sample = async (): Promise<Sample> => {
    const before = Date.now();
    const { metrics } = await cdp.send('Performance.getMetrics');
    const metric = (name: string) => metrics.find((entry) => entry.name === name)?.value;
    const threadSeconds = metric('ThreadTime');
    return {
      at: (before + Date.now()) / 2,
      taskSeconds: metric('TaskDuration') ?? 0,
      ...(threadSeconds === undefined ? {} : { threadSeconds }),
    };
  };
  let at = nextSampleAt(lastUpdate, Date.now());
  await sleepUntil(at);
  const samples = [await sample()];
  for (let second = 0; second < seconds; second += 1) {
    at += 1000;
    await sleepUntil(at);
    samples.push(await sample());
  }
  const { updates, updateStarts } = await readProbe(page);
  const windows = windowsBetween(samples, updateStarts);
  // The trace ends first: stopping the profiler serialises the whole profile in the page's main thread (a
  // 140 ms DevTools message on the dashboard), which is no update's work.
  if (stopTrace !== null && options.traceFile) {
    reportTrace(
      options.traceFile,
      await stopTrace(),
      windows.reduce((sum, w) => sum + w.updates, 0),
    );
  }
  const profile = stopProfile === null ? null : await stopProfile();
  if (profile !== null && options.traceFile) {
    reportCpuProfile(
      options.traceFile,
      profile,
      windows.reduce((sum, w) => sum + w.updates, 0),
    );
  }
  await cdp.detach();
  await control(page, 'startFrames');
  await new Promise((resolve) => setTimeout(resolve, Math.max(5, seconds / 3) * 1000));
  await control(page, 'stopFrames');
  const { frameGaps } = await readProbe(page);
  return summariseUpdates(windows, updates, frameGaps);
}

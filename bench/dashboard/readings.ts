// bench:dashboard checks that it measured a dashboard whose cards on screen really update: a bug once stopped
// them, and the bench then timed a page that painted almost nothing (docs/performance.md 'Live dashboard').
import type { Page } from 'playwright-core';

/** How long the readings in view are watched: the simulator changes about two in five each second. */
const WATCH_MS = 3_000;

export type ReadingsCheck = { inView: number; changed: number };

/** The texts of the reading boxes inside the viewport. */
const readingsInView = (page: Page): Promise<string[]> =>
  page.evaluate(() =>
    [...document.querySelectorAll<HTMLElement>('[data-testid^="sensor-value-"]')]
      .filter((box) => {
        const rect = box.getBoundingClientRect();
        return rect.bottom > 0 && rect.top < window.innerHeight;
      })
      .map((box) => `${box.dataset.testid}=${box.innerText}`),
  );

/**
 * Reads the readings in view twice, WATCH_MS apart (after the measured window, so it costs the window
 * nothing), and throws when none of them changed.
 */
export async function checkReadingsChange(page: Page): Promise<ReadingsCheck> {
  const before = await readingsInView(page);
  await page.waitForTimeout(WATCH_MS);
  const after = new Set(await readingsInView(page));
  const changed = before.filter((reading) => !after.has(reading)).length;
  if (before.length === 0 || changed === 0) {
    throw new Error(
      `the dashboard's readings in view did not change in ${WATCH_MS / 1000} s (${before.length} in view): are its cards live?`,
    );
  }
  return { inView: before.length, changed };
}

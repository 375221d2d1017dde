// The benches check that they measured a page whose readings on screen really update: a bug once stopped the
// dashboard's cards, and bench:dashboard then timed a page that painted almost nothing (docs/performance.md
// 'Live dashboard'). bench:visual checks the live view's sensor points the same way.
import type { Page } from 'playwright-core';

/** How long the readings in view are watched: the simulator changes about two in five each second. */
const WATCH_MS = 3_000;

export type ReadingsCheck = { inView: number; changed: number };

/** Where a page shows its readings: the elements, and the attribute holding each reading (else its text). */
export type ReadingBoxes = { selector: string; attribute?: string };

/** The dashboard's reading boxes. */
const DASHBOARD_READINGS: ReadingBoxes = { selector: '[data-testid^="sensor-value-"]' };

/** The readings of the boxes inside the viewport. */
const readingsInView = (page: Page, boxes: ReadingBoxes): Promise<string[]> =>
  page.evaluate(
    ({ selector, attribute }) =>
      [...document.querySelectorAll<HTMLElement>(selector)]
        .filter((box) => {
          const rect = box.getBoundingClientRect();
          return rect.bottom > 0 && rect.top < window.innerHeight;
        })
        .map((box, at) => `${at}=${attribute === null ? box.innerText : box.getAttribute(attribute)}`),
    { selector: boxes.selector, attribute: boxes.attribute ?? null },
  );

/**
 * Reads the readings in view twice, WATCH_MS apart (after the measured window, so it costs the window
 * nothing), and throws when none of them changed.
 */
export async function checkReadingsChange(
  page: Page,
  boxes: ReadingBoxes = DASHBOARD_READINGS,
): Promise<ReadingsCheck> {
  const before = await readingsInView(page, boxes);
  await page.waitForTimeout(WATCH_MS);
  const after = new Set(await readingsInView(page, boxes));
  const changed = before.filter((reading) => !after.has(reading)).length;
  if (before.length === 0 || changed === 0) {
    throw new Error(
      `the page's readings in view did not change in ${WATCH_MS / 1000} s (${before.length} in view): is it live?`,
    );
  }
  return { inView: before.length, changed };
}

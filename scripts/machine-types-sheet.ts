/// <reference lib="dom" />
// The hit test below runs in the page (page.evaluate), so this script needs the browser types; scripts/ has none.
/**
 * Renders the machine-type contact sheet (packages/server/src/modules/visual-dashboard/machine-types) to
 * /tmp/machine-types.html and /tmp/machine-types.png, to look at the drawings after changing them:
 *   node --import tsx scripts/machine-types-sheet.ts [out.png]
 * Needs a Chromium at /usr/bin/chromium (or CHROMIUM_PATH). It also hit-tests every sensor point in the browser
 * and exits 1 when one lies over blank background (a point must sit on the part it names; the unit tests only
 * check that it is inside the image).
 */
import { writeFile } from 'node:fs/promises';
import { chromium } from 'playwright-core';
import { buildContactSheetHtml } from '../packages/server/src/modules/visual-dashboard/machine-types/contact-sheet';

const png = process.argv[2] ?? '/tmp/machine-types.png';
const html = png.replace(/\.png$/, '.html');
await writeFile(html, buildContactSheetHtml());
const browser = await chromium.launch({ executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium' });
try {
  const page = await browser.newPage({ viewport: { width: 1500, height: 1000 } });
  await page.goto(`file://${html}`);
  await page.screenshot({ path: png, fullPage: true });
  // A sensor point over blank background names no part: list them (the browser hit-tests the drawing's shapes).
  const blank = await page.evaluate(() => {
    const found: string[] = [];
    for (const overlay of document.querySelectorAll<SVGSVGElement>('svg.overlay')) {
      overlay.style.pointerEvents = 'none';
      overlay.scrollIntoView({ block: 'center' });
      const cell = overlay.closest('.cell');
      const name = `${cell?.closest('section')?.querySelector('h2')?.textContent}, ${cell?.lastElementChild?.textContent}`;
      overlay.querySelectorAll<SVGCircleElement>('circle').forEach((mark, index) => {
        const box = mark.getBoundingClientRect();
        const hit = document.elementFromPoint(box.x + box.width / 2, box.y + box.height / 2);
        if (!hit || hit.tagName === 'svg' || !hit.closest('svg')) found.push(`${name}: point ${index + 1}`);
      });
    }
    return found;
  });
  if (blank.length > 0) {
    console.log(`sensor points on blank background:\n${blank.join('\n')}`);
    process.exitCode = 1;
  } else {
    console.log('every sensor point is on a drawn part');
  }
} finally {
  await browser.close();
}
console.log(`wrote ${html} and ${png}`);

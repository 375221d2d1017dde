/**
 * Renders the machine-type contact sheet (packages/server/src/modules/visual-dashboard/machine-types) to
 * /tmp/machine-types.html and /tmp/machine-types.png, to look at the drawings after changing them:
 *   node --import tsx scripts/machine-types-sheet.ts [out.png]
 * Needs a Chromium at /usr/bin/chromium (or CHROMIUM_PATH).
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
} finally {
  await browser.close();
}
console.log(`wrote ${html} and ${png}`);

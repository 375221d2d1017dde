import { VISUAL_MESSAGES } from '@vigil/contracts';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { tabSavePayload } from '../../packages/server/test/fixtures/visual-dashboard';
import { apiLogin } from '../fixtures/api-seed';
import { DEMO, screenshot, signIn, useBrowser } from '../fixtures/browser';
import { apiV2Call } from '../fixtures/visual-dashboard-scene';

type Point = { x: number; y: number };

/** A screen point on the connector's line that nothing (a machine, a bend) covers. */
async function pointOnConnector(page: Page): Promise<Point> {
  const found = await page.getByTestId('vd-connector').evaluate((path: SVGPathElement) => {
    const length = path.getTotalLength();
    const matrix = path.getScreenCTM();
    for (let step = 1; step < 20 && matrix !== null; step += 1) {
      const at = path.getPointAtLength((length * step) / 20);
      const x = at.x * matrix.a + at.y * matrix.c + matrix.e;
      const y = at.x * matrix.b + at.y * matrix.d + matrix.f;
      if (document.elementFromPoint(x, y) === path) {
        return { x, y };
      }
    }
    return null;
  });
  if (found === null) {
    throw new Error('no free point on the connector');
  }
  return found;
}

async function centreOf(page: Page, index: number): Promise<Point> {
  const box = await page.getByTestId('vd-bend').nth(index).boundingBox();
  if (box === null) {
    throw new Error(`no bend ${index}`);
  }
  return { x: box.x + box.width / 2, y: box.y + box.height / 2 };
}

describe("a connector's bends in the editor (M section 3 'Connector': additional points)", () => {
  const browser = useBrowser();

  it('adds a bend by double-click, drags it, removes another, saves, the live view and editor draw it, and keys move and remove it', async () => {
    const token = await apiLogin(DEMO.superuser);
    // The server tests' save (Leg 1 feeds Belt 1 through one bend), the belt moved down and right so the line
    // runs free of the pictures, its bend at (400, 100).
    const payload = tabSavePayload({ location: 1, schema: null }, [], {
      name: 'Bends',
      schema_name: `Bends ${Date.now().toString(36)}`,
    });
    payload.machines = payload.machines.map((machine) =>
      machine.frontend_id === 'belt' ? { ...machine, x_coord: 460, y_coord: 300 } : machine,
    );
    payload.connectors = payload.connectors.map((connector) => ({
      ...connector,
      additional_points: [{ x_coord: 400, y_coord: 100 }],
    }));
    const saved = await apiV2Call<{ id: number; schema: number }>('POST', 'tabs/', token, payload);
    const livePath = `/visual-dashboard/site/1/schemas/${saved.schema}/tabs/${saved.id}`;

    const page = await browser.newPage({ width: 1440, height: 1000 });
    await signIn(page, DEMO.superuser);
    await page.getByTestId('nav-visual-dashboard').waitFor();
    await page.goto(`${livePath}/edit`);
    await page.getByRole('heading', { name: 'Editor: Edit' }).waitFor();
    const bends = page.getByTestId('vd-bend');
    await bends.first().waitFor();
    await expect(bends.count()).resolves.toBe(1);
    const original = await centreOf(page, 0);

    // Double-click on the line: a second bend, where the person clicked (the tab is at zoom 100: 1 px = 1 px).
    const clicked = await pointOnConnector(page);
    await page.mouse.dblclick(clicked.x, clicked.y);
    await expect.poll(() => bends.count()).toBe(2);
    const added = await Promise.all([centreOf(page, 0), centreOf(page, 1)]).then((both) =>
      both.find((centre) => Math.hypot(centre.x - original.x, centre.y - original.y) > 3),
    );
    if (added === undefined) {
      throw new Error('the new bend is not on the canvas');
    }
    expect(Math.abs(added.x - clicked.x)).toBeLessThanOrEqual(2);
    expect(Math.abs(added.y - clicked.y)).toBeLessThanOrEqual(2);

    // Drag the new bend 60 px down (the double-click selected the connector: its bends are blue), then
    // double-click the saved one away.
    await page.mouse.move(added.x, added.y);
    await page.mouse.down();
    await page.mouse.move(added.x, added.y + 60, { steps: 6 });
    await page.mouse.up();
    await expect(page.locator('.vd-bend--selected').count()).resolves.toBe(2);
    await screenshot(page, 'visual-dashboard-editor-bends-1440');
    await page.mouse.dblclick(original.x, original.y);
    await expect.poll(() => bends.count()).toBe(1);
    const moved = await centreOf(page, 0);
    expect(Math.abs(moved.x - added.x)).toBeLessThanOrEqual(2);
    expect(Math.abs(moved.y - (added.y + 60))).toBeLessThanOrEqual(2);

    // A bend is a change: CANCEL asks first.
    await page.getByRole('button', { name: 'CANCEL' }).click();
    await page.locator('.ant-modal-confirm-title', { hasText: VISUAL_MESSAGES.unsaved }).waitFor();
    await page.getByRole('button', { name: 'Stay' }).click();

    await page.getByRole('button', { name: 'SAVE' }).click();
    await page.waitForURL(new RegExp(`${livePath}$`));
    const tab = await apiV2Call<{
      connectors: Array<{ additional_points: Array<{ x_coord: number; y_coord: number }> }>;
    }>('GET', `tabs/${saved.id}/`, token);
    const points = tab.connectors[0]?.additional_points ?? [];
    expect(points).toHaveLength(1);
    const [bend] = points;
    if (bend === undefined) {
      throw new Error('no bend saved');
    }
    expect(Number.isInteger(bend.x_coord) && Number.isInteger(bend.y_coord)).toBe(true);

    // The live view draws its line through the saved bend.
    const line = page.getByTestId('live-connector');
    await line.waitFor();
    await expect(line.getAttribute('points')).resolves.toContain(` ${bend.x_coord},${bend.y_coord} `);
    await screenshot(page, 'visual-dashboard-editor-bends-live-1440');

    // Reopened, the editor shows the bend where it was left.
    await page.goto(`${livePath}/edit`);
    await page.getByRole('heading', { name: 'Editor: Edit' }).waitFor();
    await bends.first().waitFor();
    await expect(bends.count()).resolves.toBe(1);
    const reopened = await centreOf(page, 0);
    expect(Math.abs(reopened.x - moved.x)).toBeLessThanOrEqual(1);
    expect(Math.abs(reopened.y - moved.y)).toBeLessThanOrEqual(1);

    // By keyboard: Shift + arrow moves a focused bend 10 px; Delete removes the bend, not the connector.
    await bends.first().focus();
    await page.keyboard.press('Shift+ArrowRight');
    await expect.poll(async () => Math.round((await centreOf(page, 0)).x - reopened.x)).toBe(10);
    await page.keyboard.press('Delete');
    await expect.poll(() => bends.count()).toBe(0);
    await expect(page.locator('.react-flow__edge').count()).resolves.toBe(1);
    await page.context().close();
  });
});

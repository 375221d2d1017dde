import { VISUAL_MESSAGES } from '@vigil/contracts';
import type { Locator, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { DEMO, screenshot, signIn, useBrowser } from '../fixtures/browser';

const SCHEMAS = '/visual-dashboard/site/1/schemas/';
const UNSAVED = VISUAL_MESSAGES.unsaved;

/** Drags a palette entry onto the canvas at a point of the canvas (HTML5 drag and drop, as a person does). */
async function dropOnCanvas(page: Page, entry: string, x: number, y: number): Promise<void> {
  await page
    .getByTestId(`palette-${entry}`)
    .dragTo(page.getByTestId('editor-canvas'), { targetPosition: { x, y } });
}

/** Drags with the mouse from the centre of one element to the centre of another. */
async function dragBetween(page: Page, from: Locator, to: Locator): Promise<void> {
  const start = await from.boundingBox();
  const end = await to.boundingBox();
  if (start === null || end === null) {
    throw new Error('nothing to drag between');
  }
  await page.mouse.move(start.x + start.width / 2, start.y + start.height / 2);
  await page.mouse.down();
  await page.mouse.move(end.x + end.width / 2, end.y + end.height / 2, { steps: 8 });
  await page.mouse.up();
}

async function openEditorAsSuperUser(width: number): Promise<Page> {
  const { browser } = state;
  const page = await browser.newPage({ width, height: 1000 });
  await signIn(page, DEMO.superuser);
  await page.getByTestId('nav-visual-dashboard').waitFor();
  await page.goto(SCHEMAS);
  await page.getByRole('button', { name: /Add new schema/ }).click();
  await page.getByRole('heading', { name: 'Editor: Create' }).waitFor();
  await page.getByTestId('palette-Bucket Elevator').waitFor();
  return page;
}

const state = { browser: undefined as unknown as ReturnType<typeof useBrowser> };

describe('the visual dashboard editor (M section 2 "Editor")', () => {
  state.browser = useBrowser();

  it('draws a schema with two machines, a bound sensor, a connector and a label, saves it, and guards unsaved changes', async () => {
    const page = await openEditorAsSuperUser(1440);
    await dropOnCanvas(page, 'Bucket Elevator', 120, 60);
    await dropOnCanvas(page, 'Belt Conveyor', 420, 200);
    const names = page.getByPlaceholder('Machine name');
    await expect(names.count()).resolves.toBe(2);
    await names.nth(0).fill('Leg 1');
    await names.nth(1).fill('Belt 1');
    await expect(page.getByText('Select state sensor').count()).resolves.toBe(2);

    // Bind a demo sensor on the elevator's first sensor point through the picker.
    await page.locator('.vd-sensor-point').first().click();
    const picker = page.getByRole('dialog');
    await picker.locator('.vd-picker-item').first().waitFor();
    await screenshot(page, 'visual-dashboard-editor-picker-1440');
    await picker.locator('.vd-picker-item:not(.vd-picker-item--disabled)').first().click();
    await picker.waitFor({ state: 'hidden' });
    await page.locator('.vd-sensor-point--bound').waitFor();

    // Connect the elevator's head discharge (152) to the conveyor's tail inlet (251).
    await dragBetween(
      page,
      page.locator('.react-flow__handle[data-handleid="152"]'),
      page.locator('.react-flow__handle[data-handleid="251"]'),
    );
    await page.locator('.react-flow__edge').waitFor();

    await dropOnCanvas(page, 'Label', 60, 520);
    await page.getByTestId('vd-label').dblclick();
    await page.getByTestId('vd-label').locator('textarea').fill('Pit');
    await page.keyboard.press('Enter');
    await page.getByTestId('vd-label').getByText('Pit').waitFor();

    await page.getByTestId('schema-name').fill(`Plant ${Date.now().toString(36)}`);
    await page.getByTestId('tab-name').fill('Receiving');
    await screenshot(page, 'visual-dashboard-editor-1440');
    await page.getByRole('button', { name: 'SAVE' }).click();
    await page.waitForURL(/\/visual-dashboard\/site\/1\/schemas\/\d+\/tabs\/\d+$/);
    const livePath = new URL(page.url()).pathname;

    // Editing again loads what was saved; leaving with a change asks first.
    await page.goto(`${livePath}/edit`);
    await page.getByRole('heading', { name: 'Editor: Edit' }).waitFor();
    await page.locator('.react-flow__edge').waitFor();
    await expect(page.getByPlaceholder('Machine name').nth(0).inputValue()).resolves.toBe('Leg 1');
    await expect(page.locator('.vd-sensor-point--bound').count()).resolves.toBe(1);
    await expect(page.getByTestId('tab-name').inputValue()).resolves.toBe('Receiving');
    await page.getByText('Receiving', { exact: true }).first().waitFor();

    await page.getByPlaceholder('Machine name').nth(1).fill('Belt 2');
    await page.getByRole('button', { name: 'CANCEL' }).click();
    await page.locator('.ant-modal-confirm-title', { hasText: UNSAVED }).waitFor();
    await screenshot(page, 'visual-dashboard-editor-unsaved-1440');
    await page.getByRole('button', { name: 'Stay' }).click();
    await page.getByTestId('nav-visual-dashboard').click();
    await page.locator('.ant-modal-confirm-title', { hasText: UNSAVED }).waitFor();
    await page.getByRole('button', { name: 'Leave without saving' }).click();
    // The super user has no current site: the sidebar's entry asks for one (M section 2).
    await page.getByText(VISUAL_MESSAGES.selectLocation).waitFor();
    await page.context().close();
  });

  it('fits a 900 px wide screen', async () => {
    const page = await openEditorAsSuperUser(900);
    await dropOnCanvas(page, 'Belt Conveyor', 60, 60);
    await dropOnCanvas(page, 'Rectangle', 300, 300);
    await page.getByPlaceholder('Machine name').waitFor();
    await screenshot(page, 'visual-dashboard-editor-900');
    await page.context().close();
  });
});

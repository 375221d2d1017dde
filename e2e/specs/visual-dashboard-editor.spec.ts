import { VISUAL_MESSAGES } from '@vigil/contracts';
import type { Locator, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { tabSavePayload } from '../../packages/server/test/fixtures/visual-dashboard';
import { apiLogin } from '../fixtures/api-seed';
import { DEMO, screenshot, signIn, useBrowser } from '../fixtures/browser';
import { apiV2Call } from '../fixtures/visual-dashboard-scene';

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

async function openEditorAsSuperUser(browser: ReturnType<typeof useBrowser>, width: number): Promise<Page> {
  const page = await browser.newPage({ width, height: 1000 });
  await signIn(page, DEMO.superuser);
  await page.getByTestId('nav-visual-dashboard').waitFor();
  await page.goto(SCHEMAS);
  await page.getByRole('button', { name: /Add new schema/ }).click();
  await page.getByRole('heading', { name: 'Editor: Create' }).waitFor();
  await page.getByTestId('palette-Bucket Elevator').waitFor();
  return page;
}

describe('the visual dashboard editor (M section 2 "Editor")', () => {
  const browser = useBrowser();

  it('draws a schema with two machines, a bound sensor, a connector and a label, saves it, and guards unsaved changes', async () => {
    const page = await openEditorAsSuperUser(browser, 1440);
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
    const page = await openEditorAsSuperUser(browser, 900);
    await dropOnCanvas(page, 'Belt Conveyor', 60, 60);
    await dropOnCanvas(page, 'Rectangle', 300, 300);
    await page.getByPlaceholder('Machine name').waitFor();
    // The machine's bottom-right handle scales it with its aspect kept (320 × 120 at scale 1).
    const picture = page.locator('.vd-machine img');
    const handle = await page.locator('.vd-machine .vd-resize').boundingBox();
    if (handle === null) {
      throw new Error('no resize handle');
    }
    await page.mouse.move(handle.x + handle.width / 2, handle.y + handle.height / 2);
    await page.mouse.down();
    await page.mouse.move(handle.x - 160, handle.y - 60, { steps: 8 });
    await page.mouse.up();
    const width = Number(await picture.getAttribute('width'));
    const height = Number(await picture.getAttribute('height'));
    expect(width).toBeGreaterThan(140);
    expect(width).toBeLessThan(180);
    expect(width / height).toBeCloseTo(320 / 120, 2);
    // A shape turns by its round handle: dragging it up and right of the centre is an eighth of a turn.
    const shape = page.getByTestId('vd-shape');
    await shape.click();
    await page.locator('.vd-rotate').waitFor();
    const box = await shape.boundingBox();
    if (box === null) {
      throw new Error('no shape');
    }
    await page.mouse.move(box.x + box.width / 2, box.y - 20);
    await page.mouse.down();
    await page.mouse.move(box.x + box.width / 2 + 80, box.y + box.height / 2 - 80, { steps: 6 });
    await page.mouse.up();
    await expect(shape.getAttribute('style')).resolves.toContain('rotate(45deg)');
    await screenshot(page, 'visual-dashboard-editor-900');
    await page.context().close();
  });
});

describe('saving a published schema (M section 4 "Schema")', () => {
  const browser = useBrowser();

  it('asks first, then saves the tab into a copy and opens the copy', async () => {
    const token = await apiLogin(DEMO.superuser);
    const sensors = await apiV2Call<Array<{ id: string }>>('GET', 'search-sensor/?location=1', token);
    const name = `Published ${Date.now().toString(36)}`;
    // The server tests' valid save: an elevator bound to the site's last sensor feeding a belt conveyor.
    const saved = await apiV2Call<{ id: number; schema: number }>(
      'POST',
      'tabs/',
      token,
      tabSavePayload({ location: 1, schema: null }, [sensors[sensors.length - 1]?.id ?? ''], {
        name: 'Intake',
        schema_name: name,
      }),
    );
    await apiV2Call('POST', `schemas/${saved.schema}/publish/`, token, { comment: 'Ready' });

    const page = await browser.newPage({ width: 1440, height: 1000 });
    await signIn(page, DEMO.superuser);
    await page.getByTestId('nav-visual-dashboard').waitFor();
    await page.goto(`/visual-dashboard/site/1/schemas/${saved.schema}/edit`);
    await page.getByRole('heading', { name: 'Editor: Edit' }).waitFor();
    await page.locator('.react-flow__edge').waitFor();
    await page.getByPlaceholder('Machine name').nth(1).fill('Belt 10');
    await page.getByRole('button', { name: 'SAVE' }).click();
    await page.locator('.ant-modal-confirm-title', { hasText: VISUAL_MESSAGES.publishedSave }).waitFor();
    await screenshot(page, 'visual-dashboard-editor-published-1440');
    await page.getByRole('button', { name: 'Create a copy' }).click();
    await page.waitForURL(/\/schemas\/\d+\/tabs\/\d+$/);
    const [, schemaId, tabId] = new URL(page.url()).pathname.match(/schemas\/(\d+)\/tabs\/(\d+)$/) ?? [];
    expect(Number(schemaId)).not.toBe(saved.schema);
    const copy = await apiV2Call<{ name: string; is_published: boolean }>(
      'GET',
      `schemas/${schemaId}/`,
      token,
    );
    expect(copy).toMatchObject({ name: `${name} (copy)`, is_published: false });
    const tab = await apiV2Call<{
      machines: Array<{ name: string; sensors: unknown[] }>;
      connectors: Array<{ additional_points: unknown[] }>;
      shapes: unknown[];
      text_elements: Array<{ value: string }>;
    }>('GET', `tabs/${tabId}/`, token);
    expect(tab.machines.map((machine) => machine.name).sort()).toEqual(['Belt 10', 'Leg 1']);
    expect(tab.machines.flatMap((machine) => machine.sensors)).toHaveLength(1);
    expect(tab.connectors.map((connector) => connector.additional_points.length)).toEqual([1]);
    expect(tab.shapes).toHaveLength(1);
    expect(tab.text_elements.map((label) => label.value)).toEqual(['Pit']);
    await page.context().close();
  });
});

describe('the tab strip of the editor (M sections 2 and 9)', () => {
  const browser = useBrowser();

  it('switches tabs after asking about unsaved changes, and reorders tabs by a held drag', async () => {
    const token = await apiLogin(DEMO.superuser);
    const name = `Two tabs ${Date.now().toString(36)}`;
    const first = await apiV2Call<{ id: number; schema: number }>(
      'POST',
      'tabs/',
      token,
      tabSavePayload({ location: 1, schema: null }, [], { name: 'North', schema_name: name }),
    );
    const second = await apiV2Call<{ id: number; schema: number }>(
      'POST',
      'tabs/',
      token,
      tabSavePayload({ location: 1, schema: first.schema }, [], { name: 'South' }),
    );

    const page = await browser.newPage({ width: 1440, height: 1000 });
    await signIn(page, DEMO.superuser);
    await page.getByTestId('nav-visual-dashboard').waitFor();
    await page.goto(`/visual-dashboard/site/1/schemas/${first.schema}/edit`);
    await page.getByRole('heading', { name: 'Editor: Edit' }).waitFor();
    await expect(page.getByTestId('tab-name').inputValue()).resolves.toBe('North');
    await page.getByTestId('tab-name').fill('North gate');
    await page.getByRole('tab', { name: 'South' }).click();
    await page.locator('.ant-modal-confirm-title', { hasText: VISUAL_MESSAGES.unsaved }).waitFor();
    await page.getByRole('button', { name: 'Leave without saving' }).click();
    await page.waitForURL(new RegExp(`/tabs/${second.id}/edit$`));
    await page.getByRole('tab', { name: 'South', selected: true }).waitFor();
    await expect(page.getByTestId('tab-name').inputValue()).resolves.toBe('South');

    // A press makes the tab draggable (after 100 ms); dropping it on the first tab puts it first.
    const south = page.getByRole('tab', { name: 'South' });
    const north = page.getByRole('tab', { name: 'North' });
    const from = await south.boundingBox();
    const to = await north.boundingBox();
    if (from === null || to === null) {
      throw new Error('no tabs');
    }
    await page.mouse.move(from.x + from.width / 2, from.y + from.height / 2);
    await page.mouse.down();
    await page.locator('.vd-tab[draggable="true"]').waitFor();
    await page.mouse.move(to.x + to.width / 2, to.y + to.height / 2, { steps: 8 });
    await page.mouse.up();
    await page.getByRole('tab').first().filter({ hasText: 'South' }).waitFor();
    const schema = await apiV2Call<{ schema_tabs: Array<{ name: string }> }>(
      'GET',
      `schemas/${first.schema}/`,
      token,
    );
    expect(schema.schema_tabs.map((tab) => tab.name)).toEqual(['South', 'North']);
    await screenshot(page, 'visual-dashboard-editor-tabs-1440');
    await page.context().close();
  });
});

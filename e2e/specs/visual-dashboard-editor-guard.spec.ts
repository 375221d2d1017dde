import { VISUAL_MESSAGES } from '@vigil/contracts';
import { describe, expect, it } from 'vitest';
import { tabSavePayload } from '../../packages/server/test/fixtures/visual-dashboard';
import { apiLogin } from '../fixtures/api-seed';
import { DEMO, screenshot, signIn, useBrowser } from '../fixtures/browser';
import { apiV2Call } from '../fixtures/visual-dashboard-scene';

const UNSAVED = VISUAL_MESSAGES.unsaved;

describe("the editor's unsaved-changes guard and the browser's Back button (M section 4 'Schema')", () => {
  const browser = useBrowser();

  it('asks on Back with a change: staying keeps the change, leaving opens the page before', async () => {
    const token = await apiLogin(DEMO.superuser);
    const saved = await apiV2Call<{ id: number; schema: number }>(
      'POST',
      'tabs/',
      token,
      tabSavePayload({ location: 1, schema: null }, [], {
        name: 'Intake',
        schema_name: `Back ${Date.now().toString(36)}`,
      }),
    );
    const livePath = `/visual-dashboard/site/1/schemas/${saved.schema}/tabs/${saved.id}`;

    const page = await browser.newPage({ width: 1440, height: 1000 });
    await signIn(page, DEMO.superuser);
    await page.getByTestId('nav-visual-dashboard').waitFor();
    await page.goto(livePath);
    await page.getByRole('button', { name: 'Edit tab Intake' }).click();
    await page.waitForURL(new RegExp(`/tabs/${saved.id}/edit$`));
    await page.getByRole('heading', { name: 'Editor: Edit' }).waitFor();
    await page.locator('.react-flow__edge').waitFor();

    // With a change, Back asks and the editor stays where it was.
    await page.getByTestId('tab-name').fill('Intake north');
    await page.goBack();
    const question = page.locator('.ant-modal-confirm-title', { hasText: UNSAVED });
    await question.waitFor();
    await page.waitForURL(new RegExp(`/tabs/${saved.id}/edit$`));
    await screenshot(page, 'visual-dashboard-editor-back-1440');
    await page.getByRole('button', { name: 'Stay' }).click();
    await question.waitFor({ state: 'hidden' });
    expect(new URL(page.url()).pathname).toBe(`${livePath}/edit`);
    await expect(page.getByTestId('tab-name').inputValue()).resolves.toBe('Intake north');

    // Back again: the same question; leaving opens the live view the person came from.
    await page.goBack();
    await question.waitFor();
    await page.getByRole('button', { name: 'Leave without saving' }).click();
    await page.waitForURL(new RegExp(`/tabs/${saved.id}$`));
    await page.getByRole('heading', { name: /^Live View:/ }).waitFor();
    await page.getByRole('button', { name: 'Edit tab Intake' }).waitFor();

    // Forward returns to a fresh editor (nothing changed there yet), and Back leaves it without a question.
    await page.goForward();
    await page.getByRole('heading', { name: 'Editor: Edit' }).waitFor();
    await expect(page.getByTestId('tab-name').inputValue()).resolves.toBe('Intake');
    await page.goBack();
    await page.getByRole('heading', { name: /^Live View:/ }).waitFor();
    // No question shown (the earlier one's element may linger hidden while its closing animation ends).
    await expect(
      page.locator('.ant-modal-confirm-title:visible', { hasText: UNSAVED }).count(),
    ).resolves.toBe(0);
    await page.context().close();
  });
});

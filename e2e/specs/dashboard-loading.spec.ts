import { describe, expect, it } from 'vitest';
import { apiCall, apiLogin } from '../fixtures/api-seed';
import { DEMO, signIn, useBrowser } from '../fixtures/browser';
import type { DeviceItem } from '../fixtures/managed-site';

/**
 * M section 2 shows a loader for 3 seconds initially. The sensors used to come 4–4.5 s after the person chose
 * the dashboard: the loader held a fixed 3 s that started only once the page had mounted, and the display
 * settings were asked for after it. Now the loader ends once the device, its first tree and its settings are in
 * hand (3 s at the most), and they are asked for at once.
 */
describe("the dashboard's first sensors", () => {
  const browser = useBrowser();

  it('show within the spec’s 3 s loader after the person opens the dashboard from the menu', async () => {
    const admin = await apiLogin(DEMO.superuser);
    const { results } = await apiCall<{ results: DeviceItem[] }>('GET', 'devices/all/?limit=100', admin);
    const wdc4 = results.find((item) => item.udf_id === 'W0300001');
    await apiCall('POST', `devices/${wdc4?.id}/select/`, admin);
    const page = await browser.newPage({ width: 1440, height: 1000 });
    await signIn(page, DEMO.superuser);
    await page.waitForURL((url) => url.pathname !== '/');
    // The dashboard's code is loaded once, as any visit before this one would have done.
    await page.getByTestId('nav-dashboard').click();
    await page.getByTestId('sensor-W0300001.speed.1').waitFor();
    await page.getByTestId('nav-devices').click();
    await page.waitForURL((url) => url.pathname === '/devices');

    const tookMs = await page.evaluate(async () => {
      const started = performance.now();
      const link = document.querySelector<HTMLElement>('[data-testid="nav-dashboard"]');
      link?.click();
      await new Promise<void>((resolve) => {
        const check = () => {
          if (document.querySelector('[data-testid="sensor-W0300001.speed.1"]') !== null) {
            resolve();
          } else {
            requestAnimationFrame(check);
          }
        };
        check();
      });
      return performance.now() - started;
    });
    process.stdout.write(`dashboard sensors ${Math.round(tookMs)} ms after the click\n`);
    expect(tookMs).toBeLessThan(3_000);
  });
});

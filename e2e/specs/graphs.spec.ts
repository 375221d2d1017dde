import fs from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiCall } from '../fixtures/api-seed';
import { screenshot, useBrowser } from '../fixtures/browser';
import {
  charts,
  clearPicker,
  download,
  drawEveryChart,
  drawnSensors,
  type GraphsScene,
  graphsPage,
  pointsOfChart,
  seedGraphsScene,
  selectDevice,
  siteNow,
  timeAxesOfCharts,
  utcNow,
  valuePointsOf,
} from '../fixtures/graphs';
import { typeIntoPicker } from '../fixtures/settings-scene';

const PNG_SIGNATURE = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];
const TABS = [
  { label: '1 HR', timescale: 'hour' },
  { label: '24 HR', timescale: 'day' },
  { label: '7 Days', timescale: 'week' },
  { label: '30 Days', timescale: 'month' },
] as const;

let scene: GraphsScene;

const SITE_ZONE = 'America/New_York';
// Neither the site's zone nor UTC: an axis written in the browser's zone would show it.
const BROWSER_ZONE = 'Asia/Tokyo';
const TEN_MINUTES_MS = 10 * 60_000;

/** The site's wall clock, as an axis over a span of minutes labels it. */
function siteClock(ms: number, withSeconds: boolean): string {
  return new Intl.DateTimeFormat('en-GB', {
    timeZone: SITE_ZONE,
    hour: '2-digit',
    minute: '2-digit',
    ...(withSeconds ? { second: '2-digit' as const } : {}),
    hourCycle: 'h23',
  }).format(ms);
}

describe('sensor graphs', () => {
  const browser = useBrowser();

  beforeAll(async () => {
    scene = await seedGraphsScene();
  });

  afterAll(async () => {
    await scene?.simulator.stop();
  });

  it('draws Live and grows it between polls, draws every tab, keeps the chosen one, and exports PNG and CSV', async () => {
    await selectDevice(scene.manager, scene.node.id);
    const page = await graphsPage(browser, 'tabs', scene.email);
    await page.goto('/graphs');
    await page.getByTestId('graphs-title').getByText(`${scene.node.title} - Live Graphs`).waitFor();
    expect(await page.getByRole('tab', { name: 'Live', selected: true }).count()).toBe(1);
    await charts(page).first().waitFor();
    // Live polls every 2 s and appends: the first chart's points grow while the page stays open.
    const before = await pointsOfChart(page);
    await expect.poll(() => pointsOfChart(page), { interval: 500 }).toBeGreaterThan(before);
    // The Digital group holds contacts only: its chart is the short one (M section 9).
    const digital = page.locator(`figure[data-sensors*="${scene.nodeUdfId}.digital."]`).first();
    await digital.scrollIntoViewIfNeeded();
    expect(
      await digital
        .locator('canvas')
        .first()
        .evaluate((canvas) => canvas.clientHeight),
    ).toBe(210);
    await drawEveryChart(page);
    await screenshot(page, 'graphs-live-1440');

    for (const tab of TABS) {
      // A range is read once: the tab is opened when the server has points for it (roll-ups come each minute).
      await expect
        .poll(() => valuePointsOf(scene.manager, scene.node.id, `timescale=${tab.timescale}`))
        .toBeGreaterThan(0);
      await page.getByRole('tab', { name: tab.label }).click();
      await expect.poll(() => page.getByRole('tab', { name: tab.label, selected: true }).count()).toBe(1);
      await charts(page).first().waitFor();
      expect(await pointsOfChart(page)).toBeGreaterThan(0);
    }
    // The chosen timescale is stored locally and restored.
    await page.reload();
    await page.getByRole('tab', { name: '30 Days', selected: true }).waitFor();

    // PNG from the chart itself.
    await page.getByRole('tab', { name: '1 HR' }).click();
    await charts(page).first().waitFor();
    const png = await download(page, charts(page).first().getByTestId('graph-export-png'));
    expect(png.name).toMatch(
      new RegExp(`^device_${scene.node.id}_sensor_.+_hour_\\d{4}-\\d{2}-\\d{2}_\\d{2}-\\d{2}-\\d{2}\\.png$`),
    );
    expect([...fs.readFileSync(png.file).subarray(0, 8)]).toEqual(PNG_SIGNATURE);
    await page.getByTestId('graph-alert-success').getByText('Successfully').waitFor();

    // CSV from the export call, under the server's file name.
    const csv = await download(page, charts(page).first().getByTestId('graph-export-csv'));
    expect(csv.name).toMatch(new RegExp(`^device_${scene.node.id}_sensor_.+_hour_.+\\.csv$`));
    const lines = fs.readFileSync(csv.file, 'utf8').trim().split(/\r?\n/);
    expect(lines[0]?.toLowerCase()).toMatch(/time/);
    expect(lines.length).toBeGreaterThan(1);

    await page.setViewportSize({ width: 900, height: 1000 });
    await expect
      .poll(() => page.evaluate(() => document.documentElement.scrollWidth))
      .toBeLessThanOrEqual(900);
    await drawEveryChart(page);
    await screenshot(page, 'graphs-hour-900');
    await page.getByRole('tab', { name: 'Live' }).click();
    await page.context().close();
  });

  it("labels every chart's time axis in the site's zone over the data's time range, live and historical", async () => {
    await apiCall('PATCH', `locations/${scene.siteId}/`, scene.accounts, { timezone: SITE_ZONE });
    try {
      await selectDevice(scene.manager, scene.node.id);
      const page = await graphsPage(browser, 'time-axis', scene.email);
      const cdp = await page.context().newCDPSession(page);
      await cdp.send('Emulation.setTimezoneOverride', { timezoneId: BROWSER_ZONE });
      await page.goto('/graphs');
      await page.getByRole('tab', { name: 'Live' }).click();
      await charts(page).first().waitFor();
      await expect
        .poll(async () => (await timeAxesOfCharts(page)).every((c) => c.axes.length > 0))
        .toBe(true);
      const live = await timeAxesOfCharts(page);
      // The numeric and the contact grids, and every chart of the page, draw the same live window.
      const [first] = live[0]?.axes ?? [];
      expect(first?.to).toBeGreaterThan(0);
      for (const chart of live) {
        for (const axis of chart.axes) {
          expect(axis.isLabelled).toBe(true);
          expect(axis.to - axis.from).toBeLessThanOrEqual(TEN_MINUTES_MS);
          expect(axis.from).toBe(first?.from);
          // The labels at both ends are the site's wall clock of the drawn span, and the data lies inside it.
          expect(axis.firstLabel).toBe(siteClock(axis.from, true));
          expect(axis.lastLabel).toBe(siteClock(axis.to, true));
          expect(chart.data.from).toBeGreaterThanOrEqual(axis.from);
          expect(chart.data.to).toBeLessThanOrEqual(axis.to);
        }
        expect(chart.axes.at(-1)?.name).toMatch(/^Time \((EST|EDT)\)$/);
      }
      await screenshot(page, 'graphs-time-axis-live-1440');

      // Historical: the banner's moment is the site's wall clock, labelled, and the axis ends at it.
      const moment = siteNow(SITE_ZONE, 2);
      const timestamp = encodeURIComponent(`${moment.date} ${moment.time}:00`);
      await expect
        .poll(() => valuePointsOf(scene.manager, scene.node.id, `timestamp=${timestamp}`))
        .toBeGreaterThan(0);
      await page.goto(`/graphs/historical/graphs/${moment.date}&${moment.time}`);
      await page
        .getByTestId('historical-graphs-banner')
        .getByText(new RegExp(`${moment.date} ${moment.time} E[SD]T$`))
        .waitFor();
      await page
        .getByTestId('historical-graphs-zone')
        .getByText(/Site time \(E[SD]T\)/)
        .waitFor();
      await charts(page).first().waitFor();
      await expect
        .poll(async () => (await timeAxesOfCharts(page)).every((c) => c.axes.length > 0))
        .toBe(true);
      const searched = Date.now() + 2 * 60_000;
      for (const chart of await timeAxesOfCharts(page)) {
        for (const axis of chart.axes) {
          expect(axis.isLabelled).toBe(true);
          expect(axis.to).toBeLessThanOrEqual(searched + 60_000);
          expect(searched - axis.to).toBeLessThan(15 * 60_000);
          expect(axis.lastLabel).toContain(siteClock(axis.to, false));
        }
      }
      await drawEveryChart(page);
      await screenshot(page, 'graphs-time-axis-historical-1440');
      await page.setViewportSize({ width: 900, height: 1000 });
      await drawEveryChart(page);
      await screenshot(page, 'graphs-time-axis-historical-900');
      await page.context().close();
    } finally {
      await apiCall('PATCH', `locations/${scene.siteId}/`, scene.accounts, { timezone: 'UTC' });
    }
  });

  it("shows only the route sensor's series on /graphs/{sensorId}, and Show All Graphs leads back", async () => {
    await selectDevice(scene.manager, scene.node.id);
    const page = await graphsPage(browser, 'sensor', scene.email);
    await page.goto('/graphs/1');
    await charts(page).first().waitFor();
    const sensors = await drawnSensors(page);
    expect(sensors.length).toBeGreaterThan(0);
    for (const sensor of sensors) {
      expect(sensor.split('.').at(-1)).toBe('1');
    }
    await page.getByTestId('graphs-show-all').getByText('Show All Graphs').click();
    await page.waitForURL((url) => url.pathname === '/graphs');
    await expect
      .poll(async () => (await drawnSensors(page)).some((sensor) => !sensor.endsWith('.1')))
      .toBe(true);
    await page.context().close();
  });

  it('opens historical graphs from Custom and from the route, with the red banner and SEARCH', async () => {
    await selectDevice(scene.manager, scene.node.id);
    const page = await graphsPage(browser, 'historical', scene.email);
    // A moment two minutes ahead holds what the simulator sent since the scene started, and historical graphs are
    // read from the roll-ups: the page is opened once the server has points up to that moment.
    const now = utcNow(2);
    const timestamp = encodeURIComponent(`${now.date} ${now.time}:00`);
    await expect
      .poll(() => valuePointsOf(scene.manager, scene.node.id, `timestamp=${timestamp}`))
      .toBeGreaterThan(0);
    await page.goto('/graphs');
    await page.getByRole('tab', { name: 'Custom' }).click();
    await page.getByRole('dialog', { name: 'Custom' }).waitFor();
    await page.getByTestId('graph-custom-ok').click();
    await page.getByTestId('graph-custom-hint').getByText('Select date!').waitFor();
    await typeIntoPicker(page, 'graph-custom-date', now.date);
    await typeIntoPicker(page, 'graph-custom-time', now.time);
    await page.getByTestId('graph-custom-ok').click();
    await page.waitForURL((url) => url.pathname === `/graphs/historical/graphs/${now.date}&${now.time}`);
    await page
      .getByTestId('historical-graphs-banner')
      .getByText(`This is a historical snapshot, not live data: ${now.date} ${now.time}`)
      .waitFor();
    await charts(page).first().waitFor();
    await drawEveryChart(page);
    await screenshot(page, 'graphs-historical-1440');

    // The route alone opens the same page; SEARCH without a date says 'Select date!'.
    await page.goto(`/graphs/historical/graphs/${now.date}&${now.time}/1`);
    await charts(page).first().waitFor();
    for (const sensor of await drawnSensors(page)) {
      expect(sensor.endsWith('.1')).toBe(true);
    }
    await clearPicker(page, 'historical-graphs-date');
    await page.getByTestId('historical-graphs-search').click();
    await page.getByTestId('graph-alert-selectDate').getByText('Select date!').waitFor();
    await page.setViewportSize({ width: 900, height: 1000 });
    await expect
      .poll(() => page.evaluate(() => document.documentElement.scrollWidth))
      .toBeLessThanOrEqual(900);
    await drawEveryChart(page);
    await screenshot(page, 'graphs-historical-900');
    await page.context().close();
  });

  it('keeps a dragged zoom range in the address, so the link opens the same range', async () => {
    await selectDevice(scene.manager, scene.node.id);
    const page = await graphsPage(browser, 'zoom', scene.email);
    await page.goto('/graphs');
    // Live's time axis follows its points, so the dragged part of it holds data.
    await page.getByRole('tab', { name: 'Live' }).click();
    const chart = charts(page).first();
    await chart.waitFor();
    const box = await chart.locator('canvas').first().boundingBox();
    if (box === null) {
      throw new Error('the chart has no box');
    }
    const y = box.y + box.height / 2;
    await page.mouse.move(box.x + box.width * 0.4, y);
    await page.mouse.down();
    await page.mouse.move(box.x + box.width * 0.7, y, { steps: 5 });
    await page.mouse.up();
    await page.waitForURL((url) => url.searchParams.has('from') && url.searchParams.has('to'));
    const zoomed = new URL(page.url());
    const from = Number(zoomed.searchParams.get('from'));
    const to = Number(zoomed.searchParams.get('to'));
    expect(to).toBeGreaterThan(from);
    await page.goto(`${zoomed.pathname}${zoomed.search}`);
    await page.getByTestId('graphs-zoom-range').waitFor();
    await charts(page).first().waitFor();
    await page.getByTestId('graphs-zoom-reset').click();
    await page.waitForURL((url) => !url.searchParams.has('from'));
    await page.context().close();
  });

  it("draws an F500's chosen node sensors only, and Clear All asks to select sensors", async () => {
    await selectDevice(scene.manager, scene.f500.id);
    await expect.poll(() => valuePointsOf(scene.manager, scene.f500.id, 'timescale=hour')).toBeGreaterThan(0);
    const page = await graphsPage(browser, 'f500', scene.email);
    await page.goto('/graphs');
    const panel = page.getByTestId('f500-panel');
    await panel.getByText('Node 01').waitFor();
    await page.getByText('Please select Sensors to generate graphs!').waitFor();

    const node = page.getByTestId('f500-node-1');
    const temperature = node.getByRole('checkbox', { name: 'Bearing Temperature' });
    await temperature.click();
    await expect.poll(() => temperature.isChecked()).toBe(true);
    await charts(page).first().waitFor();
    expect(await drawnSensors(page)).toEqual([`${scene.f500UdfId}.net1.n01.1`]);
    // The selection is kept per person: a reload restores it.
    await page.reload();
    await charts(page).first().waitFor();
    expect(await temperature.isChecked()).toBe(true);

    // The whole node: its numeric and contact sensors on one chart (numeric axis above the contact axis).
    await node.getByRole('checkbox', { name: 'Node 01' }).click();
    await expect.poll(async () => (await drawnSensors(page)).length).toBeGreaterThan(1);
    const height = await charts(page)
      .first()
      .locator('canvas')
      .first()
      .evaluate((canvas) => canvas.clientHeight);
    expect(height).toBe(460);
    // A contact in alarm: its points are marked (and drawn in the Alarm band), and the alarm is an event mark.
    const alignment = `${scene.f500UdfId}.net1.n01.2`;
    scene.simulator.forceAlarm(alignment);
    const first = charts(page).first();
    await expect.poll(async () => Number(await first.getAttribute('data-alarm-points'))).toBeGreaterThan(0);
    await expect
      .poll(async () => (await first.getAttribute('data-events'))?.split(' '))
      .toContain('alarm_on');
    await drawEveryChart(page);
    await screenshot(page, 'graphs-f500-1440');
    scene.simulator.clearAlarm(alignment);
    await page.setViewportSize({ width: 900, height: 1000 });
    await expect
      .poll(() => page.evaluate(() => document.documentElement.scrollWidth))
      .toBeLessThanOrEqual(900);
    await screenshot(page, 'graphs-f500-900');

    await panel.getByRole('button', { name: 'Clear All' }).click();
    await page.getByText('Please select Sensors to generate graphs!').waitFor();
    expect(await charts(page).count()).toBe(0);
    await page.context().close();
  });
});

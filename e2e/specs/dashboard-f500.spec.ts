import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiCall } from '../fixtures/api-seed';
import { screenshot, useBrowser } from '../fixtures/browser';
import { openDashboard } from '../fixtures/dashboard';
import {
  charts,
  drawnSensors,
  type GraphsScene,
  graphsPage,
  seedGraphsScene,
  utcNow,
  valuePointsOf,
} from '../fixtures/graphs';

type RecordPage = { results: Array<{ timestamp: string; record_id: number }> };

/** The F500's snapshots of today (the scene's site is in UTC), oldest first. */
async function recordsOfToday(scene: GraphsScene): Promise<RecordPage['results']> {
  const timestamp = encodeURIComponent(`${utcNow().date} 00:00:00`);
  const page = await apiCall<RecordPage>(
    'GET',
    `devices/${scene.f500.id}/historical/records/?timestamp=${timestamp}&limit=10000`,
    scene.manager,
  );
  return page.results;
}

/** The F500's newest snapshot, once one is at least a minute after the first data (so its graph has points). */
async function latestSnapshot(scene: GraphsScene): Promise<RecordPage['results'][number]> {
  const [first] = await recordsOfToday(scene);
  expect(first).toBeDefined();
  const firstMinute = first?.timestamp.slice(0, 16) ?? '';
  await expect
    .poll(async () =>
      (await recordsOfToday(scene)).some((record) => record.timestamp.slice(0, 16) > firstMinute),
    )
    .toBe(true);
  const record = (await recordsOfToday(scene)).at(-1);
  if (record === undefined) {
    throw new Error('no snapshot');
  }
  return record;
}

/** The historical graphs address a sensor clicked on a snapshot opens, decoded. */
function snapshotGraphPath(record: { timestamp: string }, sensor: string): string {
  const [date, time] = record.timestamp.split(' ');
  return `/graphs/historical/graphs/${date}&${time?.slice(0, 5)}/${sensor}`;
}

/** Empties the Manager's F500 panel selection, so only a click can put a sensor in it. */
async function clearPanel(scene: GraphsScene): Promise<void> {
  await apiCall('POST', `graphs/device/${scene.f500.id}/f500-update-arrangement/`, scene.manager, {
    action: 'clean',
    graph_type: 'live',
  });
}

/**
 * M section 2: clicking a sensor on the dashboard opens its graph, live or at the snapshot's time. On an F500
 * the graph pages draw only the sensors chosen in their side panel; a node sensor clicked on the dashboard
 * joins that selection, so its graph opens instead of 'Please select Sensors to generate graphs!'; a sensor in
 * no node (the System group) is drawn because the route names it.
 */
describe("an F500 sensor clicked on the dashboard opens that sensor's graph", () => {
  const browser = useBrowser();
  let scene: GraphsScene;

  beforeAll(async () => {
    scene = await seedGraphsScene();
    await apiCall('POST', `devices/${scene.f500.id}/select/`, scene.manager);
  });
  afterAll(async () => scene?.simulator.stop());

  it('from the live dashboard', async () => {
    await expect.poll(() => valuePointsOf(scene.manager, scene.f500.id, 'timescale=hour')).toBeGreaterThan(0);
    await clearPanel(scene);
    const page = await graphsPage(browser, 'dashboard-f500-live', scene.email);
    await openDashboard(page, scene.manager, scene.f500.id);
    const sensor = `${scene.f500UdfId}.net1.n01.1`;
    await page.getByTestId(`sensor-${sensor}`).click();
    await page.waitForURL((url) => url.pathname === `/graphs/${encodeURIComponent(sensor)}`);
    await charts(page).first().waitFor();
    expect(await drawnSensors(page)).toEqual([sensor]);
    expect(await page.getByText('Please select Sensors to generate graphs!').count()).toBe(0);
    const checkbox = page.getByTestId('f500-node-1').getByRole('checkbox', { name: 'Bearing Temperature' });
    expect(await checkbox.isChecked()).toBe(true);
    await screenshot(page, 'dashboard-f500-graph-1440');
  });

  it('from a snapshot, at the snapshot time', async () => {
    const record = await latestSnapshot(scene);
    await clearPanel(scene);
    const page = await graphsPage(browser, 'dashboard-f500-snapshot', scene.email);
    await page.goto(
      `/dashboard/historical/snapshot/${encodeURIComponent(record.timestamp)}?record=${record.record_id}`,
    );
    await page.getByTestId('snapshot-banner').waitFor();
    const sensor = `${scene.f500UdfId}.net1.n01.1`;
    await page.getByTestId(`sensor-${sensor}`).click();
    await page.waitForURL((url) => decodeURIComponent(url.pathname) === snapshotGraphPath(record, sensor));
    await charts(page).first().waitFor();
    expect(await drawnSensors(page)).toEqual([sensor]);
    expect(await page.getByText('Please select Sensors to generate graphs!').count()).toBe(0);
  });

  // The System group is in no node, so the panel has no checkbox for it: the route alone chooses it.
  it('a System sensor (in no node), live and from a snapshot', async () => {
    const sensor = `${scene.f500UdfId}.system.3`;
    await clearPanel(scene);
    const page = await graphsPage(browser, 'dashboard-f500-system', scene.email);
    await openDashboard(page, scene.manager, scene.f500.id);
    await page.getByTestId(`sensor-${sensor}`).click();
    await page.waitForURL((url) => url.pathname === `/graphs/${encodeURIComponent(sensor)}`);
    await charts(page).first().waitFor();
    expect(await drawnSensors(page)).toEqual([sensor]);
    expect(await page.getByText('Please select Sensors to generate graphs!').count()).toBe(0);
    await screenshot(page, 'dashboard-f500-system-graph-1440');

    const record = await latestSnapshot(scene);
    await page.goto(
      `/dashboard/historical/snapshot/${encodeURIComponent(record.timestamp)}?record=${record.record_id}`,
    );
    await page.getByTestId('snapshot-banner').waitFor();
    await page.getByTestId(`sensor-${sensor}`).click();
    await page.waitForURL((url) => decodeURIComponent(url.pathname) === snapshotGraphPath(record, sensor));
    await charts(page).first().waitFor();
    expect(await drawnSensors(page)).toEqual([sensor]);
    expect(await page.getByText('Please select Sensors to generate graphs!').count()).toBe(0);
    await page.setViewportSize({ width: 900, height: 1000 });
    await screenshot(page, 'dashboard-f500-system-snapshot-graph-900');
  });
});

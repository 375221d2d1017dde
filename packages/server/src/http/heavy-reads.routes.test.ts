import { HEAVY_READS_PER_PERSON, HEAVY_READS_QUEUED_PER_PERSON, LIMIT_MESSAGES } from '@vigil/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { provisionTypedDevice, signedInAt } from '../../test/maintenance';
import { waitFor } from '../../test/telemetry';
import { buildTestApp, type TestApp } from '../../test/test-app';

/** A person runs at most 4 heavy reads at once; 8 more wait in turn, the next is told to retry (issue 23). */
describe('heavy reads per person', () => {
  let t: TestApp;
  let deviceId: number;
  let person: { user: { id: number }; authorization: string };
  let other: { user: { id: number }; authorization: string };

  beforeAll(async () => {
    t = await buildTestApp();
    const d = await provisionTypedDevice(t.db, 'F500');
    deviceId = d.device.id;
    person = await signedInAt(t.app, t.db, d.site, 'Manager');
    other = await signedInAt(t.app, t.db, d.site, 'User');
  });
  afterAll(async () => t.close());

  const get = (authorization: string, url: string) => t.app.inject({ url, headers: { authorization } });
  const graph = (authorization: string) =>
    get(authorization, `/api/v1/graphs/device/${deviceId}/?timescale=day`);

  /** Takes all of the person's places, as four reads in progress would. */
  async function holdAllPlaces(userId: number): Promise<() => void> {
    const releases = await Promise.all(
      Array.from({ length: HEAVY_READS_PER_PERSON }, () => t.app.heavyReads.take(userId)),
    );
    return () => {
      for (const release of releases) {
        release();
      }
    };
  }

  it('queues reads past four, answers 429 past the queue, and serves the queue as places free', async () => {
    const releaseAll = await holdAllPlaces(person.user.id);
    // then() starts each request now, so they are in line before the next one comes.
    const queued = Array.from({ length: HEAVY_READS_QUEUED_PER_PERSON }, () =>
      graph(person.authorization).then((answer) => answer),
    );

    await waitFor(() => t.app.heavyReads.waitingOf(person.user.id) === HEAVY_READS_QUEUED_PER_PERSON);
    const refused = await graph(person.authorization);
    expect(refused.statusCode).toBe(429);
    expect(refused.headers['retry-after']).toBe('5');
    expect(refused.json()).toEqual({ detail: LIMIT_MESSAGES.heavyReadsBusy(5) });
    // So are the other heavy reads: the CSV exports and long notification pages.
    const exports = [
      `/api/v1/graphs/device/${deviceId}/export/?sensor_id=x`,
      '/api/v1/notifications/export/?date_created_from=2026-01-01',
      '/api/v1/notifications/?limit=101',
    ];
    for (const url of exports) {
      expect((await get(person.authorization, url)).statusCode, url).toBe(429);
    }
    // A short page is not heavy, and another person has places of their own.
    expect((await get(person.authorization, '/api/v1/notifications/?limit=100')).statusCode).toBe(200);
    expect((await graph(other.authorization)).statusCode).toBe(200);

    releaseAll();
    const answers = await Promise.all(queued);
    expect(answers.map((answer) => answer.statusCode)).toEqual(queued.map(() => 200));
    await waitFor(() => t.app.heavyReads.runningOf(person.user.id) === 0);
    expect((await graph(person.authorization)).statusCode).toBe(200);
  });
});

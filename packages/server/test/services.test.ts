import net from 'node:net';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { findService, requireService } from './services';

/** A port on which something accepts connections, and one on which nothing does (it was just closed). */
let listening: net.Server;
let openUrl: string;
let closedUrl: string;

function listen(): Promise<net.Server> {
  return new Promise((resolve) => {
    const server = net
      .createServer((socket) => socket.destroy())
      .listen(0, '127.0.0.1', () => resolve(server));
  });
}

function portOf(server: net.Server): number {
  const address = server.address();
  return typeof address === 'object' && address !== null ? address.port : 0;
}

beforeAll(async () => {
  listening = await listen();
  openUrl = `redis://127.0.0.1:${portOf(listening)}`;
  const closed = await listen();
  closedUrl = `redis://127.0.0.1:${portOf(closed)}`;
  await new Promise<void>((resolve) => closed.close(() => resolve()));
});
afterAll(async () => {
  await new Promise<void>((resolve) => listening.close(() => resolve()));
});
afterEach(() => {
  vi.restoreAllMocks();
});

describe('requireService', () => {
  it('gives the URL of a service that answers, locally and under CI', async () => {
    expect(await requireService('redis', { TEST_REDIS_URL: openUrl })).toBe(openUrl);
    expect(await requireService('redis', { TEST_REDIS_URL: openUrl, CI: 'true' })).toBe(openUrl);
  });

  it('skips locally, saying which variable is missing, when the service is not configured', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    expect(await requireService('mqtt', { TEST_MQTT_URL: '' })).toBeUndefined();
    expect(warn).toHaveBeenCalledWith(
      expect.stringContaining('mqtt suites skipped: TEST_MQTT_URL is not set'),
    );
  });

  it('fails under CI=true when the service is not configured', async () => {
    await expect(requireService('postgres', { CI: 'true' })).rejects.toThrow(
      'postgres suites cannot run: TEST_DATABASE_URL is not set. CI=true makes a missing service a failure',
    );
  });

  it('skips locally and fails under CI=true when nothing answers at the URL', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    expect(await requireService('redis', { TEST_REDIS_URL: closedUrl })).toBeUndefined();
    expect(warn).toHaveBeenCalledWith(
      expect.stringMatching(/redis suites skipped: nothing answers at 127\.0\.0\.1:\d+/),
    );
    await expect(requireService('redis', { TEST_REDIS_URL: closedUrl, CI: 'true' })).rejects.toThrow(
      /redis suites cannot run: nothing answers at 127\.0\.0\.1:\d+ \(ECONNREFUSED\)/,
    );
  });

  it('fails under CI=true on a value that is not a URL', async () => {
    await expect(requireService('redis', { TEST_REDIS_URL: 'localhost', CI: 'true' })).rejects.toThrow(
      'TEST_REDIS_URL=localhost is not a URL',
    );
  });

  it('lets the PostgreSQL run read why its server is missing without a skip or a throw', async () => {
    const warn = vi.spyOn(console, 'warn');
    expect(await findService('postgres', { CI: 'true' })).toEqual({
      missing: 'TEST_DATABASE_URL is not set',
    });
    expect(await findService('redis', { TEST_REDIS_URL: openUrl })).toEqual({ url: openUrl });
    expect(warn).not.toHaveBeenCalled();
  });
});

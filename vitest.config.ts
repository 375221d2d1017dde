import { defineConfig, type TestProjectInlineConfiguration } from 'vitest/config';

// Ceilings for a hung test on a busy 2-core machine, not expected durations: waits inside tests end on
// events (a log line, an answer, a poll that holds) and normally take a fraction of this.
const serverTiming = { testTimeout: 180_000, hookTimeout: 300_000 };
const unitTiming = { testTimeout: 120_000 };
// No project isolates its files: a worker keeps the modules it imported for the next file instead of starting
// a fresh process for each. Every file opens its own databases, servers and sockets and closes them in its
// hooks, and no test changes module state it does not restore, so sharing modules changes no outcome; it cut
// the unit and API phase from 876 to 576 s on a 2-core machine (docs/performance.md 'The test suite's duration').
const shared = { isolate: false };

const projects: TestProjectInlineConfiguration[] = [
  { test: { name: 'contracts', include: ['packages/contracts/src/**/*.test.ts'], ...unitTiming, ...shared } },
  {
    test: {
      name: 'server',
      include: ['packages/server/src/**/*.test.ts', 'packages/server/test/**/*.test.ts'],
      ...serverTiming,
      ...shared,
    },
  },
  {
    test: {
      name: 'web',
      include: ['packages/web/src/**/*.test.ts'],
      environment: 'node',
      ...unitTiming,
      ...shared,
    },
  },
  { test: { name: 'simulator', include: ['packages/simulator/src/**/*.test.ts'], ...unitTiming, ...shared } },
  { test: { name: 'bench', include: ['bench/**/*.test.ts'], ...unitTiming, ...shared } },
  { test: { name: 'scripts', include: ['scripts/**/*.test.ts'], ...unitTiming, ...shared } },
];

// The API and repository suites run a second time against a real PostgreSQL server when one is given. Under
// CI=true they always do: without a server each file fails (test/services.ts) instead of the run leaving
// PostgreSQL out while it stays green.
if (process.env.TEST_DATABASE_URL || process.env.CI === 'true') {
  projects.push({
    test: {
      name: 'server-postgres',
      include: ['packages/server/src/**/*.routes.test.ts', 'packages/server/src/**/*.repo.test.ts'],
      env: { VIGIL_TEST_DRIVER: 'postgres' },
      ...serverTiming,
      ...shared,
    },
  });
}

export default defineConfig({
  test: {
    projects,
    // Vitest's default on 2 cores is one worker (cores - 1): every test file waited for the one before,
    // though most of a file's time is spent waiting on a database, a socket or a child process. Two
    // workers keep both cores busy.
    maxWorkers: 2,
  },
});

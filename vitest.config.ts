import { defineConfig, type TestProjectInlineConfiguration } from 'vitest/config';

const serverTiming = { testTimeout: 30_000, hookTimeout: 60_000 };

const projects: TestProjectInlineConfiguration[] = [
  { test: { name: 'contracts', include: ['packages/contracts/src/**/*.test.ts'] } },
  {
    test: {
      name: 'server',
      include: ['packages/server/src/**/*.test.ts', 'packages/server/test/**/*.test.ts'],
      ...serverTiming,
    },
  },
  { test: { name: 'web', include: ['packages/web/src/**/*.test.ts'], environment: 'node' } },
  { test: { name: 'simulator', include: ['packages/simulator/src/**/*.test.ts'], testTimeout: 20_000 } },
  { test: { name: 'bench', include: ['bench/**/*.test.ts'], testTimeout: 20_000 } },
  { test: { name: 'scripts', include: ['scripts/**/*.test.ts'] } },
];

// The API and repository suites run a second time against a real PostgreSQL server when one is given.
if (process.env.TEST_DATABASE_URL) {
  projects.push({
    test: {
      name: 'server-postgres',
      include: ['packages/server/src/**/*.routes.test.ts', 'packages/server/src/**/*.repo.test.ts'],
      env: { VIGIL_TEST_DRIVER: 'postgres' },
      ...serverTiming,
    },
  });
}

export default defineConfig({ test: { projects } });

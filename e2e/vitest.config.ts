import { defineConfig } from 'vitest/config';
import { E2E_WORKERS } from './fixtures/global-setup';

export default defineConfig({
  test: {
    name: 'e2e',
    root: import.meta.dirname,
    include: ['specs/**/*.spec.ts'],
    globalSetup: ['fixtures/global-setup.ts'],
    // Spec files run in E2E_WORKERS workers, each with its own browser and server (fixtures/e2e-server.ts).
    maxWorkers: E2E_WORKERS,
    // Ceilings for a hung test on a busy machine, not expected durations: each wait inside ends on its event
    // and has its own two-minute guard (fixtures/wait.ts), which also applies to expect.poll.
    testTimeout: 600_000,
    hookTimeout: 300_000,
    expect: { poll: { timeout: 120_000 } },
  },
});

import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    name: 'e2e',
    root: import.meta.dirname,
    include: ['specs/**/*.spec.ts'],
    globalSetup: ['fixtures/global-setup.ts'],
    // One browser and one server on a 2-core machine: files run one after another.
    fileParallelism: false,
    // Ceilings for a hung test on a busy machine, not expected durations: each wait inside ends on its event
    // and has its own two-minute guard (fixtures/wait.ts), which also applies to expect.poll.
    testTimeout: 600_000,
    hookTimeout: 300_000,
    expect: { poll: { timeout: 120_000 } },
  },
});

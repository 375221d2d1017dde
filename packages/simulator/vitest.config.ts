import { defineConfig } from 'vitest/config';

// Standalone config so `npx vitest run --root packages/simulator` works before the root project list has it.
export default defineConfig({
  test: { name: 'simulator', include: ['src/**/*.test.ts'], testTimeout: 20_000 },
});

import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['test/**/*.test.ts'],
    testTimeout: 60_000,
    hookTimeout: 180_000,
    // Build and end-to-end suites start real processes; two cores do not like many at once.
    maxWorkers: 2,
  },
});

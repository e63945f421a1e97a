import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: [
      'schemas/src/**/*.test.ts',
      'services/*/src/**/*.test.ts',
      'indexer/src/**/*.test.ts',
      'scripts/**/*.test.ts',
      'web/src/**/*.test.ts',
      'tests/**/*.test.ts',
    ],
    globalSetup: ['tests/setup/global-setup.ts'],
    setupFiles: ['tests/setup/worker-env.ts'],
    pool: 'forks',
    maxWorkers: 2,
    testTimeout: 60_000,
    hookTimeout: 300_000,
    teardownTimeout: 60_000,
  },
});

import { defineConfig } from 'vitest/config';

/**
 * Two projects. `unit`: tests beside the code that need no running service, without the global
 * set-up (`npm run test:unit` answers in seconds). `integration`: the suites under tests/ (browser
 * tests included) and the few tests beside the code that use Postgres or Redis, after the global
 * set-up has migrated, seeded and indexed the run's own database and prefixes.
 */
const SOURCE_TESTS = [
  'schemas/src/**/*.test.ts',
  'services/*/src/**/*.test.ts',
  'indexer/src/**/*.test.ts',
  'scripts/**/*.test.ts',
  'web/src/**/*.test.ts',
];
/** Tests beside the code that use the run's services: they belong to `integration`. */
const SOURCE_TESTS_WITH_SERVICES = ['services/platform/src/db/migrations/**/*.test.ts', 'services/platform/src/egress/shared-host-gate.test.ts', 'services/platform/src/egress/fetch-safely.test.ts'];

export default defineConfig({
  test: {
    pool: 'forks',
    maxWorkers: 2,
    testTimeout: 60_000,
    hookTimeout: 300_000,
    teardownTimeout: 60_000,
    projects: [
      {
        extends: true,
        test: { name: 'unit', include: SOURCE_TESTS, exclude: ['**/node_modules/**', ...SOURCE_TESTS_WITH_SERVICES] },
      },
      {
        extends: true,
        test: {
          name: 'integration',
          include: ['tests/**/*.test.ts', ...SOURCE_TESTS_WITH_SERVICES],
          globalSetup: ['tests/setup/global-setup.ts'],
          setupFiles: ['tests/setup/worker-env.ts'],
        },
      },
    ],
  },
});

import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import { registryRules } from './eslint-rules/no-database-handle.js';

const CLIENT_ADDRESS = 'Key on request.clientAddress (services/api/src/http/client-address.ts): the client behind the trusted proxies, not the connection\'s peer.';
const OUTBOUND_HTTP = 'Call other servers through the egress module (services/platform/src/egress/), from a job of the worker or scheduler role.';

export default tseslint.config(
  { ignores: ['**/node_modules/**', '**/dist/**', '.cache/**', 'tests/artifacts/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    rules: {
      '@typescript-eslint/no-explicit-any': 'error',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      'no-restricted-exports': ['error', { restrictDefaultExports: { direct: true } }],
    },
  },
  { files: ['**/*.config.ts', '**/*.config.js', 'eslint.config.js'], rules: { 'no-restricted-exports': 'off' } },
  {
    // Only repositories touch the database: routes, resolvers, loaders, plugins and services reach
    // Postgres through a domain's service (app.<domain>, context.<domain>), never through the
    // handle. Checked on what the code does (reading the handle off the app or a context, calling
    // one, raw SQL), not import names; the rule passes over repositories.
    files: ['services/api/src/**/*.ts'],
    ignores: [
      '**/*.test.ts',
      // The handle's owner, and the one place that hands it to the domains' services.
      'services/api/src/infrastructure/database.ts',
      'services/api/src/domains.ts',
    ],
    plugins: { registry: registryRules },
    rules: { 'registry/no-database-handle': 'error' },
  },
  {
    // Outbound HTTP goes through the egress module (addresses checked after DNS and on each
    // redirect, time-outs, size cap, per-host pacing), in worker and scheduler jobs.
    files: ['services/**/*.ts'],
    ignores: ['services/platform/src/egress/**'],
    rules: {
      'no-restricted-globals': ['error', { name: 'fetch', message: OUTBOUND_HTTP }],
      'no-restricted-properties': ['error',
        { object: 'globalThis', property: 'fetch', message: OUTBOUND_HTTP },
        // Fastify's request.ip is the connection's peer: behind a load balancer, the balancer.
        { object: 'request', property: 'ip', message: CLIENT_ADDRESS },
        { object: 'request', property: 'ips', message: CLIENT_ADDRESS },
      ],
    },
  },
  {
    // Routes and resolvers call a domain service, never its repository or a driver.
    files: ['services/api/src/**/*-routes.ts', 'services/api/src/routes/**/*.ts', 'services/api/src/**/*-resolvers.ts', 'services/api/src/http/**/*.ts', 'services/api/src/pages/**/*.ts', 'services/api/src/infrastructure/**/*.ts'],
    ignores: ['**/*.test.ts', 'services/api/src/infrastructure/database.ts', 'services/api/src/domains.ts'],
    rules: {
      'no-restricted-imports': ['error', {
        paths: [
          { name: 'knex', message: 'Routes and resolvers call a domain service; SQL lives in its repository.' },
          { name: 'pg', message: 'Routes and resolvers call a domain service; SQL lives in its repository.' },
        ],
        patterns: [{ group: ['**/*-repository.ts', '**/*-repository'], message: 'Routes and resolvers call a domain service, not its repository.' }],
      }],
    },
  },
);

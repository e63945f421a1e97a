import js from '@eslint/js';
import tseslint from 'typescript-eslint';

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
    // Domains own their data: REST routes and GraphQL resolvers stay thin and reach Postgres
    // only through a domain service (which uses its repository).
    files: ['services/api/src/**/*-routes.ts', 'services/api/src/routes/**/*.ts', 'services/api/src/graphql/resolvers/**/*.ts'],
    ignores: ['**/*.test.ts'],
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

/**
 * The committed REST types of the web (web/src/api/rest-types.generated.ts) are what
 * `npm run rest-types` makes of today's routes: the served OpenAPI document through
 * openapi-typescript (scripts/rest-types/). Fails after a route schema change until the types
 * are generated again.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { REST_TYPES_FILE, restTypesSource } from '../../scripts/rest-types/rest-types.ts';
import { sharedCatalogueConfig } from '../support/environment.ts';
import { buildTestApp } from './support.ts';

const ROOT = join(import.meta.dirname, '..', '..');

let app: FastifyInstance;
beforeAll(async () => {
  app = await buildTestApp(sharedCatalogueConfig());
});
afterAll(async () => app.close());

describe('generated REST types', () => {
  it('are up to date with the routes (npm run rest-types)', async () => {
    const committed = readFileSync(join(ROOT, REST_TYPES_FILE), 'utf8');
    expect(committed, `${REST_TYPES_FILE} is stale: run npm run rest-types`).toBe(await restTypesSource(app));
  });
});

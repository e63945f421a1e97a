/**
 * Work a request starts ends with its time-out: the API's Postgres pool cancels any statement
 * (and ends any idle transaction) after the request time-out, and its OpenSearch client aborts
 * a call after it, without retrying. A cancelled statement answers 503 with a message, not 500.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { createDatabase } from '@registry/platform';
import { databaseInputError } from '@registry/api/domain-errors.ts';
import { sharedCatalogueConfig } from '../support/environment.ts';
import { buildTestApp } from './support.ts';

const REQUEST_TIMEOUT_MS = 1_500;
let app: FastifyInstance;

beforeAll(async () => {
  app = await buildTestApp(sharedCatalogueConfig(), { requestTimeoutMs: REQUEST_TIMEOUT_MS });
}, 120_000);

afterAll(async () => {
  await app?.close();
});

describe('the request time-out', () => {
  it('is the statement and idle-transaction timeout of every connection of the API pool', async () => {
    const setting = async (name: string) => (await app.db.raw<{ rows: Record<string, string>[] }>(`show ${name}`)).rows[0][name];
    expect(await setting('statement_timeout')).toBe(`${REQUEST_TIMEOUT_MS}ms`);
    expect(await setting('idle_in_transaction_session_timeout')).toBe(`${REQUEST_TIMEOUT_MS}ms`);
    // Inside a transaction too (settings are per connection, not per statement).
    expect(await app.db.transaction(async (trx) => (await trx.raw<{ rows: { statement_timeout: string }[] }>('show statement_timeout')).rows[0].statement_timeout)).toBe(`${REQUEST_TIMEOUT_MS}ms`);
  });

  it('cancels a statement that runs longer, and the client is told 503 with a message', async () => {
    const failure = await app.db.raw('select pg_sleep(10)').then(() => null, (error: unknown) => error);
    expect((failure as { code?: string }).code).toBe('57014');
    expect(databaseInputError(failure)).toMatchObject({ statusCode: 503, message: expect.stringContaining('took too long') });
  });

  it('leaves the pool of workers and scripts without a timeout', async () => {
    const db = createDatabase(sharedCatalogueConfig().databaseUrl, { min: 0, max: 1 });
    try {
      expect((await db.raw<{ rows: { statement_timeout: string }[] }>('show statement_timeout')).rows[0].statement_timeout).toBe('0');
    } finally {
      await db.destroy();
    }
  });

  it('aborts an OpenSearch call after it, without retrying', () => {
    const transport = app.searchClient.transport as unknown as { requestTimeout: number; maxRetries: number };
    expect(transport.requestTimeout).toBe(REQUEST_TIMEOUT_MS);
    expect(transport.maxRetries).toBe(0);
  });
});

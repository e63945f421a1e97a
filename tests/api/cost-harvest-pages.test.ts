/**
 * Harvesting pages cost what they are: an OAI-PMH list page or a change-feed page asked for
 * again is sent from the page kept, without reading its records again, until the catalogue
 * changes; and each page holds at most MAX_PAGE_BYTES of records, its resumption token or `next`
 * cursor going on after the last one sent, so a walk still sees every record once.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { MAX_PAGE_BYTES } from '@registry/api/routes/json-api.ts';
import type { ChangePage } from '@registry/api/changes/change-feed.ts';
import { seedDemoCatalogue } from '../../scripts/seed/seed-demo-catalogue.ts';
import { createIsolatedEnvironment, type IsolatedEnvironment } from '../support/environment.ts';
import { all, element, headerOf, oai, text } from '../oai/oai-support.ts';
import { buildTestApp } from './support.ts';

/** The records made large: each one's real description repeated to about BIG_DESCRIPTION characters. */
const BIG_RECORDS = 24;
const BIG_DESCRIPTION = 150_000;
/** Room for the envelope and the token around the records of a page. */
const ENVELOPE_BYTES = 20_000;

let env: IsolatedEnvironment;
let app: FastifyInstance;
let bigIds: number[];
let queries = 0;

beforeAll(async () => {
  env = await createIsolatedEnvironment('cost_harvest_pages');
  await seedDemoCatalogue(env.db);
  const rows: { id: number; description: string }[] = await env.db('records').where({ is_hidden: false, is_approved: true })
    .orderBy('id').limit(BIG_RECORDS).select('id', 'description');
  bigIds = rows.map((row) => row.id);
  for (const row of rows) {
    const description = `${row.description} `.repeat(Math.ceil(BIG_DESCRIPTION / (row.description.length + 1)));
    await env.db('records').where({ id: row.id }).update({ description });
  }
  // The site's modes are read again every few seconds whatever is asked (http/site-mode.ts):
  // not the page's work, and on a loaded machine a read can fall between two asks.
  env.db.on('query', (query: { sql: string }) => {
    if (!query.sql.includes('"site_modes"')) queries += 1;
  });
  app = await buildTestApp(env.config, { db: env.db });
}, 180_000);

afterAll(async () => {
  await app?.close();
  await env?.cleanup();
});

/** The answer to `url` and the database queries it took. */
async function timedGet(url: string): Promise<{ body: string; queries: number }> {
  const before = queries;
  const response = await app.inject({ url });
  expect(response.statusCode, response.body.slice(0, 300)).toBe(200);
  return { body: response.body, queries: queries - before };
}

describe('a harvesting page asked for again', () => {
  it.each([
    ['an OAI-PMH ListRecords page', '/oai?verb=ListRecords&metadataPrefix=oai_dc&set=registry:database'],
    ['an OAI-PMH ListIdentifiers page', '/oai?verb=ListIdentifiers&metadataPrefix=oai_dc'],
    ['a change-feed page', '/changes?limit=1000'],
  ])('is %s sent from the page kept, until the catalogue changes', async (_name, url) => {
    const first = await timedGet(url);
    const again = await timedGet(url);
    expect(again.body).toBe(first.body);
    // The catalogue's version, read to know the kept page is current; nothing else.
    expect(again.queries).toBe(1);
    expect(first.queries).toBeGreaterThan(again.queries);

    const [renamed] = await env.db('records').where({ is_hidden: false, is_approved: true }).whereNotIn('id', bigIds).orderBy('id').limit(1).select('id', 'name');
    const name = `${renamed.name} (renamed ${Date.now()})`;
    await env.db('records').where({ id: renamed.id }).update({ name });
    // Built again (what it holds after a change is the feed's and the protocol's suites' to check).
    expect((await timedGet(url)).queries).toBeGreaterThan(1);
  });
});

describe('a harvesting page', () => {
  it('of OAI-PMH ListRecords stops at the byte cap and its token goes on after the last record sent', async () => {
    // The identifiers in list order (ListIdentifiers pages hold headers only: not cut).
    const identifiers = all(element((await oai(app, 'verb=ListIdentifiers&metadataPrefix=oai_datacite')).body.ListIdentifiers).header)
      .map((header) => headerOf(header).identifier);
    const seen: string[] = [];
    let query = 'verb=ListRecords&metadataPrefix=oai_datacite';
    while (seen.length < 200) {
      const answer = await oai(app, query);
      expect(Buffer.byteLength(answer.xml)).toBeLessThan(MAX_PAGE_BYTES + ENVELOPE_BYTES);
      const list = element(answer.body.ListRecords);
      seen.push(...all(list.record).map((record) => headerOf(element(record).header).identifier));
      const token = text(list.resumptionToken);
      expect(token).not.toBe('');
      query = `verb=ListRecords&resumptionToken=${encodeURIComponent(token)}`;
    }
    // The large records took several pages, none was skipped or repeated.
    expect(seen.slice(0, 200)).toEqual(identifiers.slice(0, 200));
    const firstPage = all(element((await oai(app, 'verb=ListRecords&metadataPrefix=oai_datacite')).body.ListRecords).record);
    expect(firstPage.length).toBeLessThan(BIG_RECORDS);
  });

  it('of the change feed stops at the byte cap and `next` goes on after the last entry sent', async () => {
    const seen: string[] = [];
    let since: string | null = null;
    let pages = 0;
    for (;;) {
      const { body } = await timedGet(`/changes?limit=1000${since ? `&since=${since}` : ''}`);
      expect(Buffer.byteLength(body)).toBeLessThan(MAX_PAGE_BYTES + ENVELOPE_BYTES);
      const page = JSON.parse(body) as ChangePage;
      seen.push(...page.changes.map((entry) => entry.cursor));
      pages += 1;
      since = page.next;
      if (!page.hasMore) break;
    }
    expect(new Set(seen).size).toBe(seen.length);
    const changeRows = Number((await env.db('public_changes').count({ count: '*' }).first())!.count);
    expect(seen.length).toBe(changeRows);
    // 3,200 ordinary entries fit in four pages of 1,000; the large ones took pages of their own.
    expect(pages).toBeGreaterThan(5);
  });
});

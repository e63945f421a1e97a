/**
 * Withdrawing a public record (issue 32): a super curator deletes it with a reason (required) and
 * optionally a public successor (validated); its identifiers then answer 410 Gone with the
 * tombstone in REST (by id, DOI and legacy id), GraphQL (`withdrawn`, not an error), the record
 * URL's page and linked data; a record hidden after being public keeps a tombstone when deleted; a
 * record merged into one withdrawn since, or into a hidden one, answers a tombstone. Real records of the demo catalogue.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { seedDemoCatalogue } from '../../scripts/seed/seed-demo-catalogue.ts';
import { createIsolatedEnvironment, type IsolatedEnvironment } from '../support/environment.ts';
import { buildTestApp } from '../api/support.ts';
import { signUserToken } from '@registry/api/http/auth.ts';
import { DATACITE_XSD, validateXml } from '../oai/oai-schema-validation.ts';

let env: IsolatedEnvironment;
let app: FastifyInstance;
const tokens: Record<'curator' | 'super', string> = { curator: '', super: '' };
const bearer = (user: keyof typeof tokens) => ({ authorization: `Bearer ${tokens[user]}` });
type Row = { id: number; name: string; doi: string | null; legacy_ids: string[]; abbreviation: string | null };
/** Public standards with a DOI and a legacy id, in id order: [withdrawn, successor, merged then withdrawn, its canonical]. */
let records: Row[];

/** The demo catalogue has no hidden record: a curator hides the last public one. */
async function hiddenRecord(): Promise<{ id: number }> {
  const row = await env.db('records').where({ is_hidden: false, is_approved: true }).orderBy('id', 'desc').first('id');
  const hidden = await app.inject({ method: 'POST', url: `/fairsharing_records/${row.id}/hide`, headers: bearer('curator'), payload: { hidden: true } });
  expect(hidden.statusCode, hidden.body).toBe(200);
  return row;
}

const remove = (id: number, payload?: Record<string, unknown>, user: keyof typeof tokens = 'super') =>
  app.inject({ method: 'DELETE', url: `/fairsharing_records/${id}`, headers: bearer(user), ...(payload ? { payload } : {}) });

beforeAll(async () => {
  env = await createIsolatedEnvironment('withdrawn_records');
  const { db } = env;
  await seedDemoCatalogue(db);
  for (const role of ['curator', 'super'] as const) {
    const [row] = await db('users').insert({ username: `${role}-withdraws`, email: `${role}-withdraws@example.org`, role: role === 'super' ? 'super_curator' : 'curator', confirmed_at: db.fn.now() }).returning('id');
    tokens[role] = '';
    (tokens as Record<string, unknown>)[`${role}Id`] = row.id;
  }
  records = await db('records').where({ is_hidden: false, is_approved: true }).whereNotNull('doi').whereRaw('cardinality(legacy_ids) > 0')
    .orderBy('id').limit(4).select('id', 'name', 'doi', 'legacy_ids', 'abbreviation');
  app = await buildTestApp(env.config, { db });
  for (const role of ['curator', 'super'] as const) tokens[role] = await signUserToken(app, (tokens as unknown as Record<string, number>)[`${role}Id`]);
});

afterAll(async () => {
  await app?.close();
  await env?.cleanup();
});

describe('deleting a public record', () => {
  it('is refused to a curator who is not a super curator', async () => {
    expect((await remove(records[0].id, { reason: 'Superseded' }, 'curator')).statusCode).toBe(403);
  });

  it('needs a reason', async () => {
    const response = await remove(records[0].id);
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toMatch(/reason is required/);
    expect((await remove(records[0].id, { reason: '   ' })).statusCode).toBe(400);
  });

  it('takes only a public record as successor', async () => {
    const hidden = await hiddenRecord();
    for (const successorId of [999_999, records[0].id, hidden.id]) {
      const response = await remove(records[0].id, { reason: 'Superseded', successor_id: successorId });
      expect(response.statusCode, String(successorId)).toBe(400);
    }
    expect(await env.db('records').where({ id: records[0].id }).first('id')).toBeDefined();
  });

  it('keeps a tombstone that every identifier answers with 410', async () => {
    const [gone, successor] = records;
    const deleted = await remove(gone.id, { reason: 'Merged into a broader standard by its community', successor_id: successor.id });
    expect(deleted.statusCode, deleted.body).toBe(200);
    for (const identifier of [String(gone.id), gone.doi!, gone.legacy_ids[0]]) {
      const url = /^\d+$/.test(identifier) ? `/fairsharing_records/${identifier}` : `/fairsharing_record/${identifier}`;
      const response = await app.inject({ url });
      expect(response.statusCode, url).toBe(410);
      const body = response.json();
      expect(body.data.attributes).toMatchObject({
        state: 'withdrawn', name: gone.name, abbreviation: gone.abbreviation, doi: gone.doi, reason: 'Merged into a broader standard by its community',
        successor: { id: successor.id, name: successor.name },
      });
      expect(body.data.attributes.registry).toBe('standard');
      expect(Date.parse(body.data.attributes.withdrawn_at)).toBeGreaterThan(Date.now() - 60_000);
      expect(body.links.successor).toMatch(new RegExp(`/fairsharing_records/${successor.id}$`));
    }
  });

  it('is `withdrawn` in the change feed (and so in webhook events), with the reason and successor', async () => {
    const [gone, successor] = records;
    let since: string | undefined;
    const entries: Record<string, unknown>[] = [];
    for (;;) {
      const page = (await app.inject({ url: `/changes?limit=1000${since ? `&since=${since}` : ''}` })).json();
      entries.push(...page.changes.filter((entry: { recordId: number }) => entry.recordId === gone.id));
      if (!page.hasMore) break;
      since = page.next;
    }
    expect(entries.at(-1)).toMatchObject({ change: 'withdrawn', recordId: gone.id, reason: 'Merged into a broader standard by its community', replacementId: successor.id });
  });

  it('answers GraphQL with the withdrawn state, not an error', async () => {
    const [gone, successor] = records;
    const query = `{ fairsharingRecord(id: "${gone.doi}") { id name doi withdrawn { reason withdrawnAt successor { id name } } } }`;
    const response = await app.inject({ method: 'POST', url: '/graphql', payload: { query } });
    const body = response.json();
    expect(body.errors).toBeUndefined();
    expect(body.data.fairsharingRecord).toMatchObject({
      id: String(gone.id), name: gone.name, doi: gone.doi,
      withdrawn: { reason: 'Merged into a broader standard by its community', successor: { id: String(successor.id), name: successor.name } },
    });
    const live = await app.inject({ method: 'POST', url: '/graphql', payload: { query: `{ fairsharingRecord(id: ${successor.id}) { id withdrawn { reason } } }` } });
    expect(live.json().data.fairsharingRecord).toEqual({ id: String(successor.id), withdrawn: null });
  });

  it('says in linked data that the record is deprecated and replaced', async () => {
    const [gone, successor] = records;
    const response = await app.inject({ url: `/${gone.id}`, headers: { accept: 'text/turtle' } });
    expect(response.statusCode).toBe(410);
    expect(response.body).toContain('owl:deprecated true');
    expect(response.body).toMatch(new RegExp(`dct:isReplacedBy <[^>]*/${successor.id}>`));
    expect(response.headers.link).toMatch(new RegExp(`/${successor.id}>; rel="successor-version"`));
  });

  it('answers DataCite XML with the tombstone (410), valid by the DataCite kernel-4 schema', async () => {
    const [gone, successor] = records;
    const response = await app.inject({ url: `/${gone.doi}`, headers: { accept: 'application/vnd.datacite.datacite+xml' } });
    expect(response.statusCode).toBe(410);
    expect(response.headers['content-type']).toContain('application/vnd.datacite.datacite+xml');
    expect(response.body).toContain(`<identifier identifierType="DOI">${gone.doi}</identifier>`);
    expect(response.body).toMatch(/<description descriptionType="Other">Withdrawn on \d{4}-\d{2}-\d{2}: Merged into a broader standard by its community<\/description>/);
    expect(response.body).toMatch(new RegExp(`<relatedIdentifier relatedIdentifierType="URL" relationType="IsObsoletedBy">[^<]*/${successor.id}</relatedIdentifier>`));
    expect(await validateXml(DATACITE_XSD, [response.body])).toEqual({ valid: true, report: '' });
  });

  it('answers a record merged into one withdrawn since with the tombstone', async () => {
    const [, , duplicate, canonical] = records;
    const merged = await app.inject({ method: 'POST', url: `/fairsharing_records/${duplicate.id}/merge`, headers: bearer('curator'), payload: { into: canonical.id } });
    expect(merged.statusCode, merged.body).toBe(200);
    expect((await app.inject({ url: `/fairsharing_record/${duplicate.doi}` })).statusCode).toBe(200);
    expect((await remove(canonical.id, { reason: 'No longer maintained' })).statusCode).toBe(200);
    for (const identifier of [duplicate.doi!, canonical.doi!, String(duplicate.id)]) {
      const response = await app.inject({ url: `/fairsharing_record/${identifier}` });
      expect(response.statusCode, identifier).toBe(410);
      expect(response.json().data.attributes).toMatchObject({ name: canonical.name, reason: 'No longer maintained', successor: null });
    }
  });
});

describe('deleting a record that was public once and hidden since', () => {
  it('needs a reason and keeps a tombstone: public once, its identifiers were issued for good', async () => {
    const hidden = await hiddenRecord();
    expect((await remove(hidden.id)).statusCode).toBe(400);
    expect((await remove(hidden.id, { reason: 'Withdrawn by its maintainers' })).statusCode).toBe(200);
    const response = await app.inject({ url: `/fairsharing_records/${hidden.id}` });
    expect(response.statusCode).toBe(410);
    expect(response.json().data.attributes).toMatchObject({ state: 'withdrawn', reason: 'Withdrawn by its maintainers' });
  });
});

describe('a public record merged into a hidden one', () => {
  it('answers its own tombstone, not a move to a record no visitor sees, and keeps it when that record is deleted', async () => {
    const [duplicate, canonical] = await env.db('records').where({ is_hidden: false, is_approved: true }).whereNotNull('doi')
      .orderBy('id', 'desc').offset(5).limit(2).select('id', 'doi');
    const hidden = await app.inject({ method: 'POST', url: `/fairsharing_records/${canonical.id}/hide`, headers: bearer('curator'), payload: { hidden: true } });
    expect(hidden.statusCode).toBe(200);
    const merged = await app.inject({ method: 'POST', url: `/fairsharing_records/${duplicate.id}/merge`, headers: bearer('curator'), payload: { into: canonical.id } });
    expect(merged.statusCode, merged.body).toBe(200);
    for (const identifier of [String(duplicate.id), duplicate.doi]) {
      const response = await app.inject({ url: `/fairsharing_record/${identifier}` });
      expect(response.statusCode, identifier).toBe(410);
      expect(response.json().data.attributes).toMatchObject({ state: 'withdrawn', successor: null });
    }
    expect((await remove(canonical.id, { reason: 'Duplicate of another standard' })).statusCode).toBe(200);
    const response = await app.inject({ url: `/fairsharing_record/${duplicate.doi}` });
    expect(response.statusCode).toBe(410);
    expect(response.json().data.attributes).toMatchObject({ reason: 'Duplicate of another standard' });
  });
});

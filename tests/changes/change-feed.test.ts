/**
 * GET /changes against the real demo catalogue in a private database: a replay from the start
 * into an empty copy ends equal to the open dump after creations, section saves, hiding,
 * deletion, merging and a vocabulary change; entries say what happened without showing hidden
 * records; cursors and entity tags; and transactions committing out of order are never skipped.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { seedDemoCatalogue } from '../../scripts/seed/seed-demo-catalogue.ts';
import { createIsolatedEnvironment, sharedCatalogueConfig, type IsolatedEnvironment } from '../support/environment.ts';
import { createDatabase } from '@registry/platform';
import { buildTestApp } from '../api/support.ts';
import { signUserToken } from '@registry/api/http/auth.ts';
import { applyEntries, readPage, readToEnd, readUntil } from './feed-client.ts';

let env: IsolatedEnvironment;
let app: FastifyInstance;
let curatorToken = '';
let superToken = '';
let objectTypeId = 0;
let standardTypeId = 0;
let loinc: { id: number; name: string; description: string };

const asCurator = () => ({ authorization: `Bearer ${curatorToken}` });

function recordBody(name: string, description = loinc.description) {
  return {
    fairsharing_record: {
      metadata: { name, homepage: 'https://loinc.org/', description, status: 'ready' },
      record_type_id: standardTypeId,
      object_type_ids: [objectTypeId],
    },
  };
}

async function createRecord(name: string): Promise<number> {
  const response = await app.inject({ method: 'POST', url: '/fairsharing_records', headers: asCurator(), payload: recordBody(name) });
  expect(response.statusCode, response.body).toBe(201);
  return Number(response.json().data.id);
}

async function publicDump(): Promise<unknown[]> {
  const response = await app.inject({ url: '/export/records.json' });
  expect(response.statusCode).toBe(200);
  return response.json() as unknown[];
}

beforeAll(async () => {
  env = await createIsolatedEnvironment('change_feed');
  const { db } = env;
  await seedDemoCatalogue(db);
  const [curator] = await db('users').insert({ username: 'feed-curator', email: 'feed-curator@example.org', role: 'curator', confirmed_at: db.fn.now() }).returning('id');
  const [superCurator] = await db('users').insert({ username: 'feed-super', email: 'feed-super@example.org', role: 'super_curator', confirmed_at: db.fn.now() }).returning('id');
  standardTypeId = Number((await db('record_types').where({ name: 'terminology_artefact' }).first('id')).id);
  objectTypeId = Number((await db('object_types').orderBy('id').first('id')).id);
  loinc = await db('records').where({ id: 2 }).first('id', 'name', 'description');
  app = await buildTestApp(env.config, { db });
  curatorToken = await signUserToken(app, curator.id);
  superToken = await signUserToken(app, superCurator.id);
});

afterAll(async () => {
  await app?.close();
  await env?.cleanup();
});

describe('GET /changes', () => {
  it('replays from the start into an empty copy equal to the public dump, through every kind of change', async () => {
    const start = await readToEnd(app, null, 1000);
    const created = await createRecord('LOINC (feed copy)');
    const toDelete = await createRecord('LOINC (feed copy to delete)');
    const duplicate = await createRecord('LOINC (feed duplicate)');
    const changedDescription = `${loinc.description} (changed for the feed)`;
    const saved = await app.inject({ method: 'PUT', url: `/fairsharing_records/${created}`, headers: asCurator(), payload: recordBody('LOINC (feed copy)', changedDescription) });
    expect(saved.statusCode, saved.body).toBe(200);
    const hidden = Number((await env.db('records').where({ is_hidden: false, is_approved: true }).whereNot({ id: loinc.id }).orderBy('id').first('id')).id);
    expect((await app.inject({ method: 'POST', url: `/fairsharing_records/${hidden}/hide`, headers: asCurator(), payload: { hidden: true } })).statusCode).toBe(200);
    const deleted = await app.inject({ method: 'DELETE', url: `/fairsharing_records/${toDelete}`, headers: { authorization: `Bearer ${superToken}` }, payload: { reason: 'A copy made for the feed' } });
    expect(deleted.statusCode, deleted.body).toBe(200);
    const merged = await app.inject({ method: 'POST', url: `/fairsharing_records/${duplicate}/merge`, headers: asCurator(), payload: { into: created } });
    expect(merged.statusCode, merged.body).toBe(200);
    // A vocabulary change reaches every public record annotated with the term.
    const subject = await env.db('record_subjects as rs').join('subjects as s', 's.id', 'rs.subject_id').where('rs.record_id', loinc.id).first('s.id', 's.label');
    await env.db('subjects').where({ id: subject.id }).update({ label: `${subject.label} ` });

    const later = await readUntil(app, start.next, (entries) => entries.some((entry) => entry.sections?.includes('subjects')));
    const byRecord = (id: number) => later.entries.filter((entry) => entry.recordId === id).map((entry) => entry.change);
    expect(byRecord(created)).toEqual(expect.arrayContaining(['created']));
    const update = later.entries.find((entry) => entry.recordId === created && entry.change === 'updated' && entry.sections?.includes('generalInformation'));
    expect(update?.record).toMatchObject({ description: changedDescription });
    expect(byRecord(hidden)).toContain('removed');
    // Public when deleted: withdrawn, with the curator's reason.
    expect(later.entries.filter((entry) => entry.recordId === toDelete)).toEqual([expect.objectContaining({ change: 'withdrawn', reason: 'A copy made for the feed' })]);
    expect(later.entries.filter((entry) => entry.recordId === duplicate)).toEqual([expect.objectContaining({ change: 'merged', replacementId: created })]);
    const annotated = await env.db('record_subjects').where({ subject_id: subject.id }).pluck('record_id');
    const touched = new Set(later.entries.filter((entry) => entry.sections?.includes('subjects')).map((entry) => entry.recordId));
    expect(annotated.every((id: number) => touched.has(id) || id === hidden)).toBe(true);

    const copy = new Map<number, unknown>();
    applyEntries(copy, start.entries);
    applyEntries(copy, later.entries);
    const replayed = [...copy.entries()].sort(([a], [b]) => a - b).map(([, record]) => record);
    expect(replayed).toEqual(await publicDump());
  });

  it('never shows a hidden record: its entries before it was hidden say nothing of it', async () => {
    const { entries } = await readToEnd(app, null, 1000);
    const hiddenIds = new Set(await env.db('records').where({ is_hidden: true }).orWhere({ is_approved: false }).pluck('id'));
    for (const entry of entries) {
      if (hiddenIds.has(entry.recordId)) expect(entry).not.toHaveProperty('record');
    }
    const draftIds = await env.db('records').where({ is_approved: false }).pluck('id');
    expect(entries.filter((entry) => draftIds.includes(entry.recordId) && entry.change !== 'removed')).toEqual([]);
  });

  it('answers 304 to the entity tag of an unchanged page, and refuses a cursor it did not write', async () => {
    const first = await app.inject({ url: '/changes?limit=5' });
    expect(first.headers.etag).toMatch(/^"[\w-]+"$/);
    const again = await app.inject({ url: '/changes?limit=5', headers: { 'if-none-match': String(first.headers.etag) } });
    expect(again.statusCode).toBe(304);
    expect(again.body).toBe('');
    const other = await app.inject({ url: '/changes?limit=6', headers: { 'if-none-match': String(first.headers.etag) } });
    expect(other.statusCode).toBe(200);
    for (const since of ['nonsense!', Buffer.from('1.x').toString('base64url')]) {
      const refused = await app.inject({ url: `/changes?since=${encodeURIComponent(since)}` });
      expect(refused.statusCode, since).toBe(400);
      expect(refused.json().message ?? refused.body).toMatch(/cursor/);
    }
    expect((await app.inject({ url: '/changes?limit=0' })).statusCode).toBe(400);
  });

  it('does not pass a change whose transaction started first but commits last', async () => {
    const { next: start } = await readToEnd(app, null, 1000);
    const [first, second] = await env.db('records').where({ is_hidden: false, is_approved: true }).orderBy('id').limit(2).pluck('id');
    const slow = await env.db.transaction();
    try {
      await slow('records').where({ id: first }).update({ abbreviation: 'SLOW' });
      await env.db('records').where({ id: second }).update({ abbreviation: 'FAST' });
      // The later transaction has committed, the earlier one not yet: nothing past the earlier one is shown.
      const meanwhile = await readToEnd(app, start);
      expect(meanwhile.entries.map((entry) => entry.recordId)).not.toContain(second);
      await slow.commit();
    } catch (error) {
      await slow.rollback();
      throw error;
    }
    const both = await readUntil(app, start, (entries) => entries.some((entry) => entry.recordId === second));
    expect(both.entries.map((entry) => entry.recordId)).toEqual(expect.arrayContaining([first, second]));
  });

  it("lists a licence's change as an update of each public record it applies to", async () => {
    const { next: start } = await readToEnd(app, null, 1000);
    const publicLinks = () => env.db('licence_links as ll').join('records as r', 'r.id', 'll.record_id').where({ 'r.is_hidden': false, 'r.is_approved': true });
    const { licence_id: licenceId } = await publicLinks().first('ll.licence_id');
    const linked: number[] = await publicLinks().where('ll.licence_id', licenceId).distinct().pluck('r.id');
    await env.db('licences').where({ id: licenceId }).update({ name: env.db.raw("name || ' '") });
    const { entries } = await readUntil(app, start, (read) => read.some((entry) => entry.sections?.includes('licences')));
    const touched = entries.filter((entry) => entry.change === 'updated' && entry.sections?.includes('licences')).map((entry) => entry.recordId);
    expect(touched.sort((a, b) => a - b)).toEqual([...linked].sort((a, b) => a - b));
  });

  it('is not held back by a transaction running in another database', async () => {
    const { next: start } = await readToEnd(app, null, 1000);
    const other = createDatabase(sharedCatalogueConfig().databaseUrl);
    const elsewhere = await other.transaction();
    try {
      await elsewhere.raw('SELECT pg_current_xact_id()');
      const [id] = await env.db('records').where({ is_hidden: false, is_approved: true }).orderBy('id', 'desc').limit(1).pluck('id');
      await env.db('records').where({ id }).update({ abbreviation: 'ELSEWHERE' });
      const { entries } = await readToEnd(app, start);
      expect(entries.map((entry) => entry.recordId)).toContain(id);
    } finally {
      await elsewhere.rollback();
      await other.destroy();
    }
  });

  it('misses no save made while a reader follows the feed', async () => {
    const { next: start } = await readToEnd(app, null, 1000);
    const ids: number[] = await env.db('records').where({ is_hidden: false, is_approved: true }).orderBy('id').limit(40).pluck('id');
    const seen = new Map<number, string | null>();
    let cursor = start;
    let saving = true;
    const reader = (async () => {
      while (saving || seen.size < ids.length) {
        const page = await readPage(app, cursor, 7);
        for (const entry of page.changes) {
          const record = entry.record as { abbreviation: string | null } | undefined;
          if (record?.abbreviation?.startsWith('FEED ')) seen.set(entry.recordId, record.abbreviation);
        }
        cursor = page.next;
        if (!page.hasMore) await new Promise((resolve) => setTimeout(resolve, 20));
      }
    })();
    await Promise.all(
      ids.map((id, index) => env.db.transaction(async (trx) => {
        await trx('records').where({ id }).update({ abbreviation: `FEED ${index}` });
      })),
    );
    saving = false;
    await Promise.race([reader, new Promise((_, reject) => setTimeout(() => reject(new Error(`reader saw ${seen.size} of ${ids.length}`)), 30_000))]);
    expect([...seen.keys()].sort((a, b) => a - b)).toEqual([...ids].sort((a, b) => a - b));
  });
});

/**
 * A third-party harvester (HTTP::OAI, Debian's libhttp-oai-perl, through tests/oai/harvest.pl)
 * harvests the whole registry from a listening server, then harvests incrementally: after
 * records are changed, hidden, deleted and merged, a `from` harvest finds exactly those, the
 * removed ones as deleted, and a hidden record's content is never shown.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { execFile } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import type { FastifyInstance } from 'fastify';
import { viewerForUser, type Viewer } from '@registry/schemas';
import { seedDemoCatalogue } from '../../scripts/seed/seed-demo-catalogue.ts';
import { createIsolatedEnvironment, type IsolatedEnvironment } from '../support/environment.ts';
import { buildTestApp } from '../api/support.ts';
import { oai, walk } from './oai-support.ts';
import { ANSWERS_XSD, validateXml } from './oai-schema-validation.ts';

const run = promisify(execFile);
const HARVESTER = fileURLToPath(new URL('./harvest.pl', import.meta.url));

let env: IsolatedEnvironment;
let app: FastifyInstance;
let baseUrl: string;
let host: string;
let curator: Viewer;

interface Harvested {
  id: number;
  datestamp: string;
  deleted: boolean;
  title: string;
}

async function harvest(from?: string): Promise<{ records: Harvested[]; errors: string[] }> {
  const { stdout } = await run('perl', [HARVESTER, baseUrl, ...(from ? [from] : [])], { timeout: 180_000, maxBuffer: 64 * 1024 * 1024 });
  const records: Harvested[] = [];
  const errors: string[] = [];
  for (const line of stdout.split('\n').filter(Boolean)) {
    const [identifier, datestamp, status, title] = line.split('\t');
    if (identifier === 'error') errors.push(datestamp);
    else records.push({ id: Number(identifier.slice(`oai:${host}:`.length)), datestamp, deleted: status === 'deleted', title: title ?? '' });
  }
  return { records, errors };
}

const ids = (records: Harvested[]) => records.map((record) => record.id).sort((a, b) => a - b);

beforeAll(async () => {
  env = await createIsolatedEnvironment('oai_harvest');
  await seedDemoCatalogue(env.db);
  const [user] = await env.db('users').insert({ username: 'oai-curator', email: 'oai-curator@example.org', role: 'super_curator', confirmed_at: new Date() }).returning(['id', 'username', 'role']);
  curator = viewerForUser(user, 'session');
  // The repository's identifiers and base URL follow the public URL: make it the listening address.
  const probe = await buildTestApp(env.config, { db: env.db });
  await probe.listen({ port: 0, host: '127.0.0.1' });
  const address = probe.server.address();
  await probe.close();
  if (address === null || typeof address === 'string') throw new Error('no port');
  app = await buildTestApp({ ...env.config, publicUrl: `http://127.0.0.1:${address.port}` }, { db: env.db });
  await app.listen({ port: address.port, host: '127.0.0.1' });
  baseUrl = `http://127.0.0.1:${address.port}/oai`;
  host = '127.0.0.1';
}, 300_000);

afterAll(async () => {
  await app?.close();
  await env?.cleanup();
});

/** Public records with no relation in either direction, so a change to one touches no other. */
async function unrelatedPublicRecords(count: number): Promise<{ id: number; name: string }[]> {
  return env.db('records as r')
    .where({ 'r.is_hidden': false, 'r.is_approved': true })
    .whereNotExists(env.db('record_associations as a').whereRaw('a.record_id = r.id OR a.linked_record_id = r.id'))
    .orderBy('r.id', 'desc')
    .limit(count)
    .select('r.id', 'r.name');
}

describe('harvesting with HTTP::OAI', () => {
  it('a first harvest finds every public record once, and nothing deleted', async () => {
    const { records, errors } = await harvest();
    expect(errors).toEqual([]);
    const publicIds: { id: number }[] = await env.db('records').where({ is_hidden: false, is_approved: true }).orderBy('id').select('id');
    expect(ids(records.filter((record) => !record.deleted))).toEqual(publicIds.map((row) => row.id));
    expect(records.filter((record) => record.deleted)).toEqual([]);
    const loinc = records.find((record) => record.id === 2);
    expect(loinc?.title).toBe((await env.db('records').where({ id: 2 }).first('name')).name);
  }, 240_000);

  it('a harvest from a moment finds exactly what changed since, removals as deleted', async () => {
    const from = `${new Date().toISOString().slice(0, 19)}Z`;
    const [{ count }] = await env.db('records').where('updated_at', '>=', from).count<{ count: string }[]>('* as count');
    expect(Number(count)).toBe(0);
    expect((await harvest(from)).errors).toEqual(['noRecordsMatch']);

    const [changed, hidden, deleted, duplicate, canonical] = await unrelatedPublicRecords(5);
    await env.db('records').where({ id: changed.id }).update({ name: `${changed.name} (renamed)` });
    await env.db('records').where({ id: hidden.id }).update({ is_hidden: true });
    // Withdrawn (deleted while public, with a tombstone): OAI-PMH keeps it as a deleted record.
    await app.curation.deleteRecord(curator, deleted.id, { reason: 'Withdrawn by its community' });
    await app.records.mergeRecords(curator, duplicate.id, canonical.id);

    const { records, errors } = await harvest(from);
    expect(errors).toEqual([]);
    expect(ids(records.filter((record) => !record.deleted))).toEqual([changed.id, canonical.id].sort((a, b) => a - b));
    expect(ids(records.filter((record) => record.deleted))).toEqual([hidden.id, deleted.id, duplicate.id].sort((a, b) => a - b));
    expect(records.find((record) => record.id === changed.id)?.title).toBe(`${changed.name} (renamed)`);
    for (const record of records) expect(record.datestamp >= from).toBe(true);

    // The merged record names its replacement; the hidden one shows nothing of itself.
    const merged = await oai(app, `verb=GetRecord&metadataPrefix=oai_dc&identifier=oai:${host}:${duplicate.id}`);
    expect(merged.xml).toContain(`<about><dcterms:isReplacedBy xmlns:dcterms="http://purl.org/dc/terms/">oai:${host}:${canonical.id}</dcterms:isReplacedBy></about>`);
    const deletedAnswers: string[] = [];
    for (const prefix of ['oai_dc', 'oai_datacite']) {
      const answer = await oai(app, `verb=GetRecord&metadataPrefix=${prefix}&identifier=oai:${host}:${hidden.id}`);
      expect(answer.xml).toContain('<header status="deleted">');
      expect(answer.xml).not.toContain(hidden.name);
      expect(answer.xml).not.toContain('<metadata>');
      deletedAnswers.push(answer.xml);
    }
    // Deleted headers are valid OAI-PMH (the merged record's <about> would need DCMI's dcterms.xsd,
    // which no reachable package ships: services/api/src/oai/schemas/README.md).
    deletedAnswers.push(...(await walk(app, 'ListIdentifiers', `metadataPrefix=oai_dc&from=${from}`)).pages.map((page) => page.xml));
    expect(await validateXml(ANSWERS_XSD, deletedAnswers)).toEqual({ valid: true, report: '' });
  }, 240_000);

  it('a withdrawn record is a deleted record (as Identify declares) naming its public successor in dcterms:isReplacedBy', async () => {
    const identify = await oai(app, 'verb=Identify');
    expect(identify.xml).toContain('<deletedRecord>persistent</deletedRecord>');
    const [withdrawn, successor] = await unrelatedPublicRecords(2);
    await app.curation.deleteRecord(curator, withdrawn.id, { reason: 'Superseded', successorId: successor.id });
    const getRecord = (prefix: string) => oai(app, `verb=GetRecord&metadataPrefix=${prefix}&identifier=oai:${host}:${withdrawn.id}`);
    for (const prefix of ['oai_dc', 'oai_datacite']) {
      const answer = await getRecord(prefix);
      expect(answer.xml).toContain('<header status="deleted">');
      expect(answer.xml).not.toContain('<metadata>');
      expect(answer.xml).toContain(`<about><dcterms:isReplacedBy xmlns:dcterms="http://purl.org/dc/terms/">oai:${host}:${successor.id}</dcterms:isReplacedBy></about>`);
    }
    // A successor hidden since is named nowhere.
    await env.db('records').where({ id: successor.id }).update({ is_hidden: true });
    expect((await getRecord('oai_dc')).xml).not.toContain('isReplacedBy');
    await env.db('records').where({ id: successor.id }).update({ is_hidden: false });
  }, 240_000);

  it('a public record merged into a hidden one names it nowhere, in any verb or format, until it is public', async () => {
    const from = `${new Date().toISOString().slice(0, 19)}Z`;
    const [merged, hiddenCanonical] = await unrelatedPublicRecords(2);
    await env.db('records').where({ id: hiddenCanonical.id }).update({ is_hidden: true });
    await app.records.mergeRecords(curator, merged.id, hiddenCanonical.id);
    const hiddenIdentifier = `oai:${host}:${hiddenCanonical.id}`;

    // The report's example first: GetRecord of the merged record named the hidden one in dcterms:isReplacedBy.
    const answers: string[] = [];
    for (const prefix of ['oai_dc', 'oai_datacite']) {
      const getRecord = await oai(app, `verb=GetRecord&metadataPrefix=${prefix}&identifier=oai:${host}:${merged.id}`);
      expect(getRecord.xml).toContain('<header status="deleted">');
      answers.push(getRecord.xml, ...(await walk(app, 'ListRecords', `metadataPrefix=${prefix}&from=${from}`)).pages.map((page) => page.xml));
    }
    answers.push(...(await walk(app, 'ListIdentifiers', `metadataPrefix=oai_dc&from=${from}`)).pages.map((page) => page.xml));
    for (const xml of answers) {
      expect(xml).not.toContain('isReplacedBy');
      // The hidden record is an item of its own (a deleted header), never the merged record's successor.
      expect(xml.split(hiddenIdentifier).length - 1).toBeLessThanOrEqual(1);
      expect(xml).not.toContain(hiddenCanonical.name);
    }

    // Other places that follow a merged record to its successor answer the merged record's own
    // tombstone (it was public: docs/api.md "Identifiers that keep resolving"), naming no successor.
    for (const url of [`/fairsharing_records/${merged.id}`, `/${merged.id}`]) {
      const response = await app.inject({ url, headers: { accept: url.startsWith('/fairsharing') ? 'application/json' : 'text/turtle' } });
      expect(response.statusCode, url).toBe(410);
      expect(response.headers.location, url).toBeUndefined();
      expect(response.headers.link ?? '', url).not.toContain('successor-version');
      expect(response.body, url).not.toContain(hiddenCanonical.name);
      expect(response.body, url).not.toContain('isReplacedBy');
    }
    expect((await app.inject({ url: `/fairsharing_records/${merged.id}` })).json().data.attributes.successor).toBeNull();
    const graphql = await app.inject({ method: 'POST', url: '/graphql', payload: { query: `{ fairsharingRecord(id: ${merged.id}) { id name withdrawn { successor { id } } } }` } });
    expect(graphql.body).not.toContain(hiddenCanonical.name);
    expect(JSON.parse(graphql.body).data.fairsharingRecord).toEqual({ id: String(merged.id), name: merged.name, withdrawn: { successor: null } });
    const sitemap = await app.inject({ url: '/sitemap.xml' });
    expect(sitemap.body).not.toMatch(new RegExp(`/${hiddenCanonical.id}<`));

    // Published, the successor is named again.
    await env.db('records').where({ id: hiddenCanonical.id }).update({ is_hidden: false });
    const named = await oai(app, `verb=GetRecord&metadataPrefix=oai_dc&identifier=oai:${host}:${merged.id}`);
    expect(named.xml).toContain(`>${hiddenIdentifier}</dcterms:isReplacedBy>`);
  }, 240_000);
});

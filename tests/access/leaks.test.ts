/**
 * What used to leak to anonymous callers: unapproved records in `duplicateCheck`, relations to
 * hidden records in `hasGraph`, `relatedRecordsCount` and the search document, and deactivated
 * users listed as maintainers, curators and reviewers.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { createSearchClient, type SearchClient } from '@registry/platform';
import { recordsAlias } from '@registry/schemas';
import { reindexAll } from '@registry/indexer';
import { createIsolatedEnvironment, type IsolatedEnvironment } from '../support/environment.ts';
import { buildTestApp } from '../api/support.ts';
import { insertFixtureVocabulary, insertRecord } from '../indexing/fixtures.ts';

let env: IsolatedEnvironment;
let app: FastifyInstance;
let client: SearchClient;
const ids = { open: 0, hidden: 0, unapproved: 0 };

async function graphql(query: string) {
  return (await app.inject({ method: 'POST', url: '/graphql', payload: { query } })).json();
}

beforeAll(async () => {
  env = await createIsolatedEnvironment('access_leaks');
  const { db } = env;
  const fixture = await insertFixtureVocabulary(db);
  // Names and descriptions of real registry entries (FAIRsharing, CC BY-SA 4.0).
  ids.open = await insertRecord(db, { registryId: fixture.registries.Standard, name: 'Gene Ontology', description: 'The Gene Ontology describes gene products.' });
  ids.hidden = await insertRecord(db, { registryId: fixture.registries.Database, name: 'UniProt Knowledgebase', isHidden: true });
  ids.unapproved = await insertRecord(db, { registryId: fixture.registries.Database, name: 'Protein Data Bank', isApproved: false });
  await db('record_associations').insert({ record_id: ids.open, linked_record_id: ids.hidden, relation_type_id: fixture.relationTypes.related_to });
  const [gone] = await db('users').insert({ username: 'gone-user', email: 'gone@example.org', deactivated: true }).returning('id');
  const [active] = await db('users').insert({ username: 'active-user', email: 'active@example.org' }).returning('id');
  for (const table of ['record_maintainers', 'record_community_curators']) {
    await db(table).insert([{ record_id: ids.open, user_id: gone.id }, { record_id: ids.open, user_id: active.id }]);
  }
  await db('record_reviews').insert({ record_id: ids.open, user_id: gone.id });
  await db('records').where({ id: ids.open }).update({ last_editor_id: gone.id });
  client = createSearchClient(env.config);
  await reindexAll({ db, client, indexPrefix: env.config.indexPrefix });
  app = await buildTestApp(env.config, { db });
});

afterAll(async () => {
  await app?.close();
  await client?.close();
  await env?.cleanup();
});

describe('leaks closed', () => {
  it('duplicateCheck shows anonymous callers no unapproved or hidden record', async () => {
    const answer = await graphql('{duplicateCheck(fields:["Protein Data Bank","UniProt Knowledgebase","Gene Ontology"]){id}}');
    expect(answer.data.duplicateCheck.map((record: { id: string }) => Number(record.id))).toEqual([ids.open]);
  });

  it('hasGraph and the indexed related-records count ignore relations to hidden records', async () => {
    const answer = await graphql(`{fairsharingRecord(id:${ids.open}){hasGraph recordAssociations{id}}}`);
    expect(answer.data.fairsharingRecord).toEqual({ hasGraph: false, recordAssociations: [] });
    const document = await client.get({ index: recordsAlias(env.config.indexPrefix), id: String(ids.open) });
    expect(document.body._source).toMatchObject({ relatedRecordsCount: 0 });
  });

  it('lists no deactivated user as maintainer, community curator, reviewer or last editor', async () => {
    const answer = await graphql(`{fairsharingRecord(id:${ids.open}){maintainers{username} communityCurators{username} reviews{user{username}} lastEditor{username}}}`);
    expect(answer.data.fairsharingRecord).toEqual({
      maintainers: [{ username: 'active-user' }],
      communityCurators: [{ username: 'active-user' }],
      reviews: [{ user: null }],
      lastEditor: null,
    });
  });
});

/**
 * Tag lists kept as their bytes per terms' revision (services/api/src/graphql/shared-answers.ts),
 * with two apps on one database standing for two API processes.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { createIsolatedEnvironment, type IsolatedEnvironment } from '../support/environment.ts';
import { startGraphqlApp } from './support.ts';

let environment: IsolatedEnvironment;
let first: FastifyInstance;
let second: FastifyInstance;
let tagId: number;

const TAG_LIST = '{ searchTags { id label iri definitions synonyms model } }';

async function answerText(app: FastifyInstance, body: Record<string, unknown>): Promise<string> {
  const response = await app.inject({ method: 'POST', url: '/graphql', headers: { 'content-type': 'application/json' }, payload: JSON.stringify(body) });
  expect(response.statusCode).toBe(200);
  return response.body;
}

const labels = (text: string) => (JSON.parse(text) as { data: { searchTags: { label: string }[] } }).data.searchTags.map((tag) => tag.label);

beforeAll(async () => {
  environment = await createIsolatedEnvironment('graphql_shared_answers');
  await environment.db('subjects').insert([{ label: 'Genomics', synonyms: ['genome science'], definitions: ['The study of genomes.'] }, { label: 'Proteomics' }]);
  [{ id: tagId }] = await environment.db('user_defined_tags').insert({ label: 'clinical' }).returning('id');
  // Each with its own database pool, as two processes behind one site.
  first = await startGraphqlApp(environment.config);
  second = await startGraphqlApp(environment.config);
});

afterAll(async () => {
  await first?.close();
  await second?.close();
  await environment?.cleanup();
});

describe('a tag list kept per terms revision', () => {
  it('is sent again byte for byte as it was built', async () => {
    const built = await answerText(first, { query: TAG_LIST });
    expect(labels(built)).toEqual(['Genomics', 'Proteomics', 'clinical']);
    expect(await answerText(first, { query: TAG_LIST })).toBe(built);
    expect(await answerText(second, { query: TAG_LIST })).toBe(built);
  });

  it('is what a process answers until the terms change', async () => {
    await answerText(first, { query: TAG_LIST });
    // Renamed without the revision trigger: only an answer kept from before can still say 'clinical'.
    await environment.db.transaction(async (transaction) => {
      await transaction.raw('SET LOCAL session_replication_role = replica');
      await transaction('user_defined_tags').where({ id: tagId }).update({ label: 'clinical (renamed quietly)' });
    });
    expect(labels(await answerText(first, { query: TAG_LIST }))).toContain('clinical');
  });

  it('is built again by every process once a term changes', async () => {
    await answerText(first, { query: TAG_LIST });
    await answerText(second, { query: TAG_LIST });
    await environment.db('user_defined_tags').where({ id: tagId }).update({ label: 'clinical trials' });
    for (const app of [first, second]) expect(labels(await answerText(app, { query: TAG_LIST }))).toContain('clinical trials');
    await environment.db('subjects').insert({ label: 'Metabolomics' });
    for (const app of [second, first]) expect(labels(await answerText(app, { query: TAG_LIST }))).toContain('Metabolomics');
    await environment.db('subjects').where({ label: 'Metabolomics' }).delete();
    for (const app of [first, second]) expect(labels(await answerText(app, { query: TAG_LIST }))).not.toContain('Metabolomics');
  });

  it('is kept apart for each set of variables', async () => {
    const query = 'query Tags($q: String) { searchTags(q: $q) { label } }';
    expect(labels(await answerText(first, { query, variables: { q: 'geno' } }))).toEqual(['Genomics']);
    expect(labels(await answerText(first, { query, variables: { q: 'prot' } }))).toEqual(['Proteomics']);
    expect(labels(await answerText(first, { query, variables: { q: 'geno' } }))).toEqual(['Genomics']);
  });
});

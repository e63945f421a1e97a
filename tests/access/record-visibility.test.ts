/**
 * The visibility rule's three forms agree: for every combination of hidden × approved × who owns
 * the record, and every kind of viewer, the row predicate, the knex modifier over Postgres and
 * the OpenSearch filter over the indexed documents select exactly the same records.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSearchClient, type SearchClient } from '@registry/platform';
import { reindexAll } from '@registry/indexer/src/reindex.ts';
import {
  ANONYMOUS_VIEWER, RECORD_VISIBILITY, recordsAlias, viewerForUser, type Viewer,
} from '@registry/schemas';
import { createIsolatedEnvironment, type IsolatedEnvironment } from '../support/environment.ts';
import { insertFixtureVocabulary, insertRecord } from '../indexing/fixtures.ts';

let env: IsolatedEnvironment;
let client: SearchClient;
const viewers: Record<string, Viewer> = {};
const facts = new Map<number, { isHidden: boolean; isApproved: boolean; ownerIds: number[] }>();

beforeAll(async () => {
  env = await createIsolatedEnvironment('access_visibility');
  const { db } = env;
  const ids = await insertFixtureVocabulary(db);
  const user = async (username: string, role: 'user' | 'curator' | 'super_curator', deactivated = false) => {
    const [row] = await db('users').insert({ username, email: `${username}@example.org`, role, deactivated }).returning(['id', 'username', 'role']);
    return row as { id: number; username: string; role: 'user' | 'curator' | 'super_curator' };
  };
  const creator = await user('creator', 'user');
  const maintainer = await user('maintainer', 'user');
  const other = await user('other', 'user');
  const curator = await user('curator', 'curator');
  const superCurator = await user('super', 'super_curator');
  Object.assign(viewers, {
    anonymous: ANONYMOUS_VIEWER,
    'other user': viewerForUser(other, 'session'),
    'other user by API key': viewerForUser(other, 'api_key'),
    creator: viewerForUser(creator, 'session'),
    'creator by API key': viewerForUser(creator, 'api_key'),
    maintainer: viewerForUser(maintainer, 'session'),
    curator: viewerForUser(curator, 'session'),
    'super curator': viewerForUser(superCurator, 'session'),
  });

  for (const isHidden of [false, true]) {
    for (const isApproved of [false, true]) {
      for (const owner of ['nobody', 'creator', 'maintainer'] as const) {
        // Names of real registry entries; the flags are what this test varies.
        const id = await insertRecord(db, { registryId: ids.registries.Standard, name: `LOINC ${isHidden}/${isApproved}/${owner}`, isHidden, isApproved });
        const ownerIds: number[] = [];
        if (owner === 'creator') {
          await db('records').where({ id }).update({ created_by_id: creator.id });
          ownerIds.push(creator.id);
        }
        if (owner === 'maintainer') {
          await db('record_maintainers').insert({ record_id: id, user_id: maintainer.id });
          ownerIds.push(maintainer.id);
        }
        facts.set(id, { isHidden, isApproved, ownerIds });
      }
    }
  }
  client = createSearchClient({ opensearchUrl: env.config.opensearchUrl });
  await reindexAll({ db, client, indexPrefix: env.config.indexPrefix });
});

afterAll(async () => {
  await client?.close();
  await env?.cleanup();
});

describe('the record visibility rule', () => {
  it('covers every combination in the fixture', () => {
    expect(facts.size).toBe(12);
  });

  it.each(['anonymous', 'other user', 'other user by API key', 'creator', 'creator by API key', 'maintainer', 'curator', 'super curator'])(
    'selects the same records in its three forms for %s',
    async (name) => {
      const viewer = viewers[name]!;
      const byPredicate = [...facts].filter(([, record]) => RECORD_VISIBILITY.allows(viewer, record)).map(([id]) => id).sort((a, b) => a - b);
      const bySql: number[] = (await env.db('records').modify(RECORD_VISIBILITY.queryModifier(viewer)).orderBy('id').pluck('id')).map(Number);
      const response = await client.search({
        index: recordsAlias(env.config.indexPrefix),
        body: { size: 100, _source: false, query: { bool: { filter: RECORD_VISIBILITY.searchFilter(viewer) } }, sort: [{ id: 'asc' }] },
      });
      const bySearch = (response.body.hits.hits as { _id: string }[]).map((hit) => Number(hit._id));
      expect(bySql).toEqual(byPredicate);
      expect(bySearch).toEqual(byPredicate);
      // Sanity: public records are always there, and curators see all twelve.
      expect(byPredicate.length).toBeGreaterThanOrEqual(3);
      if (viewer.isCurator) expect(byPredicate.length).toBe(12);
    },
  );
});

/** The SQL of saved searches and their links to records, organisations and users. */
import type { Knex } from 'knex';
import { activeUsersOnly } from '@registry/schemas';

type Db = Knex | Knex.Transaction;

export interface SavedSearchRow {
  id: number;
  name: string;
  url: string;
  comments: string | null;
  params: Record<string, unknown> | null;
  creator_id: number | null;
  created_at: Date;
}

export const SAVED_SEARCH_LINKS = {
  fairsharing_record_ids: { table: 'saved_search_records', column: 'record_id' },
  organisation_ids: { table: 'saved_search_organisations', column: 'organisation_id' },
  user_ids: { table: 'saved_search_users', column: 'user_id' },
} as const;
export type SavedSearchLinkKey = keyof typeof SAVED_SEARCH_LINKS;
export type SavedSearchLinks = Record<SavedSearchLinkKey, number[]>;

const COLUMNS = ['id', 'name', 'url', 'comments', 'params', 'creator_id', 'created_at'];

export async function findSavedSearch(db: Db, id: number, options: { forUpdate?: boolean } = {}): Promise<SavedSearchRow | null> {
  const query = db('saved_searches').select(COLUMNS).where({ id });
  if (options.forUpdate) query.forUpdate();
  return ((await query.first()) as SavedSearchRow | undefined) ?? null;
}

export async function insertSavedSearch(trx: Db, fields: Omit<SavedSearchRow, 'id' | 'created_at'>): Promise<number> {
  const [row] = await trx('saved_searches').insert({ ...fields, params: fields.params === null ? null : JSON.stringify(fields.params) }).returning('id');
  return Number(row.id);
}

export async function updateSavedSearch(trx: Db, id: number, fields: Partial<Pick<SavedSearchRow, 'name' | 'url' | 'comments' | 'params'>>): Promise<void> {
  const row: Record<string, unknown> = { ...fields, updated_at: trx.fn.now() };
  if (fields.params !== undefined) row.params = fields.params === null ? null : JSON.stringify(fields.params);
  await trx('saved_searches').where({ id }).update(row);
}

export async function deleteSavedSearch(trx: Db, id: number): Promise<void> {
  await trx('saved_searches').where({ id }).delete();
}

export async function linksOf(db: Db, id: number): Promise<SavedSearchLinks> {
  const links = {} as SavedSearchLinks;
  for (const [key, link] of Object.entries(SAVED_SEARCH_LINKS) as [SavedSearchLinkKey, (typeof SAVED_SEARCH_LINKS)[SavedSearchLinkKey]][]) {
    links[key] = (await db(link.table).where({ saved_search_id: id }).orderBy(link.column).pluck(link.column)).map(Number);
  }
  return links;
}

export async function replaceLinks(trx: Db, key: SavedSearchLinkKey, id: number, ids: readonly number[]): Promise<void> {
  const link = SAVED_SEARCH_LINKS[key];
  await trx(link.table).where({ saved_search_id: id }).delete();
  if (ids.length > 0) await trx(link.table).insert([...new Set(ids)].map((linked) => ({ saved_search_id: id, [link.column]: linked })));
}

export async function missingOrganisations(db: Db, ids: readonly number[]): Promise<number[]> {
  const found = new Set((await db('organisations').whereIn('id', ids).pluck('id')).map(Number));
  return ids.filter((id) => !found.has(id));
}

export async function missingUsers(db: Db, ids: readonly number[]): Promise<number[]> {
  const found = new Set((await db('users as u').modify(activeUsersOnly('u')).whereIn('u.id', ids).pluck('u.id')).map(Number));
  return ids.filter((id) => !found.has(id));
}

export async function registryOfRecord(db: Db, recordId: number): Promise<string | null> {
  const row = await db('records as r').join('registries as g', 'g.id', 'r.registry_id').where('r.id', recordId).first('g.name');
  return row ? String(row.name) : null;
}

/**
 * The names a record's history shows for the ids its entries store: one query per kind of
 * thing, for all the entries at once. Records and users are not read here: they pass the
 * visibility rules, through the GraphQL loaders.
 */
import type { Database } from '@registry/platform';
import type { NamedKind } from './history-description.ts';

/** Kinds named from their own table; records and users pass visibility rules elsewhere. */
export type PlainNamedKind = Exclude<NamedKind, 'record' | 'user'>;

/** Where each kind's name is: table and the column read as the name. */
const NAME_COLUMNS: Readonly<Record<PlainNamedKind, { table: string; column: string }>> = {
  // A relation type's description is its phrase ("Is related to"); its name is a key (related_to).
  relationType: { table: 'relation_types', column: "coalesce(nullif(description, ''), name)" },
  recordType: { table: 'record_types', column: 'name' },
  registry: { table: 'registries', column: 'name' },
  licence: { table: 'licences', column: 'name' },
  organisation: { table: 'organisations', column: 'name' },
  grant: { table: 'grants', column: 'name' },
  publication: { table: 'publications', column: 'title' },
  country: { table: 'countries', column: 'name' },
  objectType: { table: 'object_types', column: 'label' },
  subject: { table: 'subjects', column: 'label' },
  domain: { table: 'domains', column: 'label' },
  taxonomy: { table: 'taxonomies', column: 'label' },
  userDefinedTag: { table: 'user_defined_tags', column: 'label' },
};

export async function namesOf(db: Database, kind: PlainNamedKind, ids: readonly number[]): Promise<Map<number, string>> {
  if (ids.length === 0) return new Map();
  const { table, column } = NAME_COLUMNS[kind];
  const rows = (await db(table).select('id', db.raw(`${column} as name`)).whereIn('id', ids)) as { id: number; name: string }[];
  return new Map(rows.map((row) => [Number(row.id), row.name]));
}

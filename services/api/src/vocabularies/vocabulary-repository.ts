/**
 * The SQL of the reference data: the REST reference lists (one query function serves every
 * declaration of vocabularies.ts, ordered by the list's name, then id), the browsable
 * vocabularies (terms, parent links and public annotations of each), the look-ups of the
 * autocompletes (label or synonym contains the text) and the registries, record types and
 * relation types.
 */
import type { Database } from '@registry/platform';
import { ANONYMOUS_VIEWER, visibleRecordsOnly } from '@registry/schemas';
import { containsPattern, prefixPattern, searchedPattern } from '../like-pattern.ts';
import type { LicenceRow, PublicationRow } from '../references/reference-repository.ts';
import type { VocabularyDeclaration } from './vocabularies.ts';
import type { VocabularyTermRow } from './vocabulary-tree.ts';

export interface VocabularyRow {
  id: number;
  label: string;
  iri: string | null;
  definitions: string[];
  synonyms: string[];
}

export interface UserDefinedTagRow {
  id: number;
  label: string;
}

export interface CountryRow {
  id: number;
  code: string;
  name: string;
}

export interface RegistryRow {
  id: number;
  name: string;
  description: string;
}

export interface RecordTypeRow {
  id: number;
  name: string;
  description: string;
  registry_id: number;
}

export interface RelationTypeRow {
  id: number;
  name: string;
  description: string;
}

export interface VocabularyItem {
  id: number;
  attributes: Record<string, unknown>;
}

export interface VocabularyPage {
  items: VocabularyItem[];
  total: number;
}

function searchCondition(declaration: VocabularyDeclaration): string {
  const textMatches = declaration.searchText.map((column) => `lower(${column}) LIKE :pattern`);
  const arrayMatches = declaration.searchArrays.map((column) => `EXISTS (SELECT 1 FROM unnest(${column}) AS value WHERE lower(value) LIKE :pattern)`);
  return [...textMatches, ...arrayMatches].join(' OR ');
}

/** Bytes a page item adds besides its values: its id, type, keys and punctuation. */
const ITEM_OVERHEAD_BYTES = 100;

/**
 * One page of a list, the items containing `q` (any letter case) in a searched column when it is
 * given: at most `limit` items, and no more than fit in `maxBytes` (the first item always). The
 * cut is made in Postgres on the stored sizes of the values (JSON escaping may add a little), and
 * only the items kept are built as JSON: a page of 500 rows, ten of them a megabyte each, no
 * longer builds ten megabytes to send one.
 */
export async function readVocabularyPage(
  db: Database,
  declaration: VocabularyDeclaration,
  options: { q?: string; offset: number; limit: number; maxBytes: number },
): Promise<VocabularyPage> {
  const text = options.q?.trim() ?? '';
  const conditions = [declaration.listedWhen, text ? `(${searchCondition(declaration)})` : undefined].filter((condition) => condition !== undefined);
  const where = conditions.length > 0 ? `WHERE ${conditions.join(' AND ')}` : '';
  const columns = Object.values(declaration.attributes);
  const attributes = Object.entries(declaration.attributes).map(([name, column]) => `'${name}', ${column}`).join(', ');
  const storedSize = columns.map((column) => `coalesce(octet_length(${column}::text), 4)`).join(' + ');
  const bindings = { pattern: containsPattern(text), offset: options.offset, limit: options.limit, maxBytes: options.maxBytes, overhead: ITEM_OVERHEAD_BYTES };
  const tables = `${declaration.table} v ${declaration.joins ?? ''}`;
  const order = `${declaration.orderBy}, v.id`;
  const page = `SELECT v.id, ${storedSize} AS size, row_number() OVER (ORDER BY ${order}) AS position FROM ${tables} ${where} ORDER BY ${order} OFFSET :offset LIMIT :limit`;
  const measured = `SELECT id, position, sum(size + :overhead) OVER (ORDER BY position) AS bytes FROM (${page}) page`;
  const kept = `SELECT id, position FROM (${measured}) measured WHERE bytes <= :maxBytes OR position = :offset + 1`;
  const [items, counted] = await Promise.all([
    db.raw(`SELECT v.id, json_build_object(${attributes}) AS attributes FROM ${tables} JOIN (${kept}) kept ON kept.id = v.id ORDER BY kept.position`, bindings),
    db.raw(`SELECT CAST(count(*) AS integer) AS total FROM ${tables} ${where}`, bindings),
  ]);
  return { items: items.rows as VocabularyItem[], total: (counted.rows[0] as { total: number }).total };
}

// ---- browsable vocabularies --------------------------------------------------------------------

interface VocabularyTables {
  terms: string;
  /** Parent links (absent for flat vocabularies): table and the column naming the narrower term. */
  parents?: { table: string; column: string };
  annotations: { table: string; column: string };
  /** Terms of another ontology the vocabulary imports as its upper levels (DRAO sits under BFO). */
  upperLevelPrefix?: string;
}

/** By the id of /browse/{id} (the public client's names). */
export const VOCABULARY_TABLES = {
  subject: { terms: 'subjects', parents: { table: 'subject_parents', column: 'subject_id' }, annotations: { table: 'record_subjects', column: 'subject_id' } },
  domain: {
    terms: 'domains',
    parents: { table: 'domain_parents', column: 'domain_id' },
    annotations: { table: 'record_domains', column: 'domain_id' },
    upperLevelPrefix: 'BFO:',
  },
  taxonomy: { terms: 'taxonomies', annotations: { table: 'record_taxonomies', column: 'taxonomy_id' } },
  userdefinedtag: { terms: 'user_defined_tags', annotations: { table: 'record_user_defined_tags', column: 'user_defined_tag_id' } },
} as const satisfies Record<string, VocabularyTables>;

export type BrowsableVocabulary = keyof typeof VOCABULARY_TABLES;

export interface VocabularyRows {
  terms: VocabularyTermRow[];
  parentLinks: { term_id: number; parent_id: number }[];
  annotations: { term_id: number; record_id: number }[];
}

export async function loadVocabulary(db: Database, vocabulary: BrowsableVocabulary): Promise<VocabularyRows> {
  const tables: VocabularyTables = VOCABULARY_TABLES[vocabulary];
  const hasOntologyColumns = tables.terms !== 'user_defined_tags';
  const termQuery = db(tables.terms).select(
    'id',
    'label',
    hasOntologyColumns ? 'definitions' : db.raw(`'{}'::text[] AS definitions`),
    hasOntologyColumns ? 'synonyms' : db.raw(`'{}'::text[] AS synonyms`),
    hasOntologyColumns ? 'iri' : db.raw('NULL::text AS iri'),
  );
  if (tables.terms === 'user_defined_tags') termQuery.where('is_approved', true);
  if (tables.upperLevelPrefix) termQuery.where((query) => query.whereNull('ontology_id').orWhereNot('ontology_id', 'like', `${tables.upperLevelPrefix}%`));
  const [terms, parentLinks, annotations] = await Promise.all([
    termQuery,
    tables.parents ? db(tables.parents.table).select(db.raw('?? AS term_id', [tables.parents.column]), 'parent_id') : Promise.resolve([]),
    db(`${tables.annotations.table} as a`)
      .join('records', 'records.id', 'a.record_id')
      .modify(visibleRecordsOnly(ANONYMOUS_VIEWER))
      .select(db.raw('?? AS term_id', [`a.${tables.annotations.column}`]), 'a.record_id'),
  ]);
  return { terms, parentLinks, annotations };
}

// ---- look-ups of the autocompletes and filters ---------------------------------------------------

/** Safety cap for an empty `q`; every vocabulary we load is well below it. */
const MAX_TERMS = 5000;

export type TermTable = 'subjects' | 'domains' | 'taxonomies' | 'object_types' | 'user_defined_tags';

/** Where each term table's uses by records are kept: the join table and its column naming the term. */
const TERM_USES: Record<TermTable, { table: string; column: string }> = {
  subjects: { table: 'record_subjects', column: 'subject_id' },
  domains: { table: 'record_domains', column: 'domain_id' },
  taxonomies: { table: 'record_taxonomies', column: 'taxonomy_id' },
  object_types: { table: 'record_object_types', column: 'object_type_id' },
  user_defined_tags: { table: 'record_user_defined_tags', column: 'user_defined_tag_id' },
};

/**
 * Terms whose label (or, with `withSynonyms`, a synonym) contains `q`. A pick list shows the first
 * few, so the term named exactly comes first, then those starting with the text, then the most used
 * (by how many records name them), then by label; with no text, every term by label. Tags
 * waiting for a curator only `withUnapproved`.
 */
export function searchTerms(db: Database, table: TermTable, q: string | null | undefined, withSynonyms: boolean, withUnapproved = false): Promise<VocabularyRow[]> {
  const query = db<VocabularyRow>(table).select('*').limit(MAX_TERMS);
  // A keyword proposed in the editor is listed once a curator approves it.
  if (table === 'user_defined_tags' && !withUnapproved) query.where('is_approved', true);
  const pattern = searchedPattern(q);
  if (!pattern) return query.orderBy('label');
  query.where((where) => {
    where.whereRaw('lower(label) like ?', [pattern]);
    if (withSynonyms) where.orWhereRaw('exists (select 1 from unnest(synonyms) s where lower(s) like ?)', [pattern]);
  });
  const text = (q ?? '').trim().toLowerCase();
  const uses = TERM_USES[table];
  return query
    .orderByRaw('(lower(label) = ?) desc', [text])
    .orderByRaw('(lower(label) like ?) desc', [prefixPattern(text)])
    .orderByRaw(`(select count(*) from ?? u where u.?? = ??.id) desc`, [uses.table, uses.column, table])
    .orderBy('label');
}

/** The terms' revision, raised by every change to their tables (migration 20261126_0600_term_revision). */
export async function termRevision(db: Database): Promise<string> {
  const row = await db('term_revision').first('revision');
  return String(row?.revision ?? 0);
}

export function searchCountries(db: Database, q: string | null | undefined): Promise<CountryRow[]> {
  const query = db<CountryRow>('countries').select('*');
  const pattern = searchedPattern(q);
  if (!pattern) return query.orderBy('name');
  const text = (q ?? '').trim().toLowerCase();
  // As for terms: the country named (or coded) exactly first, then names starting with the text.
  return query
    .whereRaw('lower(name) like ? or lower(code) = ?', [pattern, text])
    .orderByRaw('(lower(name) = ? or lower(code) = ?) desc', [text, text])
    .orderByRaw('(lower(name) like ?) desc', [prefixPattern(text)])
    .orderBy('name');
}

export function searchLicences(db: Database, q: string | null | undefined, withUnapproved: boolean): Promise<LicenceRow[]> {
  const query = db<LicenceRow>('licences').select('*').orderBy('name').limit(MAX_TERMS);
  if (!withUnapproved) query.where('is_approved', true);
  const pattern = searchedPattern(q);
  if (pattern) query.whereRaw('lower(name) like ? or lower(spdx_id) like ?', [pattern, pattern]);
  return query;
}

export function searchPublications(db: Database, q: string | null | undefined): Promise<PublicationRow[]> {
  const query = db<PublicationRow>('publications').select('*').orderBy('title').limit(MAX_TERMS);
  const pattern = searchedPattern(q);
  if (pattern) query.whereRaw('lower(title) like ? or lower(doi) like ? or pubmed_id = ?', [pattern, pattern, (q ?? '').trim()]);
  return query;
}

// ---- registries, record types, relation types ----------------------------------------------------

export function registries(db: Database): Promise<RegistryRow[]> {
  return db<RegistryRow>('registries').select('*').orderBy('id');
}

/** A registry by id or, when `id` is null, by name (any letter case). */
export async function findRegistry(db: Database, id: number | null, name: string): Promise<RegistryRow | null> {
  const query = db<RegistryRow>('registries').select('*');
  if (id !== null) query.where('id', id);
  else query.whereRaw('lower(name) = ?', [name.trim().toLowerCase()]);
  return (await query.first()) ?? null;
}

export function recordTypes(db: Database): Promise<RecordTypeRow[]> {
  return db<RecordTypeRow>('record_types').select('*').orderBy('name');
}

export interface AllowedRegistryPair {
  relation_type_id: number;
  from: string;
  to: string;
}

export async function relationTypes(db: Database): Promise<{ types: RelationTypeRow[]; allowed: AllowedRegistryPair[] }> {
  const [types, allowed] = await Promise.all([
    db<RelationTypeRow>('relation_types').select('*').orderBy('name'),
    db('relation_type_allowed_associations as a')
      .join('registries as f', 'f.id', 'a.from_registry_id')
      .join('registries as t', 't.id', 'a.to_registry_id')
      .select('a.relation_type_id', 'f.name as from', 't.name as to') as Promise<AllowedRegistryPair[]>,
  ]);
  return { types, allowed };
}

export interface AllowedRelation {
  name: string;
  id: number;
  allowed_associations: { from: string; to: string }[];
}

/** Every relation type with the registry pairs (names lower-case) it may link, for the REST API. */
export async function allowedRelations(db: Database): Promise<AllowedRelation[]> {
  const rows = await db.raw<{ rows: AllowedRelation[] }>(`
    SELECT rt.id, rt.name,
      COALESCE((SELECT json_agg(json_build_object('from', lower(f.name), 'to', lower(t.name)) ORDER BY f.name, t.name)
        FROM relation_type_allowed_associations a
        JOIN registries f ON f.id = a.from_registry_id
        JOIN registries t ON t.id = a.to_registry_id
        WHERE a.relation_type_id = rt.id), '[]'::json) AS allowed_associations
    FROM relation_types rt
    ORDER BY rt.name`);
  return rows.rows;
}

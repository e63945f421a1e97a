/**
 * Every SQL statement of record writes: the record row, its links to vocabularies and people,
 * its relations to other records, redirects of merged records, logos and edit events. Functions
 * take the transaction they run in; the service decides what to call and in which order.
 */
import type { Knex } from 'knex';
import type { Database } from '@registry/platform';
import { activeUsersOnly, ANONYMOUS_VIEWER, canViewRecord, visibleRecordsOnly, type Viewer } from '@registry/schemas';
import type { RecordAssociationRow, RecordRow } from './record-rows.ts';

type Db = Database | Knex.Transaction;

/** Join tables a section edits by id list, with the payload key that carries each list. */
export const RECORD_LINKS = {
  country_ids: { table: 'record_countries', column: 'country_id', target: 'countries' },
  object_type_ids: { table: 'record_object_types', column: 'object_type_id', target: 'object_types' },
  subject_ids: { table: 'record_subjects', column: 'subject_id', target: 'subjects' },
  domain_ids: { table: 'record_domains', column: 'domain_id', target: 'domains' },
  taxonomy_ids: { table: 'record_taxonomies', column: 'taxonomy_id', target: 'taxonomies' },
  user_defined_tag_ids: { table: 'record_user_defined_tags', column: 'user_defined_tag_id', target: 'user_defined_tags' },
  maintainer_ids: { table: 'record_maintainers', column: 'user_id', target: 'users' },
  watcher_ids: { table: 'record_watchers', column: 'user_id', target: 'users' },
} as const;
export type RecordLinkKey = keyof typeof RECORD_LINKS;

export async function findRecordById(db: Db, id: number, options: { forUpdate?: boolean } = {}): Promise<RecordRow | null> {
  const query = db<RecordRow>('records').select('*').where({ id });
  if (options.forUpdate) query.forUpdate();
  return (await query.first()) ?? null;
}

/** What `parseRecordIdentifier` reads from an id, a DOI or a legacy id. */
export type RecordIdentifier = { kind: 'id'; id: number } | { kind: 'doi'; doi: string } | { kind: 'legacy'; legacyId: string };

/** What stays of a withdrawn (deleted while public) record: `record_tombstones`. */
export interface TombstoneRow {
  record_id: number;
  name: string;
  abbreviation: string | null;
  registry_id: number;
  /** The registry's name (lower-case), read with the row. */
  registry: string;
  doi: string | null;
  legacy_ids: string[];
  reason: string;
  withdrawn_at: Date;
  withdrawn_by_id: number | null;
  successor_id: number | null;
  /** When the record was created, if known. */
  record_created_at: Date | null;
}

/**
 * What an identifier ever issued names now: a live record, a record it moved to (merged: pages
 * answer 301), a withdrawn record's tombstone (410), or nothing (null: 404). The one resolver of
 * ids, DOIs and legacy ids; callers apply the visibility rule to the records it answers.
 */
export type IdentifierResolution =
  | { state: 'live'; record: RecordRow }
  | { state: 'moved'; record: RecordRow }
  | { state: 'withdrawn'; tombstone: TombstoneRow };

function identifierMatch(query: Knex.QueryBuilder, identifier: RecordIdentifier, idColumn: string): Knex.QueryBuilder {
  if (identifier.kind === 'id') return query.where(idColumn, identifier.id);
  if (identifier.kind === 'doi') return query.whereRaw('lower(doi) = ?', [identifier.doi]);
  // The GIN index answers `&&`; legacy ids are stored as issued, usually lower-case.
  return query.whereRaw('legacy_ids && ?::text[]', [[identifier.legacyId, identifier.legacyId.toUpperCase()]]);
}

export async function resolveRecordIdentifier(db: Db, identifier: RecordIdentifier): Promise<IdentifierResolution | null> {
  const record = await identifierMatch(db<RecordRow>('records').select('*'), identifier, 'id').first();
  if (record) return { state: 'live', record };
  const key = redirectKey(identifier);
  const target = await redirectTarget(db, key);
  const canonical = target === null ? null : await findRecordById(db, target);
  // The tombstone of the record it was merged into (withdrawn since) comes first; then its own,
  // kept when a public record was merged (see `mergeRecords`).
  const tombstone = (await tombstoneOfMerged(db, key)) ?? (await findTombstone(db, identifier));
  // A public identifier merged into a record that is not public (hidden, or never approved)
  // answers its tombstone rather than a move to a record no visitor may see.
  if (canonical && (tombstone === null || isPublicRow(canonical))) return { state: 'moved', record: canonical };
  return tombstone ? { state: 'withdrawn', tombstone } : null;
}

/** Public: what an anonymous visitor may see (the access module's rule). */
export function isPublicRow(record: Pick<RecordRow, 'is_approved' | 'is_hidden'>): boolean {
  return canViewRecord(ANONYMOUS_VIEWER, { isHidden: record.is_hidden, isApproved: record.is_approved, ownerIds: [] });
}

/**
 * Whether a record has ever been public: public now, or logged public at some moment in
 * `public_changes` (its triggers log every change of a record public before or after).
 */
export async function wasEverPublic(db: Db, record: Pick<RecordRow, 'id' | 'is_approved' | 'is_hidden'>): Promise<boolean> {
  if (isPublicRow(record)) return true;
  const logged = await db('public_changes').where('record_id', record.id).andWhere((where) => where.where('was_public', true).orWhere('is_public', true)).first('id');
  return logged !== undefined;
}

/** An identifier as `record_redirects.identifier` and `record_tombstones.merged_identifiers` hold it. */
function redirectKey(identifier: RecordIdentifier): string {
  return identifier.kind === 'id' ? `id:${identifier.id}` : identifier.kind === 'doi' ? `doi:${identifier.doi}` : `legacy:${identifier.legacyId}`;
}

function tombstones(db: Db): Knex.QueryBuilder {
  return db('record_tombstones').join('registries', 'registries.id', 'record_tombstones.registry_id')
    .select('record_tombstones.*', db.raw('lower(registries.name) as registry'));
}

export async function findTombstone(db: Db, identifier: RecordIdentifier): Promise<TombstoneRow | null> {
  return (await identifierMatch(tombstones(db), identifier, 'record_id').first()) ?? null;
}

/** The tombstone of the withdrawn record an identifier had been merged into. */
async function tombstoneOfMerged(db: Db, key: string): Promise<TombstoneRow | null> {
  return (await tombstones(db).whereRaw('merged_identifiers && ?::text[]', [[key]]).first()) ?? null;
}

/** The identifiers of the records merged into this one (its redirects). */
export async function redirectsTo(db: Db, recordId: number): Promise<string[]> {
  return db('record_redirects').where({ record_id: recordId }).orderBy('identifier').pluck('identifier');
}

export async function insertTombstone(trx: Db, row: Omit<TombstoneRow, 'withdrawn_at' | 'registry'> & { merged_identifiers: string[] }): Promise<void> {
  await trx('record_tombstones').insert(row);
}

/** The record an identifier names, following the redirect of a merged record to its canonical one. */
export async function findRecordRow(db: Db, identifier: RecordIdentifier): Promise<RecordRow | null> {
  const resolved = await resolveRecordIdentifier(db, identifier);
  return resolved && resolved.state !== 'withdrawn' ? resolved.record : null;
}

/** The records of a registry the viewer may see, by name. */
export function recordsOfRegistry(db: Db, viewer: Viewer, registryId: number): Promise<RecordRow[]> {
  return db<RecordRow>('records').select('*').where('registry_id', registryId).modify(visibleRecordsOnly(viewer)).orderBy('name');
}

const SUMMARY_COLUMNS = ['id', 'name', 'abbreviation', 'homepage', 'description', 'doi'] as const;

/** Visible records whose name, abbreviation or homepage is one of `values` (lower-case), at most 100. */
export function recordsNamedAny(db: Db, viewer: Viewer, values: string[]): Promise<Pick<RecordRow, (typeof SUMMARY_COLUMNS)[number]>[]> {
  return db<RecordRow>('records')
    .select(...SUMMARY_COLUMNS)
    .where((where) => {
      where.whereRaw('lower(name) = any(?)', [values])
        .orWhereRaw('lower(abbreviation) = any(?)', [values])
        .orWhereRaw('lower(homepage) = any(?)', [values]);
    })
    .modify(visibleRecordsOnly(viewer))
    .orderBy('id')
    .limit(100);
}

/** Every record the viewer may see, in id order, with the columns of a list. */
export function recordSummaries(db: Db, viewer: Viewer): Promise<Pick<RecordRow, (typeof SUMMARY_COLUMNS)[number]>[]> {
  return db<RecordRow>('records').select(...SUMMARY_COLUMNS).modify(visibleRecordsOnly(viewer)).orderBy('id');
}

export async function insertRecord(trx: Db, row: Partial<RecordRow>): Promise<RecordRow> {
  const [inserted] = await trx('records').insert(row).returning('*');
  return inserted as RecordRow;
}

export async function updateRecordRow(trx: Db, id: number, changes: Partial<RecordRow>): Promise<void> {
  await trx('records').where({ id }).update(changes);
}

export async function deleteRecordRow(trx: Db, id: number): Promise<void> {
  await trx('records').where({ id }).delete();
}

export async function linkedIds(db: Db, key: RecordLinkKey, recordId: number): Promise<number[]> {
  const link = RECORD_LINKS[key];
  return (await db(link.table).where({ record_id: recordId }).orderBy(link.column).pluck(link.column)).map(Number);
}

export async function replaceLinkedIds(trx: Db, key: RecordLinkKey, recordId: number, ids: readonly number[]): Promise<void> {
  const link = RECORD_LINKS[key];
  await trx(link.table).where({ record_id: recordId }).delete();
  if (ids.length > 0) await trx(link.table).insert([...new Set(ids)].map((id) => ({ record_id: recordId, [link.column]: id })));
}

/**
 * Approves the tags among `tagIds` that wait for a curator; answers the records that name them,
 * whose search documents left them out until now.
 */
export async function approveTags(trx: Db, tagIds: readonly number[]): Promise<number[]> {
  if (tagIds.length === 0) return [];
  const approved: number[] = (await trx('user_defined_tags').whereIn('id', tagIds).where('is_approved', false).update({ is_approved: true }).returning('id')).map((row: { id: number }) => row.id);
  if (approved.length === 0) return [];
  return (await trx('record_user_defined_tags').whereIn('user_defined_tag_id', approved).distinct().pluck('record_id')).map(Number);
}

export async function isActiveUserId(db: Db, userId: number): Promise<boolean> {
  return (await db('users').modify(activeUsersOnly()).where('users.id', userId).first('users.id')) !== undefined;
}

/** The ids among `ids` that do not exist in `table` (unknown vocabulary terms, users...). */
export async function missingIds(db: Db, table: string, ids: readonly number[]): Promise<number[]> {
  if (ids.length === 0) return [];
  const found = new Set((await db(table).whereIn('id', [...new Set(ids)]).pluck('id')).map(Number));
  return ids.filter((id) => !found.has(id));
}

export async function registryOfRecordType(db: Db, recordTypeId: number): Promise<{ registryId: number; registry: string } | null> {
  const row = await db('record_types as t')
    .join('registries as r', 'r.id', 't.registry_id')
    .where('t.id', recordTypeId)
    .first('r.id as registryId', 'r.name as registry');
  return row ? { registryId: Number(row.registryId), registry: String(row.registry).toLowerCase() } : null;
}

/** Registry (lower-case) of a record type given by name, any letter case; null when unknown. */
export async function registryOfRecordTypeName(db: Db, name: string): Promise<string | null> {
  const row = await db('record_types as t').join('registries as r', 'r.id', 't.registry_id').whereRaw('lower(t.name) = lower(?)', [name]).first('r.name');
  return row ? String(row.name).toLowerCase() : null;
}

export async function registryName(db: Db, registryId: number): Promise<string> {
  const row = await db('registries').where({ id: registryId }).first('name');
  return String(row?.name ?? '').toLowerCase();
}

/** Records sharing a name, an abbreviation or a homepage with the given values (case-insensitive). */
export async function findSuspectedDuplicates(
  db: Db,
  values: { name?: string | null; abbreviation?: string | null; homepage?: string | null },
  excludeId?: number,
  /** Only records this viewer may see (the answer to the viewer; curators' flag keeps them all). */
  visibleTo?: Viewer,
): Promise<{ id: number; name: string; abbreviation: string | null; homepage: string | null }[]> {
  const normalised = (value: string | null | undefined) => (value ?? '').trim().toLowerCase();
  const name = normalised(values.name);
  const abbreviation = normalised(values.abbreviation);
  const homepage = normalised(values.homepage).replace(/\/+$/, '');
  const query = db('records')
    .select('id', 'name', 'abbreviation', 'homepage')
    .where((where) => {
      if (name) where.orWhereRaw('lower(name) = ?', [name]);
      if (abbreviation) where.orWhereRaw('lower(abbreviation) = ?', [abbreviation]);
      if (homepage) where.orWhereRaw("rtrim(lower(homepage), '/') = ?", [homepage]);
      if (!name && !abbreviation && !homepage) where.whereRaw('false');
    })
    .orderBy('id')
    .limit(20);
  if (excludeId !== undefined) query.whereNot({ id: excludeId });
  if (visibleTo) query.modify(visibleRecordsOnly(visibleTo));
  return query;
}

export async function associationsOf(db: Db, recordId: number): Promise<RecordAssociationRow[]> {
  return db('record_associations').select('id', 'record_id', 'linked_record_id', 'relation_type_id').where({ record_id: recordId }).orderBy('id');
}

/** Every record related to this one in either direction (their counts and flags embed it). */
export async function relatedRecordIds(db: Db, recordId: number): Promise<number[]> {
  const rows: { id: number }[] = await db.raw(
    `SELECT linked_record_id AS id FROM record_associations WHERE record_id = ?
     UNION SELECT record_id FROM record_associations WHERE linked_record_id = ?`,
    [recordId, recordId],
  ).then((result: { rows: { id: number }[] }) => result.rows);
  return rows.map((row) => Number(row.id));
}

export async function insertAssociation(trx: Db, row: Omit<RecordAssociationRow, 'id'>): Promise<void> {
  await trx('record_associations').insert(row);
}

export async function deleteAssociations(trx: Db, recordId: number, ids: readonly number[]): Promise<RecordAssociationRow[]> {
  if (ids.length === 0) return [];
  return trx('record_associations').whereIn('id', [...ids]).andWhere({ record_id: recordId }).delete().returning(['id', 'record_id', 'linked_record_id', 'relation_type_id']);
}

/** Relation type id → the (from registry, to registry) pairs it allows, lower-case names. */
export async function allowedAssociations(db: Db): Promise<Map<number, { name: string; pairs: Set<string> }>> {
  const [types, pairs] = await Promise.all([
    db('relation_types').select('id', 'name'),
    db('relation_type_allowed_associations as a')
      .join('registries as f', 'f.id', 'a.from_registry_id')
      .join('registries as t', 't.id', 'a.to_registry_id')
      .select('a.relation_type_id', db.raw('lower(f.name) as "from"'), db.raw('lower(t.name) as "to"')),
  ]);
  const allowed = new Map<number, { name: string; pairs: Set<string> }>();
  for (const type of types as { id: number; name: string }[]) allowed.set(Number(type.id), { name: type.name, pairs: new Set() });
  for (const pair of pairs as { relation_type_id: number; from: string; to: string }[]) {
    allowed.get(Number(pair.relation_type_id))?.pairs.add(`${pair.from}>${pair.to}`);
  }
  return allowed;
}

/** Registry (lower-case) of each of the given records. */
export async function registriesOfRecords(db: Db, ids: readonly number[]): Promise<Map<number, string>> {
  if (ids.length === 0) return new Map();
  const rows: { id: number; registry: string }[] = await db('records as r')
    .join('registries as g', 'g.id', 'r.registry_id')
    .whereIn('r.id', [...new Set(ids)])
    .select('r.id', db.raw('lower(g.name) as registry'));
  return new Map(rows.map((row) => [Number(row.id), row.registry]));
}

export async function replacePublications(trx: Db, recordId: number, publicationIds: readonly number[], citationIds: readonly number[]): Promise<void> {
  await trx('record_publications').where({ record_id: recordId }).delete();
  const citations = new Set(citationIds);
  const all = [...new Set([...publicationIds, ...citationIds])];
  if (all.length > 0) {
    await trx('record_publications').insert(all.map((id) => ({ record_id: recordId, publication_id: id, is_citation: citations.has(id) })));
  }
}

export async function publicationLinks(db: Db, recordId: number): Promise<{ publicationIds: number[]; citationIds: number[] }> {
  const rows: { publication_id: number; is_citation: boolean }[] = await db('record_publications')
    .where({ record_id: recordId })
    .orderBy('publication_id')
    .select('publication_id', 'is_citation');
  return {
    publicationIds: rows.map((row) => Number(row.publication_id)),
    citationIds: rows.filter((row) => row.is_citation).map((row) => Number(row.publication_id)),
  };
}

export async function saveLogo(trx: Db, recordId: number, logo: { contentType: string; bytes: Buffer } | null): Promise<void> {
  if (logo === null) {
    await trx('record_logos').where({ record_id: recordId }).delete();
    return;
  }
  await trx('record_logos')
    .insert({ record_id: recordId, content_type: logo.contentType, bytes: logo.bytes, updated_at: trx.fn.now() })
    .onConflict('record_id')
    .merge();
}

export async function findLogo(db: Db, recordId: number): Promise<{ contentType: string; bytes: Buffer } | null> {
  const row = await db('record_logos').where({ record_id: recordId }).first('content_type', 'bytes');
  return row ? { contentType: row.content_type as string, bytes: row.bytes as Buffer } : null;
}

export interface EditEventInput {
  recordId: number | null;
  userId: number | null;
  editType: 'create' | 'update' | 'delete' | 'approve' | 'hide' | 'unhide' | 'merge' | 'deprecate' | 'doi';
  editEvent: Record<string, unknown>;
}

export async function insertEditEvent(trx: Db, event: EditEventInput): Promise<void> {
  await trx('edit_events').insert({
    record_id: event.recordId,
    user_id: event.userId,
    edit_type: event.editType,
    edit_event: JSON.stringify(event.editEvent),
  });
}

/** Who last changed a record and when, for a conflict message. */
export async function lastChange(db: Db, recordId: number): Promise<{ username: string | null; at: Date | null }> {
  const row = await db('edit_events as e')
    .leftJoin('users as u', 'u.id', 'e.user_id')
    .where('e.record_id', recordId)
    .orderBy('e.id', 'desc')
    .first('u.username', 'e.created_at');
  return { username: (row?.username as string | undefined) ?? null, at: (row?.created_at as Date | undefined) ?? null };
}

/** Identifiers of a merged record that keep answering, normalised as `record_redirects.identifier`. */
export async function addRedirects(trx: Db, identifiers: readonly string[], recordId: number): Promise<void> {
  if (identifiers.length === 0) return;
  await trx('record_redirects').insert(identifiers.map((identifier) => ({ identifier, record_id: recordId }))).onConflict('identifier').merge();
}

/** Redirects that pointed at a merged record now point at its canonical record. */
export async function retargetRedirects(trx: Db, fromRecordId: number, toRecordId: number): Promise<void> {
  await trx('record_redirects').where({ record_id: fromRecordId }).update({ record_id: toRecordId });
}

export async function redirectTarget(db: Db, identifier: string): Promise<number | null> {
  const row = await db('record_redirects').where({ identifier }).first('record_id');
  return row ? Number(row.record_id) : null;
}

/**
 * Moves everything that pointed at `fromId` to `toId` (relations in both directions, people,
 * saved searches, organisations, licences, publications), skipping what `toId` already has, and
 * drops relations that would point a record at itself.
 */
export async function moveRecordLinks(trx: Db, fromId: number, toId: number): Promise<void> {
  await trx.raw(
    `INSERT INTO record_associations (record_id, linked_record_id, relation_type_id)
     SELECT CASE WHEN record_id = :from THEN :to ELSE record_id END,
            CASE WHEN linked_record_id = :from THEN :to ELSE linked_record_id END,
            relation_type_id
       FROM record_associations
      WHERE (record_id = :from OR linked_record_id = :from)
        AND NOT (record_id IN (:from, :to) AND linked_record_id IN (:from, :to))
     ON CONFLICT (record_id, linked_record_id, relation_type_id) DO NOTHING`,
    { from: fromId, to: toId },
  );
  for (const [table, column] of [
    ['record_maintainers', 'user_id'], ['record_watchers', 'user_id'], ['record_community_curators', 'user_id'],
    ['saved_search_records', 'saved_search_id'], ['record_subjects', 'subject_id'], ['record_domains', 'domain_id'],
    ['record_taxonomies', 'taxonomy_id'], ['record_user_defined_tags', 'user_defined_tag_id'], ['record_countries', 'country_id'],
    ['record_object_types', 'object_type_id'], ['record_publications', 'publication_id'],
  ] as const) {
    await trx.raw('INSERT INTO ?? (record_id, ??) SELECT ?, ?? FROM ?? WHERE record_id = ? ON CONFLICT DO NOTHING', [table, column, toId, column, table, fromId]);
  }
  await trx('organisation_links').where({ record_id: fromId }).update({ record_id: toId });
  await trx('licence_links').where({ record_id: fromId }).update({ record_id: toId });
  await trx('maintenance_requests').where({ record_id: fromId }).update({ record_id: toId });
}

/** A curator's review of a record (`record_reviews`, which the reviews slice lists): its row and the record's `last_reviewed`. */
export async function insertReview(trx: Knex.Transaction, recordId: number, userId: number): Promise<{ id: number; reviewedAt: Date }> {
  const [review] = await trx('record_reviews').insert({ record_id: recordId, user_id: userId }).returning(['id', 'created_at']);
  await trx('records').where({ id: recordId }).update({ last_reviewed: review.created_at });
  return { id: Number(review.id), reviewedAt: new Date(review.created_at) };
}

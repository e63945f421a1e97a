/**
 * The SQL of OAI-PMH. An OAI item is a record id with its datestamp (the last change of the
 * record's row, which every save and every index intent stamps), and whether it is public.
 * Deleted and merged records leave edit events without a record (their tombstones); records
 * that are not public (hidden, awaiting approval) are items too, answered as deleted.
 * Items are walked in id order with a keyset cursor, so every page costs the same.
 */
import type { Database } from '@registry/platform';
import { isPublicRecord } from '@registry/schemas';

export interface OaiItemFilter {
  /** Inclusive lower bound of the datestamp. */
  from: Date | null;
  /** Exclusive upper bound (the caller adds the granularity to `until`). */
  before: Date | null;
  /** `registry:<name>` or `type:<name>`; deleted items belong to every set (their sets are not kept). */
  set: { kind: 'registry' | 'type'; name: string } | null;
  /** Datestamp given to records whose change date is unknown (seeded without one). */
  earliest: Date;
}

export interface OaiItem {
  id: number;
  datestamp: Date;
  deleted: boolean;
  registry: string | null;
  recordType: string | null;
  /** The record a merged record now lives in, when anyone may see it (null while it is hidden or awaiting approval). */
  replacedBy: number | null;
}

interface ItemRow {
  id: number;
  datestamp: Date;
  registry: string | null;
  record_type: string | null;
  is_hidden: boolean;
  is_approved: boolean;
  replaced_by: number | null;
  replaced_by_hidden: boolean | null;
  replaced_by_approved: boolean | null;
}

const TOMBSTONE_ID = `(CASE WHEN e.edit_type = 'delete' THEN e.edit_event->'deletedRecord'->>'id' ELSE e.edit_event->'mergedRecord'->>'id' END)::int`;

/** Live records as items (`:earliest` names the unknown date). */
const RECORD_ITEMS_SQL = `
  SELECT r.id, coalesce(r.updated_at, :earliest::timestamptz) AS datestamp, lower(reg.name) AS registry,
         rt.name AS record_type, r.is_hidden, r.is_approved,
         NULL::int AS replaced_by, NULL::boolean AS replaced_by_hidden, NULL::boolean AS replaced_by_approved
    FROM records r
    JOIN registries reg ON reg.id = r.registry_id
    LEFT JOIN record_types rt ON rt.id = r.record_type_id`;

/**
 * The last tombstone of each deleted or merged record, with the record a merged one lives in now
 * or a withdrawn one's successor (followed through merges), and that record's visibility facts
 * (`toItem` names it only when it is public).
 */
const TOMBSTONE_ITEMS_SQL = `
  SELECT t.id, t.datestamp, NULL::text AS registry, NULL::text AS record_type, true AS is_hidden, false AS is_approved,
         successor.id AS replaced_by, successor.is_hidden AS replaced_by_hidden, successor.is_approved AS replaced_by_approved
    FROM (SELECT DISTINCT ON (${TOMBSTONE_ID}) ${TOMBSTONE_ID} AS id, e.created_at AS datestamp
            FROM edit_events e
           WHERE e.record_id IS NULL AND e.edit_type IN ('delete', 'merge')
           ORDER BY ${TOMBSTONE_ID}, e.created_at DESC) t
    LEFT JOIN record_redirects rr ON rr.identifier = 'id:' || t.id
    LEFT JOIN record_tombstones withdrawn ON withdrawn.record_id = t.id
    LEFT JOIN record_redirects successor_moved ON successor_moved.identifier = 'id:' || withdrawn.successor_id
    LEFT JOIN records successor ON successor.id = coalesce(rr.record_id, successor_moved.record_id, withdrawn.successor_id)
   WHERE NOT EXISTS (SELECT 1 FROM records live WHERE live.id = t.id)`;

const ITEMS_SQL = `${RECORD_ITEMS_SQL} UNION ALL ${TOMBSTONE_ITEMS_SQL}`;

function toItem(row: ItemRow): OaiItem {
  return {
    id: Number(row.id),
    datestamp: new Date(row.datestamp),
    deleted: !isPublicRecord({ isHidden: row.is_hidden, isApproved: row.is_approved }),
    registry: row.registry,
    recordType: row.record_type,
    replacedBy: row.replaced_by !== null && isPublicRecord({ isHidden: row.replaced_by_hidden === true, isApproved: row.replaced_by_approved === true })
      ? Number(row.replaced_by)
      : null,
  };
}

function filterSql(filter: OaiItemFilter): { sql: string; bindings: Record<string, unknown> } {
  const clauses = ['true'];
  const bindings: Record<string, unknown> = { earliest: filter.earliest };
  if (filter.from) {
    clauses.push('items.datestamp >= :from');
    bindings.from = filter.from;
  }
  if (filter.before) {
    clauses.push('items.datestamp < :before');
    bindings.before = filter.before;
  }
  if (filter.set) {
    const column = filter.set.kind === 'registry' ? 'items.registry' : 'items.record_type';
    clauses.push(`(NOT (items.is_approved AND NOT items.is_hidden) OR ${column} = :setName)`);
    bindings.setName = filter.set.name;
  }
  return { sql: clauses.join(' AND '), bindings };
}

/**
 * The next `limit` items after `afterId`. Each kind of item is limited on its own first, so the
 * records are read along their primary key and a page costs the same at any depth.
 */
export async function listItems(db: Database, filter: OaiItemFilter, afterId: number, limit: number): Promise<OaiItem[]> {
  const where = filterSql(filter);
  const page = (itemsSql: string) => `(SELECT * FROM (${itemsSql}) items WHERE ${where.sql} AND items.id > :afterId ORDER BY items.id LIMIT :limit)`;
  const result = await db.raw<{ rows: ItemRow[] }>(
    `SELECT * FROM (${page(RECORD_ITEMS_SQL)} UNION ALL ${page(TOMBSTONE_ITEMS_SQL)}) items ORDER BY items.id LIMIT :limit`,
    { ...where.bindings, afterId, limit },
  );
  return result.rows.map(toItem);
}

export async function countItems(db: Database, filter: OaiItemFilter): Promise<number> {
  const where = filterSql(filter);
  const result = await db.raw<{ rows: { count: string }[] }>(`SELECT count(*) AS count FROM (${ITEMS_SQL}) items WHERE ${where.sql}`, where.bindings);
  return Number(result.rows[0].count);
}

export async function findItem(db: Database, id: number, earliest: Date): Promise<OaiItem | null> {
  const result = await db.raw<{ rows: ItemRow[] }>(`SELECT * FROM (${ITEMS_SQL}) items WHERE items.id = :id`, { earliest, id });
  return result.rows.length > 0 ? toItem(result.rows[0]) : null;
}

/** The oldest change date the registry knows: the datestamp of records whose own date is unknown. */
export async function earliestChange(db: Database): Promise<Date> {
  const result = await db.raw<{ rows: { earliest: Date | null }[] }>(
    `SELECT least((SELECT min(updated_at) FROM records), (SELECT min(created_at) FROM records),
                  (SELECT min(created_at) FROM edit_events)) AS earliest`,
  );
  const earliest = result.rows[0].earliest;
  return earliest ? new Date(earliest) : new Date(0);
}

export async function registryNames(db: Database): Promise<string[]> {
  const rows: { name: string }[] = await db('registries').select(db.raw('lower(name) AS name')).orderBy('id');
  return rows.map((row) => row.name);
}

export async function recordTypeNames(db: Database): Promise<string[]> {
  const rows: { name: string }[] = await db('record_types').select('name').orderBy('name');
  return rows.map((row) => row.name);
}

/**
 * Idempotent writes for the seed. Rows are upserted on their natural key and only touched
 * when a value really differs (`... DO UPDATE ... WHERE (old) IS DISTINCT FROM (new)`), so a
 * second run leaves every `revision` as it was. Link tables are brought to the wanted set by
 * difference: missing pairs inserted, extra pairs deleted, the rest left alone.
 */
import type { Knex } from 'knex';

export interface WriteCounts {
  inserted: number;
  updated: number;
  unchanged: number;
}

export type Row = Record<string, unknown>;

// Postgres allows 65,535 bind parameters per statement.
const MAX_PARAMETERS = 60_000;

function batches<T>(items: T[], size: number): T[][] {
  const result: T[][] = [];
  for (let start = 0; start < items.length; start += size) result.push(items.slice(start, start + size));
  return result;
}

export function emptyCounts(): WriteCounts {
  return { inserted: 0, updated: 0, unchanged: 0 };
}

/**
 * Upserts rows keyed on `conflictTarget` (column names, or a raw expression such as `(lower(label))`),
 * updating `updateColumns` only when they differ. All rows must have the same columns.
 */
export async function upsertRows(
  db: Knex,
  table: string,
  rows: Row[],
  conflictTarget: string[] | Knex.Raw,
  updateColumns: string[],
): Promise<WriteCounts> {
  const counts = emptyCounts();
  if (rows.length === 0) return counts;
  const columnCount = Object.keys(rows[0]).length;
  for (const batch of batches(rows, Math.max(1, Math.floor(MAX_PARAMETERS / columnCount)))) {
    const insert = db(table).insert(batch);
    const conflict = Array.isArray(conflictTarget) ? insert.onConflict(conflictTarget) : insert.onConflict(conflictTarget as never);
    const query =
      updateColumns.length === 0
        ? conflict.ignore()
        : conflict
            .merge(updateColumns)
            .where(
              db.raw(
                `(${updateColumns.map((c) => `"${table}"."${c}"`).join(', ')}) IS DISTINCT FROM (${updateColumns.map((c) => `excluded."${c}"`).join(', ')})`,
              ),
            );
    // xmax = 0 tells a fresh insert from an update of an existing row.
    const written = (await query.returning([db.raw('(xmax = 0) AS inserted')] as never)) as unknown as { inserted: boolean }[];
    const inserted = written.filter((row) => row.inserted).length;
    counts.inserted += inserted;
    counts.updated += written.length - inserted;
    counts.unchanged += batch.length - written.length;
  }
  return counts;
}

export interface LinkCounts {
  added: number;
  removed: number;
  kept: number;
}

/**
 * Makes the links owned by `ownerIds` (rows of `table` whose `ownerColumn` is one of them)
 * equal to `wanted`. A link's identity is the tuple of `keyColumns` (owner column first);
 * extra columns in `wanted` rows are written on insert only.
 */
export async function syncLinks(
  db: Knex,
  table: string,
  ownerColumn: string,
  ownerIds: number[],
  keyColumns: string[],
  wanted: Row[],
): Promise<LinkCounts> {
  const keyOf = (row: Row) => keyColumns.map((column) => String(row[column])).join('\u0000');
  const existing = new Map<string, Row>();
  for (const ids of batches(ownerIds, MAX_PARAMETERS)) {
    const rows = (await db(table).select(keyColumns).whereIn(ownerColumn, ids)) as Row[];
    for (const row of rows) existing.set(keyOf(row), row);
  }
  const wantedByKey = new Map<string, Row>();
  for (const row of wanted) wantedByKey.set(keyOf(row), row);

  const toInsert = [...wantedByKey.entries()].filter(([key]) => !existing.has(key)).map(([, row]) => row);
  const toDelete = [...existing.entries()].filter(([key]) => !wantedByKey.has(key)).map(([, row]) => row);

  if (toInsert.length) {
    const columnCount = Object.keys(toInsert[0]).length;
    for (const batch of batches(toInsert, Math.floor(MAX_PARAMETERS / columnCount))) await db(table).insert(batch);
  }
  for (const batch of batches(toDelete, Math.floor(MAX_PARAMETERS / keyColumns.length))) {
    const tuple = keyColumns.map((c) => `"${c}"`).join(', ');
    const placeholders = batch.map(() => `(${keyColumns.map(() => '?').join(', ')})`).join(', ');
    await db.raw(`DELETE FROM "${table}" WHERE (${tuple}) IN (${placeholders})`, batch.flatMap((row) => keyColumns.map((c) => row[c]) as Knex.Value[]));
  }
  return { added: toInsert.length, removed: toDelete.length, kept: wantedByKey.size - toInsert.length };
}

/**
 * For vocabularies without a unique key in the schema (taxonomies, object types, publications,
 * licences outside SPDX): find by a natural key computed in code, insert the missing ones,
 * update changed ones. Returns the id of every wanted row by its key.
 */
export async function syncByComputedKey(
  db: Knex,
  table: string,
  wanted: Row[],
  keyOf: (row: Row) => string,
  compareColumns: string[],
): Promise<{ ids: Map<string, number>; counts: WriteCounts }> {
  const counts = emptyCounts();
  const ids = new Map<string, number>();
  const existing = new Map<string, Row>();
  for (const row of (await db(table).select(['id', ...compareColumns])) as Row[]) {
    const key = keyOf(row);
    // Keep the oldest row when a key is duplicated (e.g. a curator created the same term twice).
    if (!existing.has(key)) existing.set(key, row);
  }
  const missing: Row[] = [];
  const missingKeys = new Set<string>();
  for (const row of wanted) {
    const key = keyOf(row);
    if (ids.has(key) || missingKeys.has(key)) continue;
    const found = existing.get(key);
    if (!found) {
      missing.push(row);
      missingKeys.add(key);
      continue;
    }
    ids.set(key, found.id as number);
    const changed = compareColumns.filter((column) => JSON.stringify(found[column] ?? null) !== JSON.stringify(row[column] ?? null));
    if (changed.length) {
      await db(table).where({ id: found.id }).update(Object.fromEntries(changed.map((c) => [c, row[c]])));
      counts.updated += 1;
    } else counts.unchanged += 1;
  }
  if (missing.length) {
    const columnCount = Object.keys(missing[0]).length;
    for (const batch of batches(missing, Math.floor(MAX_PARAMETERS / columnCount))) {
      const inserted = (await db(table).insert(batch).returning(['id', ...compareColumns])) as Row[];
      for (const row of inserted) ids.set(keyOf(row), row.id as number);
      counts.inserted += inserted.length;
    }
  }
  return { ids, counts };
}

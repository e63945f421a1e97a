/** The SQL of the curators' downloads. */
import type { Knex } from 'knex';

export interface RecordWithoutDoi {
  id: number;
  name: string;
  abbreviation: string | null;
  registry: string;
  type: string | null;
  status: string;
  is_approved: boolean;
  is_hidden: boolean;
  is_complete: boolean;
  created_at: Date | null;
}

export async function recordsWithoutDoi(db: Knex): Promise<RecordWithoutDoi[]> {
  return db('records as r')
    .join('registries as g', 'g.id', 'r.registry_id')
    .leftJoin('record_types as rt', 'rt.id', 'r.record_type_id')
    .whereNull('r.doi')
    .orderBy('r.id')
    .select('r.id', 'r.name', 'r.abbreviation', 'g.name as registry', 'rt.name as type', 'r.status', 'r.is_approved', 'r.is_hidden', 'r.is_complete', 'r.created_at');
}

/** Records created per month and registry (records of unknown creation date are left out). */
export async function creationsPerMonth(db: Knex): Promise<{ month: string; registry: string; count: number }[]> {
  const { rows } = await db.raw(
    `SELECT to_char(date_trunc('month', r.created_at), 'YYYY-MM') AS month, g.name AS registry, count(*)::int AS count
       FROM records r JOIN registries g ON g.id = r.registry_id
      WHERE r.created_at IS NOT NULL
      GROUP BY 1, 2 ORDER BY 1, 2`,
  );
  return rows;
}

/** Edits per month: how many edit events and how many distinct records they touched. */
export async function editsPerMonth(db: Knex): Promise<{ month: string; edits: number; records: number }[]> {
  const { rows } = await db.raw(
    `SELECT to_char(date_trunc('month', created_at), 'YYYY-MM') AS month, count(*)::int AS edits, count(DISTINCT record_id)::int AS records
       FROM edit_events GROUP BY 1 ORDER BY 1`,
  );
  return rows;
}

export async function registryNames(db: Knex): Promise<string[]> {
  return db('registries').orderBy('name').pluck('name');
}

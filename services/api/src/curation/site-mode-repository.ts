/** The SQL of the site modes row. */
import type { Knex } from 'knex';

export interface StoredSiteModes {
  maintenance: boolean;
  readOnly: boolean;
  updatedAt: Date | null;
}

export async function readSiteModes(db: Knex): Promise<StoredSiteModes> {
  const row = await db('site_modes').where({ id: 1 }).first('maintenance', 'read_only', 'updated_at');
  return row ? { maintenance: row.maintenance, readOnly: row.read_only, updatedAt: row.updated_at } : { maintenance: false, readOnly: false, updatedAt: null };
}

export async function writeSiteModes(db: Knex, modes: { maintenance?: boolean; readOnly?: boolean }, userId: number): Promise<void> {
  await db('site_modes')
    .insert({ id: 1, maintenance: modes.maintenance ?? false, read_only: modes.readOnly ?? false, updated_by_id: userId })
    .onConflict('id')
    .merge({
      ...(modes.maintenance !== undefined ? { maintenance: modes.maintenance } : {}),
      ...(modes.readOnly !== undefined ? { read_only: modes.readOnly } : {}),
      updated_by_id: userId,
      updated_at: db.fn.now(),
    });
}

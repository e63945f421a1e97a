/** The SQL of DOI minting: the records due a DOI. */
import type { Knex } from 'knex';

export interface DoiCandidate {
  id: number;
  name: string;
  description: string;
  registry: string;
  created_at: Date | null;
}

/** Approved, visible, complete records without a DOI, oldest first. */
export async function recordsDueDoi(db: Knex, limit: number): Promise<DoiCandidate[]> {
  return db('records as r')
    .join('registries as g', 'g.id', 'r.registry_id')
    .whereNull('r.doi').where({ 'r.is_approved': true, 'r.is_hidden': false, 'r.is_complete': true })
    .orderBy('r.id').limit(limit)
    .select('r.id', 'r.name', 'r.description', 'g.name as registry', 'r.created_at');
}

/** One minting run at a time across every server process. */
export async function withDoiLock<T>(db: Knex, run: () => Promise<T>): Promise<T | null> {
  return db.transaction(async (trx) => {
    const { rows } = await trx.raw(`SELECT pg_try_advisory_xact_lock(hashtext('datacite-doi-minting')) AS locked`);
    return rows[0].locked ? run() : null;
  });
}

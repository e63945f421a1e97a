/** The SQL of the DOI job: the records due a DOI, the withdrawn ones whose DOI is due an update. */
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

/** The withdrawn records (their ids) with a DOI of this prefix that DataCite was not yet told of, oldest first. */
export async function withdrawnDoisDue(db: Knex, prefix: string, limit: number): Promise<number[]> {
  const ids = await db('record_tombstones')
    .whereNotNull('doi').whereNull('doi_updated_at')
    .whereRaw('lower(doi) LIKE ?', [`${prefix.toLowerCase()}/%`])
    .orderBy('withdrawn_at').orderBy('record_id').limit(limit)
    .pluck('record_id');
  return ids.map(Number);
}

export async function markWithdrawnDoiUpdated(db: Knex, recordId: number): Promise<void> {
  await db('record_tombstones').where({ record_id: recordId }).update({ doi_updated_at: db.fn.now() });
}

/** The SQL of the DOI job: the records due a DOI, the withdrawn ones whose DOI DataCite must hide. */
import type { Knex } from 'knex';
import { prefixPattern } from '../like-pattern.ts';

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

/** Tombstones with a DOI of this repository's prefix that DataCite has not been told to hide, oldest first. */
export async function withdrawnDoisToHide(db: Knex, prefix: string, limit: number): Promise<{ record_id: number; doi: string }[]> {
  return db('record_tombstones')
    .whereNotNull('doi').whereNull('doi_hidden_at')
    .whereRaw('lower(doi) like ?', [prefixPattern(`${prefix}/`)])
    .orderBy('withdrawn_at').limit(limit)
    .select('record_id', 'doi');
}

export async function markDoiHidden(db: Knex, recordId: number): Promise<void> {
  await db('record_tombstones').where({ record_id: recordId }).update({ doi_hidden_at: db.fn.now() });
}

/** One minting run at a time across every server process. */
export async function withDoiLock<T>(db: Knex, run: () => Promise<T>): Promise<T | null> {
  return db.transaction(async (trx) => {
    const { rows } = await trx.raw(`SELECT pg_try_advisory_xact_lock(hashtext('datacite-doi-minting')) AS locked`);
    return rows[0].locked ? run() : null;
  });
}

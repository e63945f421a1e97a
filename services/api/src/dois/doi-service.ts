/**
 * DOIs: a record gets one when it is approved, visible and complete. The job registers each
 * such record with DataCite (prefix/<site name>.<6 random characters>, landing page the record's
 * DOI address on this site), then stores the DOI with an edit event and re-indexes the record.
 * A DataCite failure leaves the record without a DOI for the next run. When a record with one of
 * our DOIs is withdrawn, the same job updates the DOI's metadata at DataCite (when and why, its
 * successor); the DOI keeps resolving to its landing page, the tombstone. DataCite is called through
 * the egress module (`datacite-client.ts`), from the scheduler, never while answering a request.
 */
import { randomInt } from 'node:crypto';
import { saveWithIndexing, type Database, type DataciteConfig, type IndexPublisher } from '@registry/platform';
import type { Egress } from '@registry/platform/egress/index.ts';
import { recordDoiAssigned } from '../records/record-guards.ts';
import { findRecordById, findTombstone } from '../records/record-repository.ts';
import { describeTombstone } from '../records/withdrawn-records.ts';
import { DataciteError, registerDoi, updateWithdrawnDoi } from './datacite-client.ts';
import * as repository from './doi-repository.ts';

export interface DoiDeps {
  db: Database;
  publisher: IndexPublisher | null;
  datacite: DataciteConfig;
  /** The egress DataCite is called through (`dataciteEgress`). */
  egress: Egress;
  publicUrl: string;
  siteName: string;
  warn(message: string, error: unknown): void;
}

/** How often the server looks for records due a DOI. */
export const DOI_CHECK_INTERVAL_MS = 60_000;
const BATCH = 50;
const SUFFIX_ALPHABET = 'abcdefghijklmnopqrstuvwxyz0123456789';
/** A suffix already taken at DataCite is drawn again, this many times at most. */
const ATTEMPTS = 3;

function newDoi(deps: Pick<DoiDeps, 'datacite' | 'siteName'>): string {
  const suffix = Array.from({ length: 6 }, () => SUFFIX_ALPHABET[randomInt(SUFFIX_ALPHABET.length)]).join('');
  return `${deps.datacite.prefix}/${deps.siteName.replace(/[^A-Za-z0-9.-]/g, '')}.${suffix}`;
}

async function registerRecord(deps: DoiDeps, record: repository.DoiCandidate): Promise<string> {
  for (let attempt = 1; ; attempt += 1) {
    const doi = newDoi(deps);
    try {
      return await registerDoi(deps.egress, deps.datacite, {
        doi,
        title: record.name,
        description: record.description,
        resourceType: record.registry,
        publisher: deps.siteName,
        publicationYear: (record.created_at ? new Date(record.created_at) : new Date()).getUTCFullYear(),
        url: `${deps.publicUrl}/${doi}`,
      });
    } catch (error) {
      const taken = error instanceof DataciteError && error.status === 422 && /taken/i.test(error.message);
      if (!taken || attempt >= ATTEMPTS) throw error;
    }
  }
}

/** Registers the DOIs due; returns the records that got one. */
export async function mintPendingDois(deps: DoiDeps): Promise<{ id: number; doi: string }[]> {
  const minted = await repository.withDoiLock(deps.db, async () => {
    const done: { id: number; doi: string }[] = [];
    for (const record of await repository.recordsDueDoi(deps.db, BATCH)) {
      let doi: string;
      try {
        doi = await registerRecord(deps, record);
      } catch (error) {
        deps.warn(`DOI not registered for record ${record.id}`, error);
        continue;
      }
      const { value } = await saveWithIndexing<boolean>(deps.db, deps.publisher, async (trx) => {
        const assigned = await recordDoiAssigned(trx, record.id, doi);
        return { value: assigned, intents: assigned ? [{ entityType: 'record', id: record.id }] : [] };
      });
      if (value) done.push({ id: record.id, doi });
    }
    return done;
  });
  return minted ?? [];
}

/**
 * Tells DataCite of the withdrawn records whose DOI (of our prefix) it was not yet told of;
 * returns those done. A failure leaves the tombstone for the next run.
 */
export async function updateWithdrawnDois(deps: DoiDeps): Promise<number[]> {
  const updated = await repository.withDoiLock(deps.db, async () => {
    const done: number[] = [];
    for (const recordId of await repository.withdrawnDoisDue(deps.db, deps.datacite.prefix, BATCH)) {
      const tombstone = (await findTombstone(deps.db, { kind: 'id', id: recordId }))!;
      const withdrawn = await describeTombstone(deps, tombstone);
      const successorDoi = withdrawn.successor ? (await findRecordById(deps.db, withdrawn.successor.id))?.doi ?? null : null;
      try {
        await updateWithdrawnDoi(deps.egress, deps.datacite, {
          doi: tombstone.doi!,
          notice: `Withdrawn on ${withdrawn.withdrawnAt.slice(0, 10)}: ${withdrawn.reason}`,
          url: `${deps.publicUrl}/${tombstone.doi}`,
          successor: withdrawn.successor
            ? (successorDoi ? { identifier: successorDoi, type: 'DOI' } : { identifier: withdrawn.successor.url, type: 'URL' })
            : null,
        });
      } catch (error) {
        deps.warn(`DOI of withdrawn record ${recordId} not updated`, error);
        continue;
      }
      await repository.markWithdrawnDoiUpdated(deps.db, recordId);
      done.push(recordId);
    }
    return done;
  });
  return updated ?? [];
}

/**
 * Changing a shared entity (publication, organisation, grant, licence, user-defined tag): what
 * every record citing it shows. The access module decides who may (`sharedEntity.change`:
 * curators, and its creator while only records they may edit cite it); the change is an edit
 * event in the history of every citing record, and those records are re-indexed with it.
 */
import { saveWithIndexing, type Database, type IndexIntent, type IndexPublisher } from '@registry/platform';
import { can, type Viewer } from '@registry/schemas';
import type { Knex } from 'knex';
import { forbiddenError, notFoundError } from '../domain-errors.ts';
import { recordEditedThroughLink } from '../records/record-guards.ts';
import { lockSharedEntityFacts, type SharedEntityKind } from './shared-entity-repository.ts';

export type { SharedEntityKind };

const NAMES: Record<SharedEntityKind, { label: string; section: string }> = {
  publication: { label: 'Publication', section: 'publications' },
  organisation: { label: 'Organisation', section: 'organisations' },
  grant: { label: 'Grant', section: 'organisations' },
  licence: { label: 'Licence', section: 'dataAccess' },
  user_defined_tag: { label: 'Tag', section: 'generalInformation' },
};

/** What a change did, for the history of the citing records. */
export interface SharedEntityOutcome<T> {
  value: T;
  before: unknown;
  /** Absent when the entity was deleted. */
  after?: unknown;
}

/**
 * Runs `change` on the entity when the viewer may change it: 404 when it does not exist, 403
 * (nothing written) when they may not. One transaction holds the check, the change, an edit
 * event per citing record and the index intents of the entity and of those records.
 */
export async function changeSharedEntity<T>(
  deps: { db: Database; publisher: IndexPublisher | null },
  viewer: Viewer,
  kind: SharedEntityKind,
  id: number,
  change: (trx: Knex.Transaction) => Promise<SharedEntityOutcome<T>>,
): Promise<T> {
  const { label, section } = NAMES[kind];
  const { value } = await saveWithIndexing(deps.db, deps.publisher, async (trx) => {
    const facts = await lockSharedEntityFacts(trx, kind, id);
    if (!facts) throw notFoundError(label);
    if (!can(viewer, 'sharedEntity.change', { sharedEntity: facts })) {
      throw forbiddenError(`Only curators may change this ${label.toLowerCase()}: other records cite it, or you did not add it. Link another one to your record instead.`);
    }
    const outcome = await change(trx);
    const deleted = !('after' in outcome);
    for (const recordId of facts.citingRecordIds) {
      await recordEditedThroughLink(trx, viewer, recordId, section, {
        sharedEntity: { type: kind, id, before: outcome.before, ...(deleted ? { deleted: true } : { after: outcome.after }) },
      });
    }
    const intents: IndexIntent[] = [{ entityType: kind, id }, ...facts.citingRecordIds.map((recordId): IndexIntent => ({ entityType: 'record', id: recordId }))];
    return { value: outcome.value, intents };
  });
  return value as T;
}

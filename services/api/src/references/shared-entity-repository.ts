/**
 * SQL of the shared entities (publications, organisations, grants, licences, user-defined tags)
 * as things many records cite: who added one and which records cite it. The tables and the
 * links that cite them are the indexer's (the same records it re-indexes when one changes).
 */
import type { Knex } from 'knex';
import { EMBEDDING_LINKS, ENTITY_TABLES } from '@registry/platform';
import type { SharedEntityFacts } from '@registry/schemas';

export type SharedEntityKind = 'publication' | 'organisation' | 'grant' | 'licence' | 'user_defined_tag';

interface CitingRecordRow {
  id: number;
  is_hidden: boolean;
  is_approved: boolean;
  created_by_id: number | null;
  maintainer_ids: number[];
}

/**
 * Who added the entity and the access facts of every record citing it, or null when it does not
 * exist. The entity row is locked (FOR UPDATE conflicts with the key-share lock a new link takes),
 * so no record starts citing it between this check and the caller's commit.
 */
export async function lockSharedEntityFacts(trx: Knex.Transaction, kind: SharedEntityKind, id: number): Promise<(SharedEntityFacts & { citingRecordIds: number[] }) | null> {
  const entity = await trx(ENTITY_TABLES[kind]).where({ id }).forUpdate().first('created_by');
  if (!entity) return null;
  const link = EMBEDDING_LINKS[kind];
  const rows: CitingRecordRow[] = await trx('records as r')
    .whereIn('r.id', trx(link.table).select('record_id').where(link.column, id))
    .orderBy('r.id')
    .select('r.id', 'r.is_hidden', 'r.is_approved', 'r.created_by_id',
      trx.raw(`COALESCE((SELECT array_agg(m.user_id ORDER BY m.user_id) FROM record_maintainers m WHERE m.record_id = r.id), '{}') AS maintainer_ids`));
  return {
    createdById: entity.created_by === null ? null : Number(entity.created_by),
    citingRecords: rows.map((row) => {
      const maintainerIds = row.maintainer_ids.map(Number);
      return {
        isHidden: row.is_hidden,
        isApproved: row.is_approved,
        createdById: row.created_by_id,
        maintainerIds,
        ownerIds: row.created_by_id === null ? maintainerIds : [...maintainerIds, row.created_by_id],
      };
    }),
    citingRecordIds: rows.map((row) => row.id),
  };
}

/**
 * What a deprecated record's banner says: that it is deprecated, why (the curators' reason, when
 * the catalogue holds one) and which records replace it (those that `deprecates` it).
 */
import { deprecationReason } from './record-metadata.ts';
import type { RecordSummary, RegistryRecord } from './record-types.ts';

export interface DeprecationNotice {
  reason: string | null;
  replacements: RecordSummary[];
}

export function deprecationNotice(record: Pick<RegistryRecord, 'status' | 'metadata' | 'reverseRecordAssociations'>): DeprecationNotice | null {
  if (record.status?.toLowerCase() !== 'deprecated') return null;
  const replacements = (record.reverseRecordAssociations ?? [])
    .flatMap((association) => (association.recordAssocLabel?.toLowerCase() === 'deprecates' && association.fairsharingRecord ? [association.fairsharingRecord] : []));
  return { reason: deprecationReason(record.metadata) || null, replacements };
}

/**
 * Index naming: searches read the alias `<prefix>records`; each full reindex writes a new
 * physical index `<prefix>records-<mapping version>-<timestamp>` and swaps the alias to it.
 */
import recordsMapping from './mappings/records-v7.json' with { type: 'json' };

export const RECORDS_MAPPING_VERSION = recordsMapping._meta.version;
export { recordsMapping };

export function recordsAlias(indexPrefix: string): string {
  return `${indexPrefix}records`;
}

export function newRecordsIndexName(indexPrefix: string, now: Date = new Date()): string {
  const stamp = now.toISOString().replace(/[-:.TZ]/g, '').toLowerCase();
  return `${recordsAlias(indexPrefix)}-${RECORDS_MAPPING_VERSION}-${stamp}`;
}

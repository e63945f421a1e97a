/**
 * Names for the ids a record's history names, one query per kind for all its entries. Records
 * and users are named by the caller, which applies the visibility rules to them.
 */
import type { Database } from '@registry/platform';
import { keyLabel, type IdsByKind, type NamesByKind } from './history-description.ts';
import { namesOf, type PlainNamedKind } from './history-names-repository.ts';

export async function historyNames(db: Database, ids: Omit<IdsByKind, 'record' | 'user'>): Promise<NamesByKind> {
  const entries = await Promise.all((Object.entries(ids) as [PlainNamedKind, number[]][]).map(async ([kind, kindIds]) => {
    const names = await namesOf(db, kind, kindIds);
    // Record types are stored as keys (terminology_artefact).
    return [kind, kind === 'recordType' ? new Map([...names].map(([id, name]) => [id, keyLabel(name)])) : names] as const;
  }));
  return Object.fromEntries(entries);
}

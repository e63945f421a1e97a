/**
 * Value suggestions of one rule: vocabularies are looked up as the pickers do (kit/pick-lists.ts) as the user types
 * (debounced, newest answer wins); record types come from `recordTypes`.
 */
import { graphqlQuery } from '../api/client.ts';
import { compactGraphql } from '@registry/schemas/search/client/graphql-literals.ts';
import { DEFAULT_RECORD_TYPES } from './advanced-search-filters.ts';
import { latestData, useLoad } from '../kit/useLoad.ts';
import { searchPickList, type PickList } from '../kit/pick-lists.ts';
import type { RecordTypesByRegistryQuery } from './useRuleValueOptions.generated.ts';

/** The vocabulary rules whose values are suggested: the pick-lists of the same name. */
const LOOKED_UP: ReadonlySet<string> = new Set<PickList>(['subjects', 'domains', 'taxonomies', 'userDefinedTags', 'countries', 'licences', 'organisations', 'objectTypes']);

const isLookedUp = (identifier: string): identifier is PickList => LOOKED_UP.has(identifier);

const SUGGESTIONS_SHOWN = 50;
const DEBOUNCE_MS = 250;

export function useVocabularyOptions(identifier: string, text: string): string[] {
  const wanted = text.trim();
  const found = useLoad<string[]>(
    isLookedUp(identifier)
      ? {
          key: `${identifier}:${wanted}`,
          load: async (signal) => {
            const labels = (await searchPickList(identifier, wanted, signal)).map((term) => term.label).filter((label) => label !== '');
            return [...new Set(labels)].slice(0, SUGGESTIONS_SHOWN);
          },
          delayMs: DEBOUNCE_MS,
        }
      : null,
  );
  return latestData(found) ?? [];
}

/** Every record type and its registry; the answer type is generated (useRuleValueOptions.generated.ts). */
const RECORD_TYPES_QUERY = /* GraphQL */ `
  query RecordTypesByRegistry { recordTypes { records { name fairsharingRegistry { name } } } }
`;

let recordTypesCache: Promise<Record<string, string[]>> | null = null;

function loadRecordTypes(): Promise<Record<string, string[]>> {
  recordTypesCache ??= graphqlQuery<RecordTypesByRegistryQuery>(compactGraphql(RECORD_TYPES_QUERY)).then(
    (data) => {
      const byRegistry: Record<string, string[]> = {};
      for (const row of data.recordTypes.records) {
        const registry = row.fairsharingRegistry?.name.toLowerCase();
        if (!registry) continue;
        (byRegistry[registry] ??= []).push(row.name);
      }
      return Object.keys(byRegistry).length > 0 ? byRegistry : { ...DEFAULT_RECORD_TYPES };
    },
    () => {
      recordTypesCache = null;
      return { ...DEFAULT_RECORD_TYPES };
    },
  );
  return recordTypesCache;
}

/** Record types of one registry; the SPEC list until (or unless) the API answers. */
export function useRecordTypes(registry: string): string[] {
  const loaded = useLoad({ key: 'record-types', load: loadRecordTypes });
  return (loaded.status === 'ready' ? loaded.data[registry] : undefined) ?? DEFAULT_RECORD_TYPES[registry] ?? [];
}

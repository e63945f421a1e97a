/**
 * Value suggestions of one rule: vocabularies are looked up in the API as the user types
 * (debounced, newest answer wins); record types come from `recordTypes`.
 */
import { graphqlQuery } from '../api/client.ts';
import { graphqlArguments } from '@registry/schemas/search/client/graphql-literals.ts';
import { DEFAULT_RECORD_TYPES } from './advanced-search-filters.ts';
import { latestData, useLoad } from '../kit/useLoad.ts';

type LabelRow = { label?: string | null; name?: string | null };

/** Query and reader per vocabulary rule (the API's value-list queries). */
const VOCABULARY_LOOKUPS: Readonly<Record<string, { query(q: string): string; read(data: Record<string, unknown>): LabelRow[] }>> = {
  subjects: { query: (q) => `{searchSubjects${graphqlArguments({ q: q || undefined })}{label}}`, read: (d) => d.searchSubjects as LabelRow[] },
  domains: { query: (q) => `{searchDomains${graphqlArguments({ q: q || undefined })}{label}}`, read: (d) => d.searchDomains as LabelRow[] },
  taxonomies: { query: (q) => `{searchTaxonomies${graphqlArguments({ q: q || undefined })}{label}}`, read: (d) => d.searchTaxonomies as LabelRow[] },
  userDefinedTags: {
    query: (q) => `{searchUserDefinedTags${graphqlArguments({ q: q || undefined })}{label}}`,
    read: (d) => d.searchUserDefinedTags as LabelRow[],
  },
  countries: { query: (q) => `{searchCountries${graphqlArguments({ q: q || undefined })}{name}}`, read: (d) => d.searchCountries as LabelRow[] },
  licences: { query: (q) => `{searchLicences${graphqlArguments({ q: q || undefined })}{name}}`, read: (d) => d.searchLicences as LabelRow[] },
  organisations: {
    query: (q) => `{searchOrganisations${graphqlArguments({ q: q || undefined })}{name}}`,
    read: (d) => d.searchOrganisations as LabelRow[],
  },
  objectTypes: {
    query: (q) => `{objectTypes${graphqlArguments({ q: q || undefined })}{records{label}}}`,
    read: (d) => ((d.objectTypes as { records?: LabelRow[] } | null)?.records ?? []) as LabelRow[],
  },
};

const SUGGESTIONS_SHOWN = 50;
const DEBOUNCE_MS = 250;

export function useVocabularyOptions(identifier: string, text: string): string[] {
  const lookup = VOCABULARY_LOOKUPS[identifier];
  const wanted = text.trim();
  const found = useLoad<string[]>(
    lookup
      ? {
          key: `${identifier}:${wanted}`,
          load: async (signal) => {
            const data = await graphqlQuery<Record<string, unknown>>(lookup.query(wanted), { signal });
            const labels = (lookup.read(data) ?? []).map((row) => row.label ?? row.name ?? '').filter((label) => label !== '');
            return [...new Set(labels)].slice(0, SUGGESTIONS_SHOWN);
          },
          delayMs: DEBOUNCE_MS,
        }
      : null,
  );
  return latestData(found) ?? [];
}

interface RecordTypesAnswer {
  recordTypes: { records: Array<{ name: string; fairsharingRegistry: { name: string } | null }> } | null;
}

let recordTypesCache: Promise<Record<string, string[]>> | null = null;

function loadRecordTypes(): Promise<Record<string, string[]>> {
  recordTypesCache ??= graphqlQuery<RecordTypesAnswer>('{recordTypes{records{name fairsharingRegistry{name}}}}').then(
    (data) => {
      const byRegistry: Record<string, string[]> = {};
      for (const row of data.recordTypes?.records ?? []) {
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

/**
 * Value suggestions of one rule: vocabularies are looked up in the API as the user types
 * (debounced, newest answer wins); record types come from `recordTypes`.
 */
import { useEffect, useState } from 'react';
import { graphqlQuery } from '../api/client.ts';
import { graphqlArguments } from '@registry/schemas/search/client/graphql-literals.ts';
import { DEFAULT_RECORD_TYPES } from './advanced-search-filters.ts';

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
  const [options, setOptions] = useState<string[]>([]);
  useEffect(() => {
    const lookup = VOCABULARY_LOOKUPS[identifier];
    if (!lookup) {
      setOptions([]);
      return undefined;
    }
    const controller = new AbortController();
    const timer = window.setTimeout(() => {
      graphqlQuery<Record<string, unknown>>(lookup.query(text.trim()), { signal: controller.signal }).then(
        (data) => {
          const labels = (lookup.read(data) ?? []).map((row) => row.label ?? row.name ?? '').filter((label) => label !== '');
          setOptions([...new Set(labels)].slice(0, SUGGESTIONS_SHOWN));
        },
        () => {
          if (!controller.signal.aborted) setOptions([]);
        },
      );
    }, DEBOUNCE_MS);
    return () => {
      window.clearTimeout(timer);
      controller.abort();
    };
  }, [identifier, text]);
  return options;
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
  const [types, setTypes] = useState<string[]>(DEFAULT_RECORD_TYPES[registry] ?? []);
  useEffect(() => {
    let live = true;
    void loadRecordTypes().then((byRegistry) => {
      if (live) setTypes(byRegistry[registry] ?? DEFAULT_RECORD_TYPES[registry] ?? []);
    });
    return () => {
      live = false;
    };
  }, [registry]);
  return types;
}

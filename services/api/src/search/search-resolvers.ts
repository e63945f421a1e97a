/**
 * Search-backed queries. Arguments go to the search module as they arrive (it reads them
 * leniently and case-insensitively); answers are search documents, resolved without any
 * database query per row.
 */
import type { GraphQLResolveInfo } from 'graphql';
import { can, type RecordSearchDocument } from '@registry/schemas';
import { facetByKey, REGISTRY_LABELS } from '@registry/schemas/search/facets.ts';
import type { SearchRecordsArgs } from './search-records.ts';
import type { AdvancedSearchArgs } from './advanced-search.ts';
import { facetValueCounts, searchFacets } from './search-facets.ts';
import { RECORD_CSV_COLUMNS, recordsCsv } from '../export/records-csv.ts';
import type { RegistryGraphqlContext } from '../kernel/graphql-context.ts';
import { searchRecordSource, searchSelectsCorrections, searchSelectsHighlights, searchSelectsRecords } from './search-selection.ts';
import { GraphqlUserError } from '../kernel/graphql-errors.ts';
import { asGraphqlError } from './graphql-search-failure.ts';
import type { QueryResolvers, Resolvers } from '../graphql-types/resolver-types.generated.ts';

type Context = RegistryGraphqlContext;


interface FacetValuesArgs extends SearchRecordsArgs {
  facet: string;
  contains?: string | null;
  size?: number | null;
}

const DEFAULT_FACET_VALUES = 100;
const MAX_FACET_SEARCH_TEXT = 100;

interface DownloadArgs extends SearchRecordsArgs {
  includeOrgs?: boolean | null;
  searchUrl?: string | null;
}

export const searchQueries: QueryResolvers = {
  async searchFairsharingRecords(_root: unknown, args: SearchRecordsArgs, context: Context, info: GraphQLResolveInfo) {
    try {
      return await context.recordSearch.searchRecords(args, context.viewer, {
        withRecords: searchSelectsRecords(info),
        withHighlights: searchSelectsHighlights(info),
        withCorrections: searchSelectsCorrections(info),
      });
    } catch (failure) {
      throw asGraphqlError(failure);
    }
  },

  async searchFacetValues(_root: unknown, args: FacetValuesArgs, context: Context) {
    const { facet: key, contains, size, ...searchArgs } = args;
    const facet = facetByKey(key);
    if (!facet || (facet.curatorOnly && !can(context.viewer, 'search.curatorFilters'))) throw new GraphqlUserError(`unknown facet "${key}"`, 'INVALID_QUERY');
    try {
      const answer = await context.recordSearch.searchFacetValues(searchArgs, context.viewer, {
        facet,
        contains: contains?.slice(0, MAX_FACET_SEARCH_TEXT) || undefined,
        size: size ?? DEFAULT_FACET_VALUES,
      });
      return facetValueCounts(answer);
    } catch (failure) {
      throw asGraphqlError(failure);
    }
  },

  async advancedSearch(_root: unknown, args: AdvancedSearchArgs, context: Context, info: GraphQLResolveInfo) {
    try {
      // The search module validates operators, filter ids, values and bounds, and says what was wrong.
      return await context.recordSearch.advancedSearch(args, context.viewer, searchRecordSource(info));
    } catch (failure) {
      throw asGraphqlError(failure);
    }
  },

  async downloadSearchResults(_root: unknown, args: DownloadArgs, context: Context) {
    // searchUrl is accepted for the public client; a list of CSV lines has no place for it.
    const { includeOrgs, ...rest } = args;
    const searchArgs: SearchRecordsArgs = { ...rest };
    delete (searchArgs as DownloadArgs).searchUrl;
    const site = { publicUrl: context.config.publicUrl };
    const lines: string[] = [csvLine(includeOrgs ? [...RECORD_CSV_COLUMNS, 'organisations'] : [...RECORD_CSV_COLUMNS])];
    try {
      for await (const record of context.recordSearch.scanSearchRecords(searchArgs, context.viewer)) {
        const row = recordsCsv([record], site, { header: false }).replace(/\r\n$/, '');
        lines.push(includeOrgs ? `${row},${csvLine([record.organisations.map((o) => o.name).join('; ')])}` : row);
        // A whole-catalogue download must not hold the event loop: other requests run in between.
        if (lines.length % DOWNLOAD_YIELD_EVERY === 0) await new Promise((resolve) => setImmediate(resolve));
      }
    } catch (failure) {
      throw asGraphqlError(failure);
    }
    return { fileData: lines };
  },
};

/** Rows built between two turns of the event loop while a download is assembled. */
const DOWNLOAD_YIELD_EVERY = 50;

function csvLine(cells: string[]): string {
  return cells.map((cell) => (/[",\r\n]/.test(cell) ? `"${cell.replace(/"/g, '""')}"` : cell)).join(',');
}

export const searchTypeResolvers: Resolvers = {
  SearchResult: {
    facets: (result) => searchFacets(result.aggregations),
  },
  SearchRecord: {
    type: (record: RecordSearchDocument) => record.recordType,
    registry: (record: RecordSearchDocument) => REGISTRY_LABELS[record.registry] ?? record.registry,
    domains: (record: RecordSearchDocument) => record.domains.map((domain) => ({ ...domain, inFairsharing: true })),
  },
};

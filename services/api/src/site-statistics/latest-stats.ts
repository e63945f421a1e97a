/**
 * GraphQL `latestStats { data }`: the figures of the public client's statistics page
 * (FAIRsharing/fairsharing.github.io, src/views/Static/Stats/Statistics.vue), computed from the
 * index as an anonymous visitor sees it, and kept for a minute (the page is the same for everyone).
 *
 * The client reads `aggregations.{all,standard,database,policy}` (the search's facet
 * aggregations under that registry), `stds_to_pubs` / `dbs_to_pubs`, and the figures that need
 * record associations by kind and organisation links by relation (`top_10_*`,
 * `dbs_implementing_most_stds`, `*_linked_to_*`, `stds_implemented_by_a_db`). The index holds
 * neither, so those come back empty: the page then shows those charts without bars instead of
 * failing. The summary our own clients read (`totals.records`, `registries`, `recordTypes`,
 * `statuses`, `perRegistry`) is derived from the same aggregations.
 */
import { ANONYMOUS_VIEWER, type RegistryName } from '@registry/schemas';
import type { SearchDependencies } from '../search/search-execution.ts';
import { searchRecords, type FacetAggregation, type SearchAggregations } from '../search/search-records.ts';

/** Registries of the client's per-registry charts (collections have none). */
type ChartRegistry = Extract<RegistryName, 'standard' | 'database' | 'policy'>;

export const LATEST_STATS_TTL_MS = 60_000;

type Counts = Record<string, number>;

export interface LatestStats {
  aggregations: Record<'all' | ChartRegistry, SearchAggregations>;
  stds_to_pubs: { standards_with_publication: number; standards_without_publication: number };
  dbs_to_pubs: { databases_with_publication: number; databases_without_publication: number };
  top_10_orgs_records: Record<ChartRegistry, { funders: Record<string, never>; non_funders: Record<string, never> }>;
  top_10_stds_recommended_by_pols: Record<string, never>;
  top_10_std_recs_journal: Record<string, never>;
  top_10_db_recs_journal: Record<string, never>;
  dbs_implementing_most_stds: never[];
  stds_implemented_by_a_db: Record<string, never>;
  dbs_linked_to_stds: Record<string, never>;
  pols_linked_to_std_or_db: Record<string, never>;
  totals: { records: number };
  registries: Counts;
  recordTypes: Counts;
  statuses: Counts;
  perRegistry: Record<string, { total: number; recordTypes: Counts; statuses: Counts }>;
  generatedAt: string;
}

function counts(aggregation: FacetAggregation | undefined): Counts {
  return Object.fromEntries((aggregation?.buckets ?? []).map((bucket) => [bucket.key, bucket.doc_count]));
}

async function facetCounts(deps: SearchDependencies, registry?: RegistryName) {
  return searchRecords(deps, registry ? { fairsharingRegistry: registry } : {}, ANONYMOUS_VIEWER, { withRecords: false });
}

async function withPublication(deps: SearchDependencies, registry: RegistryName): Promise<number> {
  return (await searchRecords(deps, { fairsharingRegistry: registry, hasPublication: true }, ANONYMOUS_VIEWER, { withRecords: false })).totalCount;
}

async function computeLatestStats(deps: SearchDependencies): Promise<LatestStats> {
  const [all, standard, database, policy, collection, standardsWithPublication, databasesWithPublication] = await Promise.all([
    facetCounts(deps),
    facetCounts(deps, 'standard'),
    facetCounts(deps, 'database'),
    facetCounts(deps, 'policy'),
    facetCounts(deps, 'collection'),
    withPublication(deps, 'standard'),
    withPublication(deps, 'database'),
  ]);
  const byRegistry = { standard, database, policy, collection };
  const emptyOrganisations = { funders: {}, non_funders: {} };
  return {
    aggregations: { all: all.aggregations, standard: standard.aggregations, database: database.aggregations, policy: policy.aggregations },
    stds_to_pubs: { standards_with_publication: standardsWithPublication, standards_without_publication: standard.totalCount - standardsWithPublication },
    dbs_to_pubs: { databases_with_publication: databasesWithPublication, databases_without_publication: database.totalCount - databasesWithPublication },
    top_10_orgs_records: { standard: emptyOrganisations, database: emptyOrganisations, policy: emptyOrganisations },
    top_10_stds_recommended_by_pols: {},
    top_10_std_recs_journal: {},
    top_10_db_recs_journal: {},
    dbs_implementing_most_stds: [],
    stds_implemented_by_a_db: {},
    dbs_linked_to_stds: {},
    pols_linked_to_std_or_db: {},
    totals: { records: all.totalCount },
    registries: counts(all.aggregations.fairsharing_registry),
    recordTypes: counts(all.aggregations.record_type),
    statuses: counts(all.aggregations.status),
    perRegistry: Object.fromEntries(
      Object.entries(byRegistry).map(([name, result]) => [
        name,
        { total: result.totalCount, recordTypes: counts(result.aggregations.record_type), statuses: counts(result.aggregations.status) },
      ]),
    ),
    generatedAt: new Date().toISOString(),
  };
}

const cache = new Map<string, { expiresAt: number; stats: Promise<LatestStats> }>();

/** The figures for this index alias, computed at most once a minute; a failed computation is not kept. */
export function latestStats(deps: SearchDependencies, now = Date.now()): Promise<LatestStats> {
  const cached = cache.get(deps.alias);
  if (cached && cached.expiresAt > now) return cached.stats;
  const stats = computeLatestStats(deps);
  cache.set(deps.alias, { expiresAt: now + LATEST_STATS_TTL_MS, stats });
  stats.catch(() => cache.delete(deps.alias));
  return stats;
}

/**
 * GraphQL `latestStats { data }`: the figures of the public client's statistics page
 * (FAIRsharing/fairsharing.github.io, src/views/Static/Stats/Statistics.vue), computed from the
 * index as an anonymous visitor sees it, and kept for a minute (the page is the same for everyone).
 *
 * The client reads `aggregations.{all,standard,database,policy}` (the search's facet
 * aggregations under that registry), `stds_to_pubs` / `dbs_to_pubs`, and the figures of record
 * relations, read from the relation fields of the search document (a policy's
 * `recommendedStandards` / `recommendedDatabases`, a standard's `implementedByDatabases`, which
 * only hold relations between public records): `top_10_stds_recommended_by_pols`,
 * `top_10_std_recs_journal`, `top_10_db_recs_journal` (`{name: {id, count}}`),
 * `dbs_implementing_most_stds` (`[{id, name, standards_implemented}]`) and the three pies
 * (`{label: count}`). `top_10_orgs_records.<registry>.funders` / `.non_funders` are the
 * organisations linked to the most records of a registry as funders, or by any other relation
 * (the document's `funderIds` / `otherOrganisationIds`), as `{name: {id, count}}`. The summary
 * our own clients read (`totals.records`, `registries`, `recordTypes`, `statuses`,
 * `perRegistry`) is derived from the same aggregations.
 */
import { ANONYMOUS_VIEWER, type RecordSearchDocument, type RegistryName } from '@registry/schemas';
import { executeSearch, type SearchDependencies, type TermsAggregationAnswer, type TermsBucket } from '../search/search-execution.ts';
import { searchRecords, type FacetAggregation, type SearchAggregations, type SearchRecordsArgs } from '../search/search-records.ts';
import { searchWalk } from '../search/scan-search-records.ts';

/** Registries of the client's per-registry charts (collections have none). */
type ChartRegistry = Extract<RegistryName, 'standard' | 'database' | 'policy'>;

export const LATEST_STATS_TTL_MS = 60_000;

type Counts = Record<string, number>;

/** How many of the top records the client's relation charts show. */
const TOP_LINKED = 10;

/** Relation fields of the search document: records of one registry named by another record. */
type RelationField = 'recommendedStandards' | 'recommendedDatabases' | 'implementedByDatabases';

interface LinkedRecordCount {
  id: number;
  name: string;
  count: number;
}

const POLICIES: SearchRecordsArgs = { fairsharingRegistry: 'policy' };
const JOURNAL_POLICIES: SearchRecordsArgs = { fairsharingRegistry: 'policy', recordType: 'journal' };
const STANDARDS: SearchRecordsArgs = { fairsharingRegistry: 'standard' };

export interface LatestStats {
  aggregations: Record<'all' | ChartRegistry, SearchAggregations>;
  stds_to_pubs: { standards_with_publication: number; standards_without_publication: number };
  dbs_to_pubs: { databases_with_publication: number; databases_without_publication: number };
  top_10_orgs_records: Record<ChartRegistry, { funders: LinkedCounts; non_funders: LinkedCounts }>;
  top_10_stds_recommended_by_pols: LinkedCounts;
  top_10_std_recs_journal: LinkedCounts;
  top_10_db_recs_journal: LinkedCounts;
  dbs_implementing_most_stds: { id: number; name: string; standards_implemented: number }[];
  stds_implemented_by_a_db: Counts;
  dbs_linked_to_stds: Counts;
  pols_linked_to_std_or_db: Counts;
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

/** The query of the records `among` selects, as an anonymous visitor's search would match them. */
async function visibleQuery(deps: SearchDependencies, among: SearchRecordsArgs): Promise<unknown> {
  return (await searchWalk(deps, among, ANONYMOUS_VIEWER)).query;
}

/**
 * The records named most often in `field` by the records `among` selects, by id (names can
 * repeat), with their names read from their own documents.
 */
async function mostLinked(deps: SearchDependencies, among: SearchRecordsArgs, field: RelationField): Promise<LinkedRecordCount[]> {
  const answer = await executeSearch(deps, {
    query: await visibleQuery(deps, among),
    size: 0,
    track_total_hits: false,
    aggs: { linked: { terms: { field: `${field}.id`, size: TOP_LINKED } } },
  });
  const buckets = (answer.aggregations?.linked as TermsAggregationAnswer | undefined)?.buckets ?? [];
  if (buckets.length === 0) return [];
  const named = await searchRecords(deps, { ids: buckets.map((bucket) => Number(bucket.key)), perPage: TOP_LINKED }, ANONYMOUS_VIEWER);
  const names = new Map(named.records.map((record) => [record.id, record.name]));
  return buckets.flatMap((bucket) => {
    const name = names.get(Number(bucket.key));
    return name === undefined ? [] : [{ id: Number(bucket.key), name, count: bucket.doc_count }];
  });
}

/** `{name: {id, count}}`: how the public client reads a ranking. */
type LinkedCounts = Record<string, { id: number; count: number }>;

function byName(linked: LinkedRecordCount[]): LinkedCounts {
  return Object.fromEntries(linked.map(({ id, name, count }) => [name, { id, count }]));
}

/** Organisation fields of the search document: organisations by the relation that links them. */
type OrganisationField = 'funderIds' | 'otherOrganisationIds';

interface NamedOrganisationsAnswer {
  buckets: (TermsBucket & { named: { hits: { hits: { _source: Pick<RecordSearchDocument, 'organisations'> }[] } } })[];
}

/**
 * The organisations `field` names for the most records `among` selects, by id, each named as one
 * of those records' documents writes it.
 */
async function mostLinkedOrganisations(deps: SearchDependencies, among: SearchRecordsArgs, field: OrganisationField): Promise<LinkedCounts> {
  const answer = await executeSearch(deps, {
    query: await visibleQuery(deps, among),
    size: 0,
    track_total_hits: false,
    aggs: { linked: { terms: { field, size: TOP_LINKED }, aggs: { named: { top_hits: { size: 1, _source: ['organisations'] } } } } },
  });
  const buckets = (answer.aggregations?.linked as unknown as NamedOrganisationsAnswer | undefined)?.buckets ?? [];
  return byName(buckets.flatMap((bucket) => {
    const id = Number(bucket.key);
    const name = bucket.named.hits.hits[0]?._source.organisations.find((organisation) => organisation.id === id)?.name;
    return name === undefined ? [] : [{ id, name, count: bucket.doc_count }];
  }));
}

async function organisationFigures(deps: SearchDependencies): Promise<LatestStats['top_10_orgs_records']> {
  const registries: ChartRegistry[] = ['standard', 'database', 'policy'];
  const figures = await Promise.all(registries.map(async (registry) => {
    const among = { fairsharingRegistry: registry };
    const [funders, others] = await Promise.all([mostLinkedOrganisations(deps, among, 'funderIds'), mostLinkedOrganisations(deps, among, 'otherOrganisationIds')]);
    return [registry, { funders, non_funders: others }] as const;
  }));
  return Object.fromEntries(figures) as LatestStats['top_10_orgs_records'];
}

/** How many of the records `among` selects have a value in any of `fields`, and how many have none. */
async function withAnyLink(deps: SearchDependencies, among: SearchRecordsArgs, fields: RelationField[]): Promise<{ linked: number; total: number }> {
  const answer = await executeSearch(deps, {
    query: await visibleQuery(deps, among),
    size: 0,
    track_total_hits: true,
    aggs: { linked: { filter: { bool: { should: fields.map((field) => ({ exists: { field: `${field}.id` } })), minimum_should_match: 1 } } } },
  });
  return { linked: answer.aggregations?.linked?.doc_count ?? 0, total: answer.hits.total.value };
}

/** How many distinct records the records `among` selects name in `field` (exact below 40,000). */
async function distinctLinked(deps: SearchDependencies, among: SearchRecordsArgs, field: RelationField): Promise<number> {
  const answer = await executeSearch(deps, {
    query: await visibleQuery(deps, among),
    size: 0,
    track_total_hits: false,
    aggs: { linked: { cardinality: { field: `${field}.id`, precision_threshold: 40_000 } } },
  });
  return (answer.aggregations?.linked as unknown as { value?: number } | undefined)?.value ?? 0;
}

async function relationFigures(deps: SearchDependencies, databaseCount: number) {
  const [byPolicies, standardsByJournals, databasesByJournals, implementing, implementedStandards, databasesLinked, linkedPolicies] = await Promise.all([
    mostLinked(deps, POLICIES, 'recommendedStandards'),
    mostLinked(deps, JOURNAL_POLICIES, 'recommendedStandards'),
    mostLinked(deps, JOURNAL_POLICIES, 'recommendedDatabases'),
    mostLinked(deps, STANDARDS, 'implementedByDatabases'),
    withAnyLink(deps, STANDARDS, ['implementedByDatabases']),
    distinctLinked(deps, STANDARDS, 'implementedByDatabases'),
    withAnyLink(deps, POLICIES, ['recommendedStandards', 'recommendedDatabases']),
  ]);
  return {
    top_10_stds_recommended_by_pols: byName(byPolicies),
    top_10_std_recs_journal: byName(standardsByJournals),
    top_10_db_recs_journal: byName(databasesByJournals),
    dbs_implementing_most_stds: implementing.map(({ id, name, count }) => ({ id, name, standards_implemented: count })),
    stds_implemented_by_a_db: {
      'Implemented by one or more databases': implementedStandards.linked,
      'Not implemented by any database': implementedStandards.total - implementedStandards.linked,
    },
    dbs_linked_to_stds: {
      'Implementing one or more standards': databasesLinked,
      'Implementing no standard': Math.max(0, databaseCount - databasesLinked),
    },
    pols_linked_to_std_or_db: {
      'Recommending one or more standards or databases': linkedPolicies.linked,
      'Recommending none': linkedPolicies.total - linkedPolicies.linked,
    },
  };
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
  const [relations, organisations] = await Promise.all([relationFigures(deps, database.totalCount), organisationFigures(deps)]);
  return {
    aggregations: { all: all.aggregations, standard: standard.aggregations, database: database.aggregations, policy: policy.aggregations },
    stds_to_pubs: { standards_with_publication: standardsWithPublication, standards_without_publication: standard.totalCount - standardsWithPublication },
    dbs_to_pubs: { databases_with_publication: databasesWithPublication, databases_without_publication: database.totalCount - databasesWithPublication },
    top_10_orgs_records: organisations,
    ...relations,
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

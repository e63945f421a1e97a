/**
 * The charts of /summary-statistics, per tab, and their GraphQL queries: each chart is one
 * `recordAggregations` under the tab's registry filter, answered from the search index. Apart
 * from the drawing code (no d3 here), so start-up can ask a landing page's first chart at once
 * (app/page-prefetch.ts). The timeline's queries are here for the same reason.
 */
import { facetByArgument } from '@registry/schemas/search/facets.ts';
import { compactGraphql, fragmentSelection, graphqlLiteral, type GraphqlLiteral } from '@registry/schemas/search/client/graphql-literals.ts';
import type { RegistryName } from '@registry/schemas';

export interface StatisticsTab {
  id: string;
  label: string;
  registry: RegistryName | null;
}

export const STATISTICS_TABS: readonly StatisticsTab[] = [
  { id: 'all', label: 'All records', registry: null },
  { id: 'standards', label: 'Standards', registry: 'standard' },
  { id: 'databases', label: 'Databases', registry: 'database' },
  { id: 'policies', label: 'Policies', registry: 'policy' },
  { id: 'collections', label: 'Collections', registry: 'collection' },
];

export interface FacetChart {
  kind: 'facet';
  id: string;
  title: string;
  /** Facet key counted. */
  by: string;
  size: number;
  /** Extra search filters (argument → values) of this chart. */
  filters?: Record<string, string[]>;
  /** Tabs (by registry; null = all records) that show it; every tab when absent. */
  onlyFor?: readonly (RegistryName | null)[];
  /** Heading of the count column (table and CSV): what a bar counts, records when absent. */
  countHeading?: string;
  /** Heading of the label column; taken from the title when absent. */
  labelHeading?: string;
}

interface GrowthChart {
  kind: 'growth';
  id: string;
  title: string;
  field: 'createdAt' | 'updatedAt';
}

export type ChartDefinition = FacetChart | GrowthChart;

const TOP = 15;

function relationCharts(): FacetChart[] {
  const recommended = (registry: 'standard' | 'database', journal: boolean): FacetChart => {
    const plural = registry === 'standard' ? 'standards' : 'databases';
    return {
      kind: 'facet',
      id: `${journal ? 'journal-' : ''}recommended-${plural}`,
      title: `${plural.charAt(0).toUpperCase()}${plural.slice(1)} recommended by the most ${journal ? 'journal ' : ''}policies`,
      by: `recommended_${plural}`,
      size: TOP,
      filters: journal ? { fairsharingRegistry: ['policy'], recordType: ['journal'] } : { fairsharingRegistry: ['policy'] },
      onlyFor: [null, registry, 'policy'],
      labelHeading: registry === 'standard' ? 'Standard' : 'Database',
      countHeading: journal ? 'Journal policies' : 'Policies',
    };
  };
  return [
    recommended('standard', false),
    recommended('database', false),
    recommended('standard', true),
    recommended('database', true),
    {
      kind: 'facet',
      id: 'implementing-databases',
      title: 'Databases implementing the most standards',
      by: 'implemented_by_databases',
      size: TOP,
      filters: { fairsharingRegistry: ['standard'] },
      onlyFor: [null, 'database', 'standard'],
      labelHeading: 'Database',
      countHeading: 'Standards',
    },
  ];
}

export const CHARTS: readonly ChartDefinition[] = [
  { kind: 'facet', id: 'registries', title: 'Records per registry', by: 'fairsharing_registry', size: 4, onlyFor: [null] },
  { kind: 'facet', id: 'types', title: 'Records per type', by: 'record_type', size: 25 },
  { kind: 'facet', id: 'statuses', title: 'Records per status', by: 'status', size: 4 },
  { kind: 'facet', id: 'subjects', title: `Top ${TOP} subjects`, by: 'subjects', size: TOP },
  { kind: 'facet', id: 'domains', title: `Top ${TOP} domains`, by: 'domains', size: TOP },
  { kind: 'facet', id: 'species', title: `Top ${TOP} species`, by: 'taxonomies', size: TOP },
  { kind: 'facet', id: 'countries', title: `Top ${TOP} countries`, by: 'countries', size: TOP },
  { kind: 'facet', id: 'licences', title: `Top ${TOP} licences`, by: 'licences', size: TOP },
  { kind: 'facet', id: 'organisations', title: `Top ${TOP} organisations`, by: 'organisations', size: TOP },
  {
    kind: 'facet',
    id: 'recommended',
    title: 'Standards and databases marked recommended',
    by: 'fairsharing_registry',
    size: 4,
    filters: { isRecommended: ['true'], fairsharingRegistry: ['standard', 'database'] },
    onlyFor: [null, 'standard', 'database'],
  },
  // Relations between public records, counted over the records at their other end: a bar is a
  // standard (or database) and its length the policies recommending it; its search lists them.
  ...relationCharts(),
  { kind: 'growth', id: 'created', title: 'Records created per year', field: 'createdAt' },
  { kind: 'growth', id: 'updated', title: 'Records last updated per year', field: 'updatedAt' },
];

export function chartsFor(tab: StatisticsTab): ChartDefinition[] {
  return CHARTS.filter((chart) => chart.kind === 'growth' || !chart.onlyFor || chart.onlyFor.includes(tab.registry));
}

/** The search filters a chart counts under on a tab (its own win over the tab's registry). */
export function chartFilters(chart: ChartDefinition, tab: StatisticsTab): Record<string, string[]> {
  const tabFilters: Record<string, string[]> = tab.registry ? { fairsharingRegistry: [tab.registry] } : {};
  const own = chart.kind === 'facet' ? (chart.filters ?? {}) : {};
  const merged = { ...tabFilters, ...own };
  // A registry tab narrows a chart's own registry list to that registry; a chart counting another
  // registry's records (the policies recommending a standard) keeps its own.
  if (tab.registry && own.fairsharingRegistry?.includes(tab.registry)) merged.fairsharingRegistry = [tab.registry];
  return merged;
}

function argumentsLiteral(values: Record<string, GraphqlLiteral>): string {
  return Object.entries(values)
    .map(([name, value]) => `${name}: ${graphqlLiteral(value)}`)
    .join(', ');
}

function filterArguments(filters: Record<string, string[]>): Record<string, GraphqlLiteral> {
  const values: Record<string, GraphqlLiteral> = {};
  for (const [name, list] of Object.entries(filters)) {
    // Yes/no facets are typed Boolean by the API.
    values[name] = facetByArgument(name)?.kind === 'boolean' ? list[0] === 'true' : list;
  }
  return values;
}

// What the charts read. The answer types are generated from these documents (`npm run codegen`:
// statistics-queries.generated.ts). A chart's arguments are its filters, so its query sends the
// fragment's selection inline; a growth chart reads its dates as `perYear` whichever date it counts.
const FACET_CHART_COUNTS = /* GraphQL */ `
  fragment FacetChartCounts on RecordAggregations { totalCount otherCount buckets { key label count } }
`;
const CREATED_PER_YEAR = /* GraphQL */ `
  fragment CreatedPerYear on RecordAggregations { totalCount perYear: createdAt { date count } }
`;
const UPDATED_PER_YEAR = /* GraphQL */ `
  fragment UpdatedPerYear on RecordAggregations { totalCount perYear: updatedAt { date count } }
`;

/**
 * The query of one chart. Each chart asks on its own (the API takes a few root fields per
 * query), so the first chart draws as soon as its answer arrives.
 */
export function chartQuery(chart: ChartDefinition, tab: StatisticsTab): string {
  const filters = filterArguments(chartFilters(chart, tab));
  if (chart.kind === 'growth') {
    const args = argumentsLiteral({ ...filters, dateHistogram: [chart.field], interval: 'year' });
    return `{ recordAggregations(${args}) { ${fragmentSelection(chart.field === 'createdAt' ? CREATED_PER_YEAR : UPDATED_PER_YEAR)} } }`;
  }
  const args = argumentsLiteral({ ...filters, by: [chart.by], size: chart.size });
  return `{ recordAggregations(${args}) { ${fragmentSelection(FACET_CHART_COUNTS)} } }`;
}

// The timeline's charts: records added per month, and deprecated per month, by registry; each
// bucket's dates read as `months` whichever date is counted.
const TIMELINE_ADDED = /* GraphQL */ `
  query TimelineAdded {
    recordAggregations(by: ["fairsharing_registry"], size: 4, dateHistogram: ["createdAt"], interval: "month") {
      buckets { key label count months: createdAt { date count } }
    }
  }
`;
const TIMELINE_DEPRECATED = /* GraphQL */ `
  query TimelineDeprecated {
    recordAggregations(status: ["deprecated"], by: ["fairsharing_registry"], size: 4, dateHistogram: ["updatedAt"], interval: "month") {
      buckets { key label count months: updatedAt { date count } }
    }
  }
`;
export const TIMELINE_ADDED_QUERY = compactGraphql(TIMELINE_ADDED);
export const TIMELINE_DEPRECATED_QUERY = compactGraphql(TIMELINE_DEPRECATED);

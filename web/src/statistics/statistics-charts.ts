/**
 * The charts of /summary-statistics, per tab, and their GraphQL queries: each chart is one
 * `recordAggregations` under the tab's registry filter, answered from the search index. A bar's search link carries the same filters plus its value, so the search
 * it opens counts what the bar shows.
 */
import { csvFormatRows } from 'd3-dsv';
import { neutralisedCell } from '@registry/schemas/export/csv-cell.ts';
import { facetByArgument, facetByKey } from '@registry/schemas/search/facets.ts';
import { graphqlLiteral, type GraphqlLiteral } from '@registry/schemas/search/client/graphql-literals.ts';
import { searchStateToUrl, DEFAULT_SEARCH_STATE } from '@registry/schemas/search/client/search-state.ts';
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

interface FacetChart {
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

/**
 * The query of one chart. Each chart asks on its own (the API takes a few root fields per
 * query), so the first chart draws as soon as its answer arrives.
 */
export function chartQuery(chart: ChartDefinition, tab: StatisticsTab): string {
  const filters = filterArguments(chartFilters(chart, tab));
  if (chart.kind === 'growth') {
    const args = argumentsLiteral({ ...filters, dateHistogram: [chart.field], interval: 'year' });
    return `{ recordAggregations(${args}) { totalCount ${chart.field} { date count } } }`;
  }
  const args = argumentsLiteral({ ...filters, by: [chart.by], size: chart.size });
  return `{ recordAggregations(${args}) { totalCount otherCount buckets { key label count } } }`;
}

export interface ChartBucket {
  key: string;
  label: string;
  count: number;
}

export interface ChartAnswer {
  totalCount: number;
  otherCount?: number;
  buckets?: ChartBucket[];
  createdAt?: { date: string; count: number }[];
  updatedAt?: { date: string; count: number }[];
}

/**
 * Records without a known date (seeded records whose sources give none) are in no bucket of a
 * date histogram: says how many of the records the buckets cover, when not all.
 */
export function knownDateNote(field: 'createdAt' | 'updatedAt', total: number, dates: { count: number }[]): string | undefined {
  const known = dates.reduce((sum, bucket) => sum + bucket.count, 0);
  if (known >= total) return undefined;
  const which = field === 'createdAt' ? 'creation' : 'last update';
  return `${known.toLocaleString('en-GB')} of ${total.toLocaleString('en-GB')} records have a known ${which} date; only they are counted here.`;
}

/** The search that lists a bar's records: the chart's filters plus the bar's value. */
export function searchLinkFor(chart: FacetChart, tab: StatisticsTab, key: string): string {
  const facet = facetByKey(chart.by);
  const filters = { ...chartFilters(chart, tab) };
  if (facet) filters[facet.argument] = [key];
  const params = searchStateToUrl({ ...DEFAULT_SEARCH_STATE, filters });
  return `/search?${params.toString()}`;
}

/** "model_and_format" → "Model and format"; labels the API gives (status labels, record names such as "dbSNP") stay as they are. */
export function displayLabel(bucket: ChartBucket): string {
  if (bucket.label !== bucket.key) return bucket.label;
  const text = bucket.key.replace(/_/g, ' ');
  return text.charAt(0).toUpperCase() + text.slice(1);
}

/** CSV of a chart's rows, header first; labels never start a spreadsheet formula. */
export function chartCsv(header: [string, string], rows: [string, number][]): string {
  return `${csvFormatRows([header, ...rows.map(([label, count]) => [neutralisedCell(label), String(count)])])}\r\n`;
}

/**
 * A label shortened to fit `maxWidth` (as `widthOf` measures it) with "…": cut after the last
 * whole word that fits, or within a single word longer than the room; the label itself when it
 * fits. The chart shows the whole label on hover and in its table.
 */
export function fittedLabel(label: string, maxWidth: number, widthOf: (text: string) => number): string {
  if (widthOf(label) <= maxWidth) return label;
  const shortened = (length: number) => `${label.slice(0, length).trimEnd()}…`;
  // The longest prefix that fits with its ellipsis (widths grow with length).
  let low = 0;
  let high = label.length - 1;
  while (low < high) {
    const middle = Math.ceil((low + high) / 2);
    if (widthOf(shortened(middle)) <= maxWidth) low = middle;
    else high = middle - 1;
  }
  // Back to the end of the last whole word (the space before the first word that does not fit
  // whole); within the first word only when that word alone is too long.
  const wordEnd = label.slice(0, low + 1).search(/\s\S*$/);
  const length = wordEnd > 0 ? wordEnd : low;
  return length > 0 ? shortened(length).replace(/[\s,;:.(-]+…$/, '…') : '…';
}

/**
 * A label on at most `maxLines` lines of `maxWidth`: whole words per line, the last line
 * shortened by fittedLabel when the rest does not fit. One line when the label fits on one.
 */
export function labelLines(label: string, maxWidth: number, widthOf: (text: string) => number, maxLines = 2): string[] {
  const lines: string[] = [];
  let rest = label.trim();
  while (lines.length < maxLines - 1 && widthOf(rest) > maxWidth) {
    const words = rest.split(/\s+/);
    // A first word longer than a line is cut on the last line instead.
    if (widthOf(words[0]) > maxWidth) break;
    let taken = 1;
    while (taken < words.length && widthOf(words.slice(0, taken + 1).join(' ')) <= maxWidth) taken += 1;
    lines.push(words.slice(0, taken).join(' '));
    rest = words.slice(taken).join(' ');
  }
  lines.push(fittedLabel(rest, maxWidth, widthOf));
  return lines;
}

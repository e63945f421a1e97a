/**
 * What the charts of /summary-statistics show beside their queries (statistics-queries.ts): a
 * bar's search link carries the chart's filters plus its value, so the search it opens counts
 * what the bar shows; labels, notes and CSV.
 */
import { csvFormatRows } from 'd3-dsv';
import { neutralisedCell } from '@registry/schemas/export/csv-cell.ts';
import { facetByKey } from '@registry/schemas/search/facets.ts';
import { searchStateToUrl, DEFAULT_SEARCH_STATE } from '@registry/schemas/search/client/search-state.ts';
import { chartFilters, type FacetChart, type StatisticsTab } from './statistics-queries.ts';
import type { CreatedPerYearFragment, FacetChartCountsFragment, UpdatedPerYearFragment } from './statistics-queries.generated.ts';

/** A chart's answer: a facet's counts, or records per year. */
export type ChartAnswer = FacetChartCountsFragment | CreatedPerYearFragment | UpdatedPerYearFragment;

export type ChartBucket = FacetChartCountsFragment['buckets'][number];

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
 * The end of a label on at most `maxLines` lines: "…" and the last whole words that fit, for a
 * label whose beginning other labels share ("Minimum Information…" three times).
 */
export function labelEndLines(label: string, maxWidth: number, widthOf: (text: string) => number, maxLines = 2): string[] {
  const words = label.trim().split(/\s+/);
  const lines: string[] = [];
  let end = words.length;
  while (lines.length < maxLines && end > 0) {
    let start = end - 1;
    const line = (from: number) => `${lines.length === maxLines - 1 && from > 0 ? '…' : ''}${words.slice(from, end).join(' ')}`;
    while (start > 0 && widthOf(line(start - 1)) <= maxWidth) start -= 1;
    lines.unshift(fittedLabel(line(start), maxWidth, widthOf));
    end = start;
  }
  return lines;
}

/**
 * Each label's lines as labelLines fits them, except that labels which would read the same once
 * shortened show their ends instead, so that no two bars look alike.
 */
export function distinctLabelLines(labels: readonly string[], maxWidth: number, widthOf: (text: string) => number, maxLines = 2): string[][] {
  const fitted = labels.map((label) => labelLines(label, maxWidth, widthOf, maxLines));
  const shown = fitted.map((lines) => lines.join(' '));
  return fitted.map((lines, index) => {
    const alike = shown.some((other, otherIndex) => otherIndex !== index && other === shown[index] && labels[otherIndex] !== labels[index]);
    return alike ? labelEndLines(labels[index], maxWidth, widthOf, maxLines) : lines;
  });
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

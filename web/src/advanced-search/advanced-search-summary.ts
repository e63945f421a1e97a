/**
 * One sentence per group saying what an advanced search asks for, so the results page shows
 * its criteria without the dialog: `Registry: Standard or Database; Subjects: Genomics and
 * Proteomics`, groups joined by "and" / "or".
 */
import { advancedSearchFilterById } from '@registry/schemas/search/facets.ts';
import type { AdvancedSearchGroup, AdvancedSearchWhere } from '@registry/schemas/search/advanced-search-url.ts';

const JOINERS = { _and: 'and', _or: 'or' } as const;

function ruleSummary(id: string, value: AdvancedSearchGroup[string], joiner: string): string {
  const filter = advancedSearchFilterById(id);
  const label = filter?.label ?? id;
  if (typeof value === 'boolean') return `${label}: ${value ? 'yes' : 'no'}`;
  const values = Array.isArray(value) ? value : [value];
  // A field a record holds once can only match one of several values.
  const between = filter?.singleValued ? 'or' : joiner;
  return `${label}: ${values.join(` ${between} `)}`;
}

export function groupSummary(group: AdvancedSearchGroup): string {
  const joiner = JOINERS[group.operator];
  return Object.entries(group)
    .filter(([id]) => id !== 'operator')
    .map(([id, value]) => ruleSummary(id, value, joiner))
    .join(`; `);
}

export interface AdvancedSearchSummary {
  text: string | null;
  /** "all" or "any" of the groups. */
  combine: 'all' | 'any';
  groups: string[];
}

export function advancedSearchSummary(q: string | undefined, where: AdvancedSearchWhere): AdvancedSearchSummary {
  return {
    text: q?.trim() ? q.trim() : null,
    combine: where.operator === '_or' ? 'any' : 'all',
    groups: where.fields.map(groupSummary).filter((summary) => summary !== ''),
  };
}

/**
 * What an advanced search asks for, in words, so a shared link says what it searches before
 * anyone reads the query builder: a heading (`Records matching “protein” and all of these
 * groups:`) and per group its rules, each `Label: “value” or “value”`, with how the group
 * combines them (all / any). Values are quoted because names hold "and" and "or" themselves
 * (organisations); record-type values read as words ("terminology artefact").
 */
import { advancedSearchFilterById } from '@registry/schemas/search/facets.ts';
import type { AdvancedSearchGroup, AdvancedSearchWhere } from '@registry/schemas/search/advanced-search-url.ts';

const JOINERS = { _and: 'and', _or: 'or' } as const;
const COMBINES = { _and: 'all', _or: 'any' } as const;
/** Filters whose values are identifiers (`terminology_artefact`), read as words. */
const IDENTIFIER_VALUED = new Set(['registry', 'type', 'status']);

function ruleSummary(id: string, value: AdvancedSearchGroup[string], joiner: string): string {
  const filter = advancedSearchFilterById(id);
  const label = filter?.label ?? id;
  if (typeof value === 'boolean') return `${label}: ${value ? 'yes' : 'no'}`;
  const values = (Array.isArray(value) ? value : [value]).map((entry) => (filter && IDENTIFIER_VALUED.has(filter.id) ? entry.replace(/_/g, ' ') : entry));
  // A field a record holds once can only match one of several values.
  const between = filter?.singleValued ? 'or' : joiner;
  return `${label}: ${values.map((entry) => `“${entry}”`).join(` ${between} `)}`;
}

export interface GroupSummary {
  /** Whether a record must match all of the rules or any of them (one rule: all). */
  combine: 'all' | 'any';
  rules: string[];
}

export function groupSummary(group: AdvancedSearchGroup): GroupSummary {
  const joiner = JOINERS[group.operator];
  const rules = Object.entries(group)
    .filter(([id]) => id !== 'operator')
    .map(([id, value]) => ruleSummary(id, value, joiner));
  return { combine: rules.length > 1 ? COMBINES[group.operator] : 'all', rules };
}

export interface AdvancedSearchSummary {
  text: string | null;
  /** "all" or "any" of the groups. */
  combine: 'all' | 'any';
  groups: GroupSummary[];
}

export function advancedSearchSummary(q: string | undefined, where: AdvancedSearchWhere): AdvancedSearchSummary {
  return {
    text: q?.trim() ? q.trim() : null,
    combine: COMBINES[where.operator] ?? 'all',
    groups: where.fields.map(groupSummary).filter((group) => group.rules.length > 0),
  };
}

/** The sentence above the groups: what the records match. */
export function summaryHeading(summary: AdvancedSearchSummary): string {
  const text = summary.text ? ` “${summary.text}”` : '';
  const groups = summary.groups.length > 1 ? `${summary.combine} of these groups:` : summary.groups.length === 1 ? 'these criteria:' : '';
  if (!groups) return `Records matching${text}`;
  return `Records matching${text}${text ? ' and' : ''} ${groups}`;
}

/** How a group with several rules combines them, said before its rules. */
export function groupHeading(group: GroupSummary): string | null {
  return group.rules.length > 1 ? `${group.combine === 'any' ? 'Any' : 'All'} of:` : null;
}

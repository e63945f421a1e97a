/**
 * The advanced-search query (`where`) and its URL form, shared by the API and the web app.
 *
 * URL form (as the public client writes it): `?q=text&operator=_and&fields=(operator=_or&subjects=genomics+proteomics&isImplemented=true)`,
 * one `fields` value per group (the parameter repeats; groups concatenated as `(…)(…)` in one
 * value are accepted too). Values inside a rule are joined with `+`; `true`/`false` stand for
 * booleans. Pure and browser-safe.
 */

export type AdvancedSearchOperator = '_and' | '_or';
export const ADVANCED_SEARCH_OPERATORS: readonly AdvancedSearchOperator[] = ['_and', '_or'];

export type AdvancedSearchValue = string[] | string | boolean;

/** One group: its operator plus one entry per rule, keyed by filter identifier. */
export interface AdvancedSearchGroup {
  operator: AdvancedSearchOperator;
  [filterId: string]: AdvancedSearchValue;
}

export interface AdvancedSearchWhere {
  operator: AdvancedSearchOperator;
  fields: AdvancedSearchGroup[];
}

export interface AdvancedSearchUrlParams {
  q?: string;
  operator?: string;
  fields?: string | string[];
}

export function toAdvancedSearchOperator(raw: unknown): AdvancedSearchOperator {
  const value = typeof raw === 'string' ? raw.trim().toLowerCase() : '';
  if (value === '_or' || value === 'or') return '_or';
  return '_and';
}

// Characters that structure the `fields` string; values holding them are percent-encoded.
const RESERVED = /[%&=+()]/g;

function encodeValue(value: string): string {
  return value.replace(RESERVED, (char) => `%${char.charCodeAt(0).toString(16).toUpperCase().padStart(2, '0')}`);
}

function decodeValue(value: string): string {
  try {
    return decodeURIComponent(value);
  } catch {
    return value;
  }
}

function splitGroups(fields: string): string[] {
  const trimmed = fields.trim();
  if (!trimmed) return [];
  const inner = trimmed.replace(/^\(/, '').replace(/\)$/, '');
  return inner.split(/\)\s*\(/).filter((group) => group.trim() !== '');
}

function parseGroup(text: string): AdvancedSearchGroup {
  const group: AdvancedSearchGroup = { operator: '_and' };
  for (const part of text.split('&')) {
    const separator = part.indexOf('=');
    if (separator <= 0) continue;
    const identifier = part.slice(0, separator).trim();
    const raw = part.slice(separator + 1);
    if (identifier === 'operator') {
      group.operator = toAdvancedSearchOperator(raw);
      continue;
    }
    if (raw === 'true' || raw === 'false') {
      group[identifier] = raw === 'true';
      continue;
    }
    const values = raw.split('+').map(decodeValue).map((value) => value.trim()).filter(Boolean);
    if (values.length === 0) continue;
    const previous = group[identifier];
    group[identifier] = Array.isArray(previous) ? [...new Set([...previous, ...values])] : values;
  }
  return group;
}

/** Reads the advanced-search route's query parameters into a `where` the API accepts. */
export function parseAdvancedSearchUrl(params: AdvancedSearchUrlParams): { q?: string; where: AdvancedSearchWhere } {
  const rawFields = params.fields === undefined ? [] : Array.isArray(params.fields) ? params.fields : [params.fields];
  const where: AdvancedSearchWhere = {
    operator: toAdvancedSearchOperator(params.operator),
    fields: rawFields.flatMap(splitGroups).map(parseGroup),
  };
  const q = params.q?.trim();
  return q ? { q, where } : { where };
}

function formatGroup(group: AdvancedSearchGroup): string {
  const parts = [`operator=${group.operator}`];
  for (const [identifier, value] of Object.entries(group)) {
    if (identifier === 'operator') continue;
    if (typeof value === 'boolean') parts.push(`${identifier}=${value}`);
    else {
      const values = (Array.isArray(value) ? value : [value]).filter((item) => item !== '');
      if (values.length) parts.push(`${identifier}=${values.map(encodeValue).join('+')}`);
    }
  }
  return `(${parts.join('&')})`;
}

/** Inverse of `parseAdvancedSearchUrl`: one `fields` entry per group. */
export function formatAdvancedSearchUrl(input: { q?: string | null; where: AdvancedSearchWhere }): {
  q?: string;
  operator: AdvancedSearchOperator;
  fields: string[];
} {
  const q = input.q?.trim();
  const params = { operator: input.where.operator, fields: input.where.fields.map(formatGroup) };
  return q ? { q, ...params } : params;
}

/**
 * How large one `where` may be, wherever it arrives (GraphQL `advancedSearch`, and the search,
 * facet-value and download queries that narrow to it): the REST form already allows 50 groups;
 * the builder's largest real query is a handful of rules with a few values each.
 */
export const ADVANCED_SEARCH_BOUNDS = {
  groups: 50,
  rulesPerGroup: 50,
  valuesPerRule: 100,
  valueLength: 500,
} as const;

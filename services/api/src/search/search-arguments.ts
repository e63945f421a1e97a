/**
 * The search arguments: which there are, and how their values are read.
 *
 * Which: the arguments of `searchFairsharingRecords` (and `downloadSearchResults`, the REST
 * lists and statistics), generated from the facet registry and METADATA_FILTER_IDS so the API can
 * never drift from what the index holds. The public client types URL parameters by introspecting
 * these: scalars stay nullable (`page: Int`) and lists are `[X!]` (it reads
 * `type.ofType.ofType.name` of a list).
 *
 * How: lenient readers, for values that arrive from GraphQL (typed, lists as arrays) and from REST
 * query strings (everything a string, lists comma-separated). Values that cannot mean anything
 * (page "abc", isRecommended "maybe") raise `InvalidQueryError`.
 */
import { METADATA_FILTER_IDS, REGISTRY_NAMES, type RegistryName } from '@registry/schemas';
import { ADVANCED_SEARCH_FILTERS, DEFAULT_FACET_MATCH, FACETS, facetMatchArgument, normaliseStatus, readFacetMatch, type FacetKind, type FacetMatch } from '@registry/schemas/search/facets.ts';
import { InvalidQueryError } from './search-errors.ts';

export type ListArgument = string | number | boolean | readonly (string | number | boolean)[] | null | undefined;
export type BooleanArgument = boolean | string | null | undefined;
export type IntegerArgument = number | string | null | undefined;

/** One value of a list argument, lower-cased, and its comma-separated parts (one part when it holds no comma). */
export interface ListArgumentItem {
  whole: string;
  parts: string[];
}

/** The values of a list argument as given (lower-cased; blank ones and blank parts dropped). */
export function readListArgumentItems(value: ListArgument): ListArgumentItem[] {
  if (value === null || value === undefined) return [];
  const items: ListArgumentItem[] = [];
  for (const item of Array.isArray(value) ? value : [value]) {
    const whole = String(item).trim().toLowerCase();
    const parts = whole.split(',').map((part) => part.trim()).filter(Boolean);
    if (parts.length > 0) items.push({ whole, parts });
  }
  return items;
}

/**
 * Lower-cased, de-duplicated values of a list argument. A comma inside one value is ambiguous
 * (the public client sends `fairsharingRegistry: "Standard,Database"` as one string, but some
 * organisation names hold commas), so such a value matches as a whole and as its parts.
 */
export function readListArgument(value: ListArgument): string[] {
  const values = new Set<string>();
  for (const { whole, parts } of readListArgumentItems(value)) {
    if (parts.length > 1) values.add(whole);
    for (const part of parts) values.add(part);
  }
  return [...values];
}

/** Like `readListArgument`, but each value is mapped to a canonical one; unknown split parts are dropped. */
function readEnumeratedList(value: ListArgument, canonical: (raw: string) => string | null): string[] {
  const values = new Set<string>();
  for (const raw of readListArgument(value)) {
    const known = canonical(raw);
    if (known) values.add(known);
    // A value nobody knows still filters (and matches nothing), unless it is a comma-joined whole.
    else if (!raw.includes(',')) values.add(raw);
  }
  return [...values];
}

const REGISTRY_ALIASES: Readonly<Record<string, RegistryName>> = {
  standards: 'standard',
  databases: 'database',
  policies: 'policy',
  collections: 'collection',
  // Legacy name of the database registry, still in old links.
  biodbcore: 'database',
};

export function canonicalRegistry(raw: string): RegistryName | null {
  const value = raw.trim().toLowerCase();
  if ((REGISTRY_NAMES as readonly string[]).includes(value)) return value as RegistryName;
  return REGISTRY_ALIASES[value] ?? null;
}

export function readRegistryList(value: ListArgument): string[] {
  return readEnumeratedList(value, canonicalRegistry);
}

/** Status by name ("Ready", "in_development", "In Dev.") or by the numeric code of the public filter. */
export function readStatusList(value: ListArgument): string[] {
  return readEnumeratedList(value, normaliseStatus);
}

/** Record types are stored snake_case: "Model and format" → "model_and_format". */
export function readRecordTypeList(value: ListArgument): string[] {
  return readEnumeratedList(value, (raw) => raw.replace(/[\s-]+/g, '_'));
}

export function readBooleanArgument(value: BooleanArgument, name: string): boolean | null {
  if (value === null || value === undefined || value === '') return null;
  if (typeof value === 'boolean') return value;
  const text = String(value).trim().toLowerCase();
  if (text === 'true') return true;
  if (text === 'false') return false;
  throw new InvalidQueryError(`${name} must be true or false, got "${String(value)}"`);
}

/** A facet's `…Match` argument: "any" (also when absent) or "all". */
export function readFacetMatchArgument(value: unknown, name: string): FacetMatch {
  if (value === null || value === undefined || value === '') return DEFAULT_FACET_MATCH;
  const match = typeof value === 'string' ? readFacetMatch(value) : null;
  if (match === null) throw new InvalidQueryError(`${name} must be "any" or "all", got "${String(value).slice(0, 100)}"`);
  return match;
}

export function readIntegerArgument(value: IntegerArgument, name: string): number | null {
  if (value === null || value === undefined || value === '') return null;
  const number = typeof value === 'number' ? value : Number(String(value).trim());
  if (!Number.isFinite(number)) throw new InvalidQueryError(`${name} must be a number, got "${String(value)}"`);
  return Math.trunc(number);
}

export function readIdList(value: ListArgument, name: string): number[] {
  return readListArgument(value)
    .filter((raw) => !raw.includes(','))
    .map((raw) => {
      const id = Number(raw);
      if (!Number.isSafeInteger(id)) throw new InvalidQueryError(`${name} must hold record ids, got "${raw}"`);
      return id;
    });
}

// ---- which arguments there are -------------------------------------------------------------------

export interface SearchArgumentDefinition {
  name: string;
  type: string;
  description: string;
}

function typeFor(kind: FacetKind): string {
  return kind === 'boolean' ? 'Boolean' : '[String!]';
}

/** Paging, text and id arguments that are not facets. */
const GENERAL_ARGUMENTS: SearchArgumentDefinition[] = [
  { name: 'q', type: 'String', description: 'Free text.' },
  { name: 'page', type: 'Int', description: 'Page number, from 1.' },
  { name: 'perPage', type: 'Int', description: 'Records per page, at most 100.' },
  { name: 'orderBy', type: 'String', description: '"name,asc", "abbreviation,desc" or "_score,asc" (best match first).' },
  { name: 'searchAnd', type: 'Boolean', description: 'true: every term must match; false: any term.' },
  { name: 'ids', type: '[Int!]', description: 'Only these record ids (a collection).' },
  // An ID, as FAIRsharing's editor sends the record's own (GraphQL) id quoted: excludeId:"4144".
  { name: 'excludeId', type: 'ID', description: 'Leave this record out.' },
  { name: 'exact', type: 'Boolean', description: 'true: the words exactly as typed, without the typo retry.' },
];

/** Document-level yes/no filters that narrow hits and counts but have no facet panel. */
const DOCUMENT_FILTERS = ['isImplemented', 'hasPublication'];

export function searchArgumentDefinitions(): SearchArgumentDefinition[] {
  const definitions = [...GENERAL_ARGUMENTS];
  for (const facet of FACETS) {
    definitions.push({ name: facet.argument, type: typeFor(facet.kind), description: `Facet "${facet.label}" (aggregation key ${facet.key}).` });
    const match = facetMatchArgument(facet);
    if (match) definitions.push({ name: match, type: 'String', description: `How the values of ${facet.argument} combine: "any" (default, records with any of them) or "all" (records with all of them).` });
  }
  for (const name of DOCUMENT_FILTERS) {
    const filter = ADVANCED_SEARCH_FILTERS.find((candidate) => candidate.id === name);
    definitions.push({ name, type: 'Boolean', description: filter?.label ?? name });
  }
  for (const id of METADATA_FILTER_IDS) {
    const filter = ADVANCED_SEARCH_FILTERS.find((candidate) => candidate.id === id);
    definitions.push({ name: id, type: typeFor(filter?.kind ?? 'list'), description: filter?.label ?? id });
  }
  const seen = new Set<string>();
  return definitions.filter((definition) => (seen.has(definition.name) ? false : (seen.add(definition.name), true)));
}

export function argumentList(definitions: SearchArgumentDefinition[]): string {
  return definitions.map((definition) => `    "${definition.description.replace(/"/g, '\\"')}"\n    ${definition.name}: ${definition.type}`).join('\n');
}

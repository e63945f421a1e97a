/**
 * `advancedSearch`: records matching free text (optional) AND a tree of filter rules.
 *
 * `where: { operator, fields: [group, …] }`: the root operator combines groups; a group's
 * operator combines its rules, and also the values inside one rule (the public client sends a
 * rule's values as one array and leaves their combination to the server): `_and` with
 * subjects [a, b] means records with both subjects. The exception is a field a record holds
 * once (registry, type, status, yes/no questions): there several values always mean "any",
 * since "all" could never match. The registry-specific type rules (standardtype, databasetype,
 * policytype, fairassisttype) merge into one `type` rule per group, as the client does.
 * Answers at most ADVANCED_SEARCH_LIMIT records, best match first (name order without text),
 * with the same visibility rules as search.
 */
import { recordVisibilityFilter, type RecordSearchDocument, type Viewer } from '@registry/schemas';
import { advancedSearchFilterById, type AdvancedSearchFilterDefinition } from '@registry/schemas/search/facets.ts';
import type { AdvancedSearchWhere } from '@registry/schemas/search/advanced-search-url.ts';
import { readRecordTypeList, readRegistryList, readStatusList } from './search-arguments.ts';
import { InvalidQueryError } from './search-errors.ts';
import { executeSearch, type SearchBody, type SearchDependencies } from './search-execution.ts';
import { readSortOrder } from './search-records.ts';
import { buildTextQuery, cleanSearchText } from './text-query.ts';

export const ADVANCED_SEARCH_LIMIT = 1_000;

export interface AdvancedSearchArgs {
  q?: string | null;
  where?: AdvancedSearchWhere | null;
}

type Clause = Record<string, unknown>;
type Operator = '_and' | '_or';

function readOperator(raw: unknown, where: string): Operator {
  if (raw === null || raw === undefined || raw === '') return '_and';
  const value = String(raw).trim().toLowerCase();
  if (value === '_and' || value === 'and') return '_and';
  if (value === '_or' || value === 'or') return '_or';
  throw new InvalidQueryError(`${where} operator must be _and or _or, got "${String(raw)}"`);
}

/** Values of one rule as lower-case strings; booleans become "true"/"false". */
function ruleValues(raw: unknown, id: string): string[] {
  if (raw === null || raw === undefined) return [];
  const items = Array.isArray(raw) ? raw : [raw];
  return items.map((item) => {
    if (typeof item === 'boolean' || typeof item === 'number') return String(item);
    if (typeof item === 'string') return item.trim().toLowerCase();
    throw new InvalidQueryError(`values of ${id} must be strings or booleans`);
  }).filter((value) => value !== '');
}

function canonicalValues(filter: AdvancedSearchFilterDefinition, values: string[]): (string | boolean)[] {
  if (filter.kind === 'boolean' && !filter.field.startsWith('attributes.')) {
    return values.map((value) => {
      if (value === 'true') return true;
      if (value === 'false') return false;
      throw new InvalidQueryError(`${filter.id} must be true or false, got "${value}"`);
    });
  }
  if (filter.id === 'registry') return readRegistryList(values);
  if (filter.id === 'status') return readStatusList(values);
  if (filter.id === 'type') return readRecordTypeList(values);
  return values;
}

/** One value against every field the filter may match. */
function valueClause(filter: AdvancedSearchFilterDefinition, value: string | boolean): Clause {
  const fields = [filter.field, ...(filter.alsoMatches ?? [])];
  if (fields.length === 1) return { term: { [filter.field]: value } };
  return { bool: { should: fields.map((field) => ({ term: { [field]: value } })), minimum_should_match: 1 } };
}

function ruleClause(filter: AdvancedSearchFilterDefinition, values: (string | boolean)[], operator: Operator): Clause {
  const clauses = [...new Set(values)].map((value) => valueClause(filter, value));
  if (clauses.length === 1) return clauses[0];
  if (operator === '_and' && !filter.singleValued) return { bool: { filter: clauses } };
  return { bool: { should: clauses, minimum_should_match: 1 } };
}

function groupClause(group: Record<string, unknown>, index: number): Clause | null {
  const operator = readOperator(group.operator, `group ${index + 1}`);
  // Rules by canonical filter id, so the type aliases of one group merge into one `type` rule.
  const rules = new Map<string, { filter: AdvancedSearchFilterDefinition; values: string[] }>();
  for (const [id, raw] of Object.entries(group)) {
    if (id === 'operator') continue;
    const filter = advancedSearchFilterById(id);
    if (!filter) throw new InvalidQueryError(`unknown advanced search filter "${id}"`);
    const values = ruleValues(raw, id);
    if (!values.length) continue;
    const rule = rules.get(filter.id) ?? { filter, values: [] };
    rule.values.push(...values);
    rules.set(filter.id, rule);
  }
  const clauses = [...rules.values()].map(({ filter, values }) => ruleClause(filter, canonicalValues(filter, values), operator));
  if (!clauses.length) return null;
  if (clauses.length === 1) return clauses[0];
  return operator === '_and' ? { bool: { filter: clauses } } : { bool: { should: clauses, minimum_should_match: 1 } };
}

/** The filter clause of a `where` tree, or null when it holds no rule. */
export function buildWhereClause(where: AdvancedSearchWhere | null | undefined): Clause | null {
  if (!where) return null;
  const operator = readOperator(where.operator, 'root');
  if (where.fields !== undefined && where.fields !== null && !Array.isArray(where.fields)) {
    throw new InvalidQueryError('where.fields must be a list of groups');
  }
  const groups = (where.fields ?? [])
    .map((group, index) => {
      if (!group || typeof group !== 'object') throw new InvalidQueryError('each group of where.fields must be an object');
      return groupClause(group as Record<string, unknown>, index);
    })
    .filter((clause): clause is Clause => clause !== null);
  if (!groups.length) return null;
  if (groups.length === 1) return groups[0];
  return operator === '_and' ? { bool: { filter: groups } } : { bool: { should: groups, minimum_should_match: 1 } };
}

/** `typoRetry`: recall by typo matching alone (the search again when the first answer is empty). */
export function buildAdvancedSearchBody(args: AdvancedSearchArgs, viewer: Viewer, typoRetry = false, source?: SourceFilter): SearchBody {
  const raw = args.q ?? '';
  const cleaned = cleanSearchText(raw);
  const where = buildWhereClause(args.where);
  return {
    query: {
      bool: {
        must: cleaned ? [buildTextQuery(raw, cleaned, true, typoRetry ? 'only' : 'no')] : [{ match_all: {} }],
        filter: [...recordVisibilityFilter(viewer), ...(where ? [where] : [])],
      },
    },
    size: ADVANCED_SEARCH_LIMIT,
    ...(source ? { _source: source } : {}),
    sort: readSortOrder(null, cleaned !== ''),
    track_total_hits: false,
  };
}

/** Throws `InvalidQueryError` for unknown filter ids, bad operators or values; the API maps it. */
/** The parts of each document to fetch (`_source`): an answer of a thousand needs only what it shows. */
export interface SourceFilter {
  includes: string[];
  excludes: string[];
}

/**
 * Records fetched per request to OpenSearch. An answer of a thousand is about a megabyte of
 * JSON: read in one piece, decoding it held the event loop 10–15 ms, which every other request
 * waited out (an advanced search looping from one client doubled everyone's search p99). Read
 * in pages of this size, walked with `search_after` (the order ends with the id, a total
 * order), each piece is a fraction of that and other requests run between them.
 */
export const ADVANCED_SEARCH_BATCH = 250;

/** One walk over the matches of `body`, at most ADVANCED_SEARCH_LIMIT, in batches. */
async function fetchInBatches(deps: SearchDependencies, body: SearchBody): Promise<RecordSearchDocument[]> {
  const records: RecordSearchDocument[] = [];
  let searchAfter: unknown[] | undefined;
  while (records.length < ADVANCED_SEARCH_LIMIT) {
    const size = Math.min(ADVANCED_SEARCH_BATCH, ADVANCED_SEARCH_LIMIT - records.length);
    const answer = await executeSearch(deps, { ...body, size, ...(searchAfter ? { search_after: searchAfter } : {}) });
    const hits = answer.hits.hits;
    for (const hit of hits) records.push(hit._source);
    if (hits.length < size) break;
    searchAfter = hits[hits.length - 1].sort;
  }
  return records;
}

/** `source`: the parts of each document to fetch (whole documents without it). */
export async function advancedSearch(deps: SearchDependencies, args: AdvancedSearchArgs, viewer: Viewer, source?: SourceFilter): Promise<RecordSearchDocument[]> {
  const records = await fetchInBatches(deps, buildAdvancedSearchBody(args, viewer, false, source));
  if (records.length || !cleanSearchText(args.q)) return records;
  return fetchInBatches(deps, buildAdvancedSearchBody(args, viewer, true, source));
}

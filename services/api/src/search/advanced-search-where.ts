/**
 * The filter clause of an advanced search's `where` tree: the root operator combines groups; a
 * group's operator combines its rules, and also the values inside one rule (the public client
 * sends a rule's values as one array and leaves their combination to the server): `_and` with
 * subjects [a, b] means records with both subjects. The exception is a field a record holds
 * once (registry, type, status, yes/no questions): there several values always mean "any",
 * since "all" could never match. The registry-specific type rules (standardtype, databasetype,
 * policytype, fairassisttype) merge into one `type` rule per group, as the client does.
 * `advancedSearch` filters by it, and so do the search, facet-value and download queries given
 * a `where` (the advanced search page's sort, facets and download). A `where` larger than
 * ADVANCED_SEARCH_BOUNDS, an unknown filter id, a bad operator or value throws InvalidQueryError.
 */
import { advancedSearchFilterById, type AdvancedSearchFilterDefinition } from '@registry/schemas/search/facets.ts';
import { ADVANCED_SEARCH_BOUNDS } from '@registry/schemas/search/advanced-search-url.ts';
import { readRecordTypeList, readRegistryList, readStatusList } from './search-arguments.ts';
import { InvalidQueryError } from './search-errors.ts';

/** A `where` as it arrives (GraphQL's AdvancedSearchInput, or one built from the URL form): read and checked here. */
export interface AdvancedSearchWhereInput {
  operator?: string | null;
  fields?: readonly unknown[] | null;
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
  if (items.length > ADVANCED_SEARCH_BOUNDS.valuesPerRule) throw new InvalidQueryError(`${id} has ${items.length} values; at most ${ADVANCED_SEARCH_BOUNDS.valuesPerRule}`);
  return items.map((item) => {
    if (typeof item === 'boolean' || typeof item === 'number') return String(item);
    if (typeof item === 'string') {
      if (item.length > ADVANCED_SEARCH_BOUNDS.valueLength) throw new InvalidQueryError(`a value of ${id} is longer than ${ADVANCED_SEARCH_BOUNDS.valueLength} characters`);
      return item.trim().toLowerCase();
    }
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
  const ruleCount = Object.keys(group).filter((id) => id !== 'operator').length;
  if (ruleCount > ADVANCED_SEARCH_BOUNDS.rulesPerGroup) throw new InvalidQueryError(`group ${index + 1} has ${ruleCount} rules; at most ${ADVANCED_SEARCH_BOUNDS.rulesPerGroup}`);
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
export function buildWhereClause(where: AdvancedSearchWhereInput | null | undefined): Clause | null {
  if (!where) return null;
  const operator = readOperator(where.operator, 'root');
  if (where.fields !== undefined && where.fields !== null && !Array.isArray(where.fields)) {
    throw new InvalidQueryError('where.fields must be a list of groups');
  }
  const groupCount = where.fields?.length ?? 0;
  if (groupCount > ADVANCED_SEARCH_BOUNDS.groups) throw new InvalidQueryError(`where has ${groupCount} groups; at most ${ADVANCED_SEARCH_BOUNDS.groups}`);
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


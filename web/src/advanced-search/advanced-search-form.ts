/**
 * The dialog's form values and their two outward forms: the result URL
 * (`/advancedsearch?q=…&operator=_and&fields=(operator=_and&identifier=v1+v2)`) and the
 * `advancedSearch(q, where)` query. Pure, so both directions are unit-tested.
 */
import {
  formatAdvancedSearchUrl,
  parseAdvancedSearchUrl,
  toAdvancedSearchOperator,
  type AdvancedSearchGroup,
  type AdvancedSearchOperator,
  type AdvancedSearchWhere,
} from '@registry/schemas/search/advanced-search-url.ts';
import { advancedSearchFilterById } from '@registry/schemas/search/facets.ts';
import { fragmentSelection, graphqlArguments, type GraphqlLiteral } from '@registry/schemas/search/client/graphql-literals.ts';
import { ruleValueKind, TYPE_RULE_REGISTRY } from './advanced-search-filters.ts';

export const ADVANCED_SEARCH_PATH = '/advancedsearch';

export interface RuleValues {
  /** "" until the user picks a filter. */
  identifier: string;
  /** Lists for value rules, a boolean for yes/no rules. */
  value: string[] | boolean;
}

export interface GroupValues {
  operator: AdvancedSearchOperator;
  rules: RuleValues[];
}

export interface AdvancedSearchFormValues {
  q: string;
  operator: AdvancedSearchOperator;
  groups: GroupValues[];
}

/** SPEC §9: root operator _and with one empty group. */
export function emptyAdvancedSearchForm(): AdvancedSearchFormValues {
  return { q: '', operator: '_and', groups: [{ operator: '_and', rules: [] }] };
}

export function emptyRule(): RuleValues {
  return { identifier: '', value: [] };
}

/** The value a rule starts with when its filter is chosen: toggles start at "yes". */
export function initialRuleValue(identifier: string): string[] | boolean {
  return ruleValueKind(identifier) === 'boolean' ? true : [];
}

export function isRuleFilled(rule: RuleValues): boolean {
  if (rule.identifier === '') return false;
  if (typeof rule.value === 'boolean') return true;
  return rule.value.some((value) => value.trim() !== '');
}

/** Proceed is allowed when every rule is filled and there is something to search for. */
export function canProceed(values: AdvancedSearchFormValues): boolean {
  const rules = values.groups.flatMap((group) => group.rules);
  if (!rules.every(isRuleFilled)) return false;
  return rules.length > 0 || values.q.trim() !== '';
}

/** The `where` in the URL's terms (the dialog's identifiers, groups without rules dropped). */
export function formToWhere(values: AdvancedSearchFormValues): AdvancedSearchWhere {
  const fields = values.groups
    .filter((group) => group.rules.length > 0)
    .map((group) => {
      const entry: AdvancedSearchGroup = { operator: group.operator };
      for (const rule of group.rules) {
        if (!isRuleFilled(rule)) continue;
        const previous = entry[rule.identifier];
        if (typeof rule.value === 'boolean') entry[rule.identifier] = rule.value;
        else entry[rule.identifier] = Array.isArray(previous) ? [...new Set([...previous, ...rule.value])] : [...rule.value];
      }
      return entry;
    });
  return { operator: values.operator, fields };
}

export function whereToForm(q: string | undefined, where: AdvancedSearchWhere): AdvancedSearchFormValues {
  const groups: GroupValues[] = where.fields.map((group) => ({
    operator: toAdvancedSearchOperator(group.operator),
    rules: Object.entries(group)
      .filter(([identifier]) => identifier !== 'operator')
      .map(([identifier, value]) => {
        if (typeof value === 'boolean') {
          // A yes/no attribute held as text reads back as a list value.
          return { identifier, value: ruleValueKind(identifier) === 'boolean' ? value : [String(value)] };
        }
        return { identifier, value: Array.isArray(value) ? value : [value] };
      }),
  }));
  return { q: q ?? '', operator: where.operator, groups: groups.length > 0 ? groups : [{ operator: '_and', rules: [] }] };
}

export function advancedSearchLocation(values: AdvancedSearchFormValues): string {
  const formatted = formatAdvancedSearchUrl({ q: values.q, where: formToWhere(values) });
  const params = new URLSearchParams();
  if (formatted.q) params.set('q', formatted.q);
  params.set('operator', formatted.operator);
  for (const group of formatted.fields) params.append('fields', group);
  return `${ADVANCED_SEARCH_PATH}?${params.toString()}`;
}

export function parseAdvancedSearchLocation(search: string): { q?: string; where: AdvancedSearchWhere } {
  const params = new URLSearchParams(search);
  return parseAdvancedSearchUrl({
    q: params.get('q') ?? undefined,
    operator: params.get('operator') ?? undefined,
    fields: params.getAll('fields'),
  });
}

export function hasAdvancedSearch(search: string): boolean {
  const params = new URLSearchParams(search);
  return params.has('fields') || (params.get('q') ?? '').trim() !== '';
}

/**
 * The API's `where`: registry-specific type rules merged into one lower-case `type` list,
 * yes/no attributes that are text in the index sent as text, true toggles as booleans.
 */
export function apiWhere(where: AdvancedSearchWhere): GraphqlLiteral {
  return {
    operator: where.operator,
    fields: where.fields.map((group) => {
      const entry: Record<string, GraphqlLiteral> = { operator: group.operator };
      const types: string[] = [];
      for (const [identifier, value] of Object.entries(group)) {
        if (identifier === 'operator') continue;
        const values = typeof value === 'boolean' ? [String(value)] : Array.isArray(value) ? value : [value];
        if (identifier in TYPE_RULE_REGISTRY || identifier.toLowerCase() === 'type') {
          types.push(...values.map((item) => item.toLowerCase()));
        } else if (advancedSearchFilterById(identifier)?.kind === 'boolean') {
          entry[identifier] = typeof value === 'boolean' ? value : values[0]?.toLowerCase() === 'true';
        } else {
          entry[identifier] = values;
        }
      }
      if (types.length > 0) entry.type = [...new Set(types)];
      return entry;
    }),
  };
}

/**
 * The fields of an advanced search's result rows. Their answer type is generated from this fragment
 * and the API's schema (`npm run codegen`: advanced-search-form.generated.ts); the query sends the
 * selection inline.
 */
export const ADVANCED_SEARCH_RESULT_FRAGMENT = /* GraphQL */ `
  fragment AdvancedSearchResult on SearchRecord {
    id type name description registry status abbreviation doi homepage subjects{id label} domains{id label} taxonomies{id label}
  }
`;

const ADVANCED_SEARCH_RESULT_FIELDS = fragmentSelection(ADVANCED_SEARCH_RESULT_FRAGMENT);

export function buildAdvancedSearchQuery(parsed: { q?: string; where: AdvancedSearchWhere }): string {
  const args = graphqlArguments({ q: parsed.q || undefined, where: apiWhere(parsed.where) });
  return `{advancedSearch${args}{${ADVANCED_SEARCH_RESULT_FIELDS}}}`;
}

/**
 * The dialog's form values and their two outward forms: the result URL
 * (`/advancedsearch?q=…&operator=_and&fields=(operator=_and&identifier=v1+v2)`) and the
 * search state's `where` (the result page searches with it: search-query.ts). Pure, so both
 * directions are unit-tested.
 */
import {
  formatAdvancedSearchUrl,
  parseAdvancedSearchUrl,
  toAdvancedSearchOperator,
  type AdvancedSearchGroup,
  type AdvancedSearchOperator,
  type AdvancedSearchWhere,
} from '@registry/schemas/search/advanced-search-url.ts';
import { ruleValueKind } from './advanced-search-filters.ts';

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

import { describe, expect, it } from 'vitest';
import {
  advancedSearchLocation,
  canProceed,
  emptyAdvancedSearchForm,
  parseAdvancedSearchLocation,
  whereToForm,
  type AdvancedSearchFormValues,
} from './advanced-search-form.ts';
import { ruleValueKind } from './advanced-search-filters.ts';
import { graphqlArguments } from '@registry/schemas/search/client/graphql-literals.ts';
import { advancedWhereArgument, searchArguments } from '@registry/schemas/search/client/search-query.ts';
import { DEFAULT_SEARCH_STATE, searchStateToUrl, urlToSearchState } from '@registry/schemas/search/client/search-state.ts';

const filled: AdvancedSearchFormValues = {
  q: 'genome',
  operator: '_and',
  groups: [
    {
      operator: '_or',
      rules: [
        { identifier: 'subjects', value: ['genomics', 'proteomics'] },
        { identifier: 'isImplemented', value: true },
      ],
    },
    { operator: '_and', rules: [{ identifier: 'standardtype', value: ['Model_and_format'] }] },
  ],
};

describe('canProceed', () => {
  it('is off for the empty dialog and for any rule without a value', () => {
    expect(canProceed(emptyAdvancedSearchForm())).toBe(false);
    expect(canProceed({ ...emptyAdvancedSearchForm(), groups: [{ operator: '_and', rules: [{ identifier: 'registry', value: [] }] }] })).toBe(false);
    expect(canProceed({ ...emptyAdvancedSearchForm(), groups: [{ operator: '_and', rules: [{ identifier: '', value: [] }] }] })).toBe(false);
  });

  it('counts a boolean as filled, and text alone is enough', () => {
    expect(canProceed({ ...emptyAdvancedSearchForm(), groups: [{ operator: '_and', rules: [{ identifier: 'hasPublication', value: false }] }] })).toBe(true);
    expect(canProceed({ ...emptyAdvancedSearchForm(), q: 'x' })).toBe(true);
    expect(canProceed(filled)).toBe(true);
  });
});

describe('URL form', () => {
  it('writes the public client form and reads it back', () => {
    const location = advancedSearchLocation(filled);
    const search = location.split('?')[1];
    const params = new URLSearchParams(search);
    expect(location.startsWith('/advancedsearch?')).toBe(true);
    expect(params.get('q')).toBe('genome');
    expect(params.get('operator')).toBe('_and');
    expect(params.getAll('fields')).toEqual([
      '(operator=_or&subjects=genomics+proteomics&isImplemented=true)',
      '(operator=_and&standardtype=Model_and_format)',
    ]);
    const parsed = parseAdvancedSearchLocation(search);
    expect(whereToForm(parsed.q, parsed.where)).toEqual(filled);
  });
});

describe('the where the result page searches with', () => {
  it('merges the registry-specific type rules into a lower-case type list', () => {
    const where = parseAdvancedSearchLocation(advancedSearchLocation(filled).split('?')[1]).where;
    expect(advancedWhereArgument(where)).toEqual({
      operator: '_and',
      fields: [
        { operator: '_or', subjects: ['genomics', 'proteomics'], isImplemented: true },
        { operator: '_and', type: ['model_and_format'] },
      ],
    });
  });

  it('writes operators as quoted strings and booleans bare', () => {
    const args = searchArguments({ ...DEFAULT_SEARCH_STATE, q: 'a "b"', where: { operator: '_or', fields: [{ operator: '_and', hasPublication: true, dataCitation: true }] } });
    expect(graphqlArguments({ where: args.where })).toBe('(where:{operator:"_or",fields:[{operator:"_and",hasPublication:true,dataCitation:["true"]}]})');
  });

  it('keeps the rules in the search state beside sort, paging and facets, and writes the URL back unchanged', () => {
    const search = `${advancedSearchLocation(filled).split('?')[1]}&subjects=genomics&orderBy=name%2Cdesc&page=2`;
    const state = urlToSearchState(new URLSearchParams(search));
    expect(state).toMatchObject({ q: 'genome', orderBy: 'name,desc', page: 2, filters: { subjects: ['genomics'] } });
    expect(state.where?.fields).toHaveLength(2);
    expect(searchStateToUrl(state).toString()).toBe(search);
  });
});

describe('ruleValueKind', () => {
  it('knows each kind of rule', () => {
    expect(ruleValueKind('subjects')).toBe('vocabulary');
    expect(ruleValueKind('policytype')).toBe('recordType');
    expect(ruleValueKind('dataAccessCondition')).toBe('fixed');
    expect(ruleValueKind('isImplemented')).toBe('boolean');
    expect(ruleValueKind('monitoringOfCompliance')).toBe('boolean');
  });
});

import { describe, expect, it } from 'vitest';
import {
  DEFAULT_SEARCH_STATE,
  facetMatchOf,
  searchStateToUrl,
  toggleFilterValue,
  urlToSearchState,
  withFacetMatch,
  withPreset,
  withText,
} from './search-state.ts';

const parse = (query: string) => urlToSearchState(new URLSearchParams(query));

describe('urlToSearchState', () => {
  it('gives the defaults for an empty query', () => {
    expect(parse('')).toEqual(DEFAULT_SEARCH_STATE);
  });

  it('reads text, paging, order, match mode and filters', () => {
    expect(parse('q=gene&page=3&perPage=50&orderBy=name,asc&searchAnd=false&exact=true&subjects=genomics,proteomics&isRecommended=true')).toEqual({
      q: 'gene',
      page: 3,
      perPage: 50,
      orderBy: 'name,asc',
      searchAnd: false,
      exact: true,
      filters: { subjects: ['genomics', 'proteomics'], isRecommended: ['true'] },
      matchAll: [],
    });
  });

  it('reads which facets match all their values: "all" in any case; "any", nonsense and single-valued facets are not kept', () => {
    const state = parse('subjects=genomics,proteomics&subjectsMatch=ALL&domainsMatch=any&licencesMatch=both&fairsharingRegistryMatch=all&taxonomiesMatch=all');
    expect(state.matchAll).toEqual(['subjects', 'taxonomies']);
    // A match parameter is never a filter; a parameter the facets do not know stays one (the query drops it).
    expect(state.filters).toEqual({ subjects: ['genomics', 'proteomics'], fairsharingRegistryMatch: ['all'] });
    expect(facetMatchOf(state, 'subjects')).toBe('all');
    expect(facetMatchOf(state, 'domains')).toBe('any');
  });

  it('merges repeated parameters, drops blanks and duplicates', () => {
    expect(parse('countries=France&countries=Spain,France&domains=').filters).toEqual({ countries: ['France', 'Spain'] });
  });

  it('searches new text with the typo retry again', () => {
    expect(withText(parse('q=protien&exact=true'), 'protein').exact).toBe(false);
    expect(searchStateToUrl(parse('q=protien&exact=true')).toString()).toBe('q=protien&exact=true');
  });

  it('falls back to defaults on nonsense numbers', () => {
    const state = parse('page=-2&perPage=abc');
    expect(state.page).toBe(1);
    expect(state.perPage).toBe(20);
    expect(parse('perPage=5000').perPage).toBe(100);
  });
});

describe('searchStateToUrl', () => {
  it('leaves defaults out', () => {
    expect(searchStateToUrl(DEFAULT_SEARCH_STATE).toString()).toBe('');
  });

  it('writes a stable order and round-trips', () => {
    const query = 'q=gene&status=ready&subjects=genomics%2Cproteomics&searchAnd=false&orderBy=name%2Casc&page=2&perPage=50';
    const state = parse(query);
    expect(searchStateToUrl(state).toString()).toBe(query);
    expect(urlToSearchState(searchStateToUrl(state))).toEqual(state);
  });
});

describe('facet match in the URL', () => {
  it('writes "all" beside its facet, leaves "any" out, and round-trips', () => {
    const state = withFacetMatch(parse('subjects=genomics,proteomics&page=3'), 'subjects', 'all');
    expect(state.page).toBe(1);
    expect(searchStateToUrl(state).toString()).toBe('subjects=genomics%2Cproteomics&subjectsMatch=all');
    expect(urlToSearchState(searchStateToUrl(state))).toEqual(state);
    expect(searchStateToUrl(withFacetMatch(state, 'subjects', 'any')).toString()).toBe('subjects=genomics%2Cproteomics');
    expect(searchStateToUrl(parse('subjectsMatch=any&domains=x')).toString()).toBe('domains=x');
  });
});

describe('state changes', () => {
  it('toggling a filter value resets the page and removes empty filters', () => {
    const onPage3 = parse('page=3&subjects=genomics');
    const added = toggleFilterValue(onPage3, 'subjects', 'proteomics');
    expect(added.page).toBe(1);
    expect(added.filters.subjects).toEqual(['genomics', 'proteomics']);
    const removed = toggleFilterValue(parse('subjects=Genomics'), 'subjects', 'genomics');
    expect(removed.filters).toEqual({});
  });

  it('changing the text resets the page', () => {
    expect(withText(parse('page=4'), 'x').page).toBe(1);
  });

  it('a registry in the URL wins over the listing page preset', () => {
    expect(withPreset(parse(''), { fairsharingRegistry: ['standard'] }).filters).toEqual({ fairsharingRegistry: ['standard'] });
    expect(withPreset(parse('fairsharingRegistry=policy'), { fairsharingRegistry: ['standard'] }).filters).toEqual({
      fairsharingRegistry: ['policy'],
    });
  });
});

import { describe, expect, it } from 'vitest';
import { buildFacetValuesQuery, buildSearchRecordsQuery, facetMatchArguments, searchArguments, searchFilterArguments } from './search-query.ts';
import { urlToSearchState } from './search-state.ts';

const state = (query: string) => urlToSearchState(new URLSearchParams(query));

describe('searchArguments', () => {
  it('sends paging and match mode always, text and order only when set', () => {
    expect(searchArguments(state(''))).toEqual({
      q: undefined,
      page: 1,
      perPage: 20,
      orderBy: undefined,
      searchAnd: true,
      ids: undefined,
      excludeId: undefined,
    });
  });

  it('types facets: booleans unquoted, lists as strings, unknown filters dropped', () => {
    const args = searchArguments(state('isRecommended=true&isMaintained=true,false&subjects=genomics&bogus=1'));
    expect(args.isRecommended).toBe(true);
    expect(args).not.toHaveProperty('isMaintained');
    expect(args.subjects).toEqual(['genomics']);
    expect(args).not.toHaveProperty('bogus');
  });

  it('types filters by the API introspection when the app has it, and writes the same query as the registry would', () => {
    const types = { isRecommended: 'Boolean', subjects: '[String]', status: 'String', minYear: 'Int' };
    expect(searchFilterArguments({ isRecommended: ['true'], subjects: ['genomics'], status: ['ready', 'deprecated'], minYear: ['2001'], fairsharingRegistry: ['standard'] }, types))
      .toEqual({ isRecommended: true, subjects: ['genomics'], status: 'ready,deprecated', minYear: 2001 });
    const filters = { isRecommended: ['true'], subjects: ['genomics'] };
    const introspected = { isRecommended: 'Boolean', subjects: '[String]' };
    expect(buildSearchRecordsQuery({ ...state(''), filters }, { argumentTypes: introspected })).toEqual(buildSearchRecordsQuery({ ...state(''), filters }));
  });
});

describe('facetMatchArguments', () => {
  it('sends "all" for a facet with values whose values must all match, if the API declares the argument', () => {
    expect(searchArguments(state('subjects=genomics,proteomics&subjectsMatch=all')).subjectsMatch).toBe('all');
    expect(facetMatchArguments(state('subjects=genomics&subjectsMatch=any'))).toEqual({});
    // Without values "all" changes nothing: the request stays the same.
    expect(facetMatchArguments(state('domainsMatch=all&subjects=genomics'))).toEqual({});
    expect(facetMatchArguments(state('subjects=genomics&subjectsMatch=all'), { subjects: '[String]' })).toEqual({});
    expect(facetMatchArguments(state('subjects=genomics&subjectsMatch=all'), { subjects: '[String]', subjectsMatch: 'String' })).toEqual({ subjectsMatch: 'all' });
  });

  it('is a string variable, and a facet-values request carries it too', () => {
    const request = buildSearchRecordsQuery(state('subjects=genomics,proteomics&subjectsMatch=all'));
    expect(request.query).toContain('$subjectsMatch:String');
    expect(request.variables).toMatchObject({ subjects: ['genomics', 'proteomics'], subjectsMatch: 'all' });
    expect(buildFacetValuesQuery(state('subjects=genomics&subjectsMatch=all'), 'subjects', { size: 1000 })).toContain('subjectsMatch:"all"');
  });
});

describe('buildSearchRecordsQuery', () => {
  it('sends the values as typed variables, perPage inline', () => {
    const request = buildSearchRecordsQuery(state('q=say "hi"&page=2&searchAnd=false&fairsharingRegistry=standard&isRecommended=false'), {
      ids: [1, 2],
    });
    expect(request.query).toContain(
      'query Search($q:String,$page:Int,$searchAnd:Boolean,$fairsharingRegistry:[String!],$isRecommended:Boolean,$ids:[Int!])',
    );
    expect(request.query).toContain(
      'searchFairsharingRecords(q:$q,page:$page,perPage:20,searchAnd:$searchAnd,fairsharingRegistry:$fairsharingRegistry,isRecommended:$isRecommended,ids:$ids)',
    );
    expect(request.query).toContain('{...SearchAnswer records{...SearchResultFields ...SearchHighlight}}}');
    expect(request.query).toContain('fragment SearchAnswer on SearchResult { facets { key values { value count } otherCount } currentPage');
    expect(request.query).toContain('fragment SearchHighlight on SearchRecord');
    expect(request.variables).toEqual({ q: 'say "hi"', page: 2, searchAnd: false, fairsharingRegistry: ['standard'], isRecommended: false, ids: [1, 2] });
  });

  it('sends the highlight fragment only with search text (an unused fragment would be refused)', () => {
    const request = buildSearchRecordsQuery(state('page=2'));
    expect(request.query).toContain('records{...SearchResultFields}}}');
    expect(request.query).not.toContain('SearchHighlight');
  });

  it('keeps one document for searches that differ only in their values', () => {
    const first = buildSearchRecordsQuery(state('q=gene&page=2&subjects=genomics'));
    const second = buildSearchRecordsQuery(state('q=protein&page=7&subjects=medicine,zoology'));
    expect(second.query).toBe(first.query);
    expect(second.variables).not.toEqual(first.variables);
  });
});

describe('buildFacetValuesQuery', () => {
  it('asks for one facet under the search, without paging or order', () => {
    expect(buildFacetValuesQuery(state('q=gene&page=3&orderBy=name,asc&fairsharingRegistry=standard'), 'subjects', { contains: 'med', size: 1000 })).toBe(
      '{searchFacetValues(q:"gene",searchAnd:true,fairsharingRegistry:["standard"],facet:"subjects",contains:"med",size:1000){...FacetValuesAnswer}} fragment FacetValuesAnswer on FacetValues { values { value count } otherCount }',
    );
  });
});

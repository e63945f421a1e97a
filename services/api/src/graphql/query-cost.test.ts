import { describe, expect, it } from 'vitest';
import type { OperationDefinitionNode } from 'graphql';
import { graphqlRuntime } from '../kernel/graphql-runtime.ts';
import { graphqlSchemaSdl } from './schema-sdl.ts';
import { aliasedQuery, doublingFragmentsQuery as doublingFragments } from '../../../../tests/graphql/abusive-queries.ts';
import { ADVANCED_SEARCH_LIMIT } from '../search/advanced-search.ts';
import { DEFAULT_LIST_SIZE, FALLBACK_TABLE_ROWS, operationCost, queryLimitsRule, type QueryLimits } from './query-cost.ts';
import type { ListSizes } from '../kernel/list-sizes.ts';

const { buildSchema, parse, validate, specifiedRules } = graphqlRuntime;
const schema = buildSchema(graphqlSchemaSdl());
const sizes: ListSizes = { records: 3_270, registries: 4, subjectTreeNodes: 2_000, vocabularyNodes: 3_000, tableRows: { subjects: 800, users: 2_000 } };
const limits: QueryLimits = { maxCost: 50_000, maxRootFields: 5, depthLimit: 12, listSizes: () => sizes };

function costOf(query: string, listSizes = sizes): number | null {
  const document = parse(query);
  const operation = document.definitions.find((definition): definition is OperationDefinitionNode => definition.kind === 'OperationDefinition')!;
  return operationCost(schema, document, operation, listSizes);
}

function errorsOf(query: string, queryLimits = limits): { message: string; code: unknown }[] {
  return validate(schema, parse(query), [...specifiedRules, queryLimitsRule(queryLimits)]).map((error) => ({ message: error.message, code: error.extensions.code }));
}

describe('operationCost', () => {
  it('charges a fragment as often as it is spread, measuring it once', () => {
    // F0 costs 1; Fn costs 2·F(n-1) + 1, so F(n) = 2^(n+1) - 1, plus 1 for the root field.
    expect(costOf(doublingFragments(10))).toBe(2 ** 11 - 1 + 1);
    expect(costOf(doublingFragments(60))).toBe(2 ** 61);
  });

  it('charges a search page its perPage, the default page when none is given, and the cap for a variable', () => {
    const page = (args: string) => costOf(`query($n: Int) { searchFairsharingRecords${args} { records { id } } }`)! - 2;
    expect(page('(perPage: 7)')).toBe(7);
    expect(page('')).toBe(30);
    expect(page('(perPage: 1000)')).toBe(100);
    expect(page('(perPage: $n)')).toBe(100);
  });

  it('charges a top-N list its size, the default estimate when none is given, and the cap for a variable', () => {
    const buckets = (args: string) => costOf(`query($n: Int) { recordAggregations${args} { buckets { key count } } }`)! - 2;
    expect(buckets('(by: ["status"], size: 4)')).toBe(4 * 2);
    expect(buckets('(by: ["status"])')).toBe(DEFAULT_LIST_SIZE * 2);
    expect(buckets('(by: ["status"], size: $n)')).toBe(100 * 2);
  });

  it('charges the lists that are not paged at their real size', () => {
    expect(costOf('{ allFairsharingRecords { id name } }')).toBe(1 + 3_270 * 2);
    expect(costOf('{ downloadSearchResults(perPage: 1) { fileData } }')).toBe(1 + 3_270);
    expect(costOf('{ browseSubjects { data } }')).toBe(1 + 2_000 * 10);
    expect(costOf('{ browseVocabulary(id: "domain") { id data } }')).toBe(1 + 1 + 3_000 * 10);
    expect(costOf('{ fairsharingRegistries { records { fairsharingRecords { id } } } }')).toBe(1 + 1 + 4 * (1 + 3_270));
    expect(costOf('{ fairsharingRecord(id: 2) { schemaOrg } }')).toBe(1 + 100);
    // Introspection is charged from the schema: every type, fields at their average count.
    const typeCount = Object.keys(schema.getTypeMap()).length;
    expect(costOf('{ __schema { types { name } } }')).toBe(1 + 1 + typeCount);
    expect(costOf('{ __schema { types { fields { name } } } }')).toBeGreaterThan(typeCount * 2);
  });

  it('charges the advanced search its largest answer, whatever the filter', () => {
    expect(costOf('{ advancedSearch(q: "zzz") { id name } }')).toBe(1 + ADVANCED_SEARCH_LIMIT * 2);
  });

  it('charges a vocabulary list every row of its tables, with or without q, and a table not counted yet its fallback', () => {
    expect(costOf('{ searchSubjects { id label } }')).toBe(1 + 800 * 2);
    expect(costOf('{ searchSubjects(q: "gene") { id label } }')).toBe(1 + 800 * 2);
    expect(costOf('{ allUsers { id } }')).toBe(1 + 2_000);
    expect(costOf('{ searchGrants { id name } }')).toBe(1 + FALLBACK_TABLE_ROWS * 2);
    expect(costOf('{ searchTags { id } }', { ...sizes, tableRows: { subjects: 1, domains: 2, taxonomies: 3, object_types: 4, user_defined_tags: 5 } })).toBe(1 + 15);
    expect(costOf('{ objectTypes { records { id label } } }', { ...sizes, tableRows: { object_types: 40 } })).toBe(1 + 1 + 40 * 2);
  });

  it('refuses aliases of the advanced search and of vocabulary lists, and two of them together', () => {
    expect(errorsOf(aliasedQuery('advancedSearch { id }', 5))).toEqual([{ message: 'advancedSearch is not paged, so a query may ask for it only once; this one asks 5 times', code: 'UNPAGED_FIELD_REPEATED' }]);
    expect(errorsOf(aliasedQuery('searchPublications(q: "a") { id }', 2))[0].code).toBe('UNPAGED_FIELD_REPEATED');
    expect(errorsOf('{ advancedSearch { id } searchSubjects { id } }')[0].code).toBe('UNPAGED_FIELDS_COMBINED');
  });

  it('charges other relation lists an estimate, and follows the counted sizes', () => {
    expect(costOf('{ fairsharingRecord(id: 2) { subjects { id } } }')).toBe(1 + 1 + DEFAULT_LIST_SIZE);
    expect(costOf('{ allFairsharingRecords { id } }', { ...sizes, records: 10 })).toBe(11);
  });

  it('stops as soon as the running cost passes the limit', () => {
    const document = parse(doublingFragments(45));
    const operation = document.definitions[0] as OperationDefinitionNode;
    expect(operationCost(schema, document, operation, sizes, 50_000)).toBeNull();
    expect(operationCost(schema, document, operation, sizes)).toBe(2 ** 46);
  });
});

describe('queryLimitsRule', () => {
  it('accepts a query within the limits', () => {
    expect(errorsOf('{ a: fairsharingRecord(id: 2) { id } b: searchFairsharingRecords { totalCount } c: messages { id } }')).toEqual([]);
  });

  it('refuses the doubling-fragment query by its cost, whatever its depth of fragments', () => {
    for (const levels of [26, 45]) {
      expect(errorsOf(doublingFragments(levels))).toEqual([{ message: expect.stringMatching(/^query is too expensive: .* limit of 50000/), code: 'QUERY_TOO_EXPENSIVE' }]);
    }
  });

  it('allows each unpaged field once, counting aliases and repeated fragment spreads', () => {
    const aliased = aliasedQuery('downloadSearchResults { fileData }', 48);
    expect(errorsOf(aliased)).toEqual([{ message: 'downloadSearchResults is not paged, so a query may ask for it only once; this one asks 48 times', code: 'UNPAGED_FIELD_REPEATED' }]);
    const throughFragments = '{ a: fairsharingRegistry(id: 1) { ...R } b: fairsharingRegistry(id: 2) { ...R } } fragment R on Registry { fairsharingRecords { id } }';
    expect(errorsOf(throughFragments)[0]).toMatchObject({ message: expect.stringMatching(/^Registry\.fairsharingRecords is not paged.* 2 times$/) });
    for (const field of ['allFairsharingRecords { id }', 'browseSubjects { data }', 'browseVocabulary(id: "domain") { data }', '__schema { queryType { name } }', '__type(name: "Query") { name }']) {
      expect(errorsOf(`{ a: ${field} b: ${field} }`)[0]?.code, field).toBe('UNPAGED_FIELD_REPEATED');
      expect(errorsOf(`{ ${field} }`), field).toEqual([]);
    }
  });

  it('allows one unpaged field per query', () => {
    expect(errorsOf('{ allFairsharingRecords { id } browseSubjects { data } }')).toEqual([
      { message: 'allFairsharingRecords, browseSubjects are not paged, so a query may ask for only one of them; send separate queries', code: 'UNPAGED_FIELDS_COMBINED' },
    ]);
    expect(errorsOf('{ downloadSearchResults { fileData } fairsharingRegistry(id: 1) { fairsharingRecords { id } } }')[0]?.code).toBe('UNPAGED_FIELDS_COMBINED');
    expect(errorsOf('{ allFairsharingRecords { id } searchFairsharingRecords { totalCount } messages { id } }')).toEqual([]);
  });

  it('allows a few root fields, counting aliases and fragments but not __typename', () => {
    expect(errorsOf(aliasedQuery('messages { id } __typename', 5))).toEqual([]);
    expect(errorsOf(aliasedQuery('messages { id }', 6))).toEqual([{ message: expect.stringMatching(/^a query may ask for at most 5 root fields \(aliases count\); this one asks for 6/), code: 'TOO_MANY_ROOT_FIELDS' }]);
    expect(errorsOf('{ ...M ...M } fragment M on Query { a: messages { id } b: messages { id } c: messages { id } }')[0]?.code).toBe('TOO_MANY_ROOT_FIELDS');
  });

  it('leaves a query deeper than the depth limit to the depth check', () => {
    expect(errorsOf(doublingFragments(26), { ...limits, depthLimit: 1 })).toEqual([]);
    const nested = `{ fairsharingRecord(id: 2) { ${'recordAssociations { linkedRecord { '.repeat(700)}id${' } }'.repeat(700)} } }`;
    expect(errorsOf(nested).map((error) => error.code)).toEqual([]);
  });

  it('refuses a chain of fragments deeper than it measures', () => {
    const chain = ['fragment C0 on Query { __typename }'];
    for (let level = 1; level <= 3_000; level += 1) chain.push(`fragment C${level} on Query { ...C${level - 1} }`);
    expect(errorsOf(`{ ...C3000 } ${chain.join(' ')}`)).toEqual([{ message: 'fragments spread fragments more than 50 deep; spread fewer levels of fragments', code: 'FRAGMENTS_TOO_DEEP' }]);
  });

  it('reports after the standard rules have seen the whole document', () => {
    const errors = errorsOf(`${aliasedQuery('messages { id }', 6).slice(0, -1)} last: messages { noSuchField } }`);
    expect(errors.map((error) => error.code)).toEqual([undefined, 'TOO_MANY_ROOT_FIELDS']);
    expect(errors[0].message).toMatch(/Cannot query field "noSuchField"/);
  });

  it('leaves unknown fragments and fragment cycles to the standard rules', () => {
    const codes = (query: string) => errorsOf(query).map((error) => error.code);
    expect(codes('{ fairsharingRecord(id: 2) { ...Missing } }')).toEqual([undefined]);
    expect(codes('{ fairsharingRecord(id: 2) { ...A } } fragment A on FairsharingRecord { ...B } fragment B on FairsharingRecord { ...A }')).toEqual([undefined]);
  });
});

/** Cost estimates of the public client's heaviest queries stay well under the limit. */
import { describe, expect, it } from 'vitest';
import type { OperationDefinitionNode } from 'graphql';
import { graphqlRuntime } from '@registry/api/graphql/graphql-runtime.ts';
import { graphqlSchemaSdl } from '@registry/api/graphql/plugin.ts';
import { estimateSelectionCost, MAX_QUERY_COST } from '@registry/api/graphql/query-cost.ts';
import { CURATION_SUMMARY_QUERY, INTROSPECTION_QUERY, recordPageQuery, searchQuery, userMetaQuery } from './client-queries.ts';

const schema = graphqlRuntime.buildSchema(graphqlSchemaSdl());

function costOf(query: string): number {
  const document = graphqlRuntime.parse(query);
  expect(graphqlRuntime.validate(schema, document)).toEqual([]);
  const operation = document.definitions.find((definition): definition is OperationDefinitionNode => definition.kind === 'OperationDefinition')!;
  const fragments = new Map(
    document.definitions.flatMap((definition) => (definition.kind === 'FragmentDefinition' ? [[definition.name.value, definition] as const] : [])),
  );
  return estimateSelectionCost(operation.selectionSet, schema.getQueryType()!, { fragments, visitedFragments: new Set(), maxDepth: 0 }, null);
}

describe('query cost', () => {
  it.each([
    ['record page', recordPageQuery(2)],
    ['search page of 100', searchQuery('perPage:100 q:"gene"')],
    ['own profile', userMetaQuery(1)],
    ['curation summary', CURATION_SUMMARY_QUERY],
    ['introspection', INTROSPECTION_QUERY],
  ])('%s is accepted', (_name, query) => {
    expect(costOf(query)).toBeLessThan(MAX_QUERY_COST / 2);
  });

  it('grows with perPage and with nested lists', () => {
    expect(costOf(searchQuery('perPage:100'))).toBeGreaterThan(costOf(searchQuery('perPage:10')));
    expect(costOf('{fairsharingRegistries{ records{ fairsharingRecords{ maintainers{ maintainedRecords{ maintainers{ maintainedRecords{ id name } } } } } } }}')).toBeGreaterThan(MAX_QUERY_COST);
  });
});

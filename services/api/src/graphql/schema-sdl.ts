/**
 * The whole GraphQL schema as SDL: the `.gql` files of `schemas/src/graphql/` and the queries
 * whose arguments are generated from the facet registry. Mercurius builds the schema from it,
 * and so does GraphQL Code Generator (`codegen.config.ts`), so the generated types describe the schema served.
 */
import { readGraphqlSdl } from '@registry/schemas/graphql/index.ts';
import { searchQueriesSdl } from '../search/search-schema.ts';
import { statisticsQueriesSdl } from '../statistics/statistics-schema.ts';

export function graphqlSchemaSdl(): string {
  return `${readGraphqlSdl()}\n${searchQueriesSdl()}\n${statisticsQueriesSdl()}`;
}

/** Resolver assembly: every domain's resolvers (`<domain>/<domain>-resolvers.ts`), by type, with the access module's field table applied. */
import type { QueryResolvers, Resolvers } from '../graphql-types/resolver-types.generated.ts';
import { JsonScalar } from './json-scalar.ts';
import { withFieldAccess } from './field-access.ts';
import { curationQueries, curationTypeResolvers } from '../curation/curation-resolvers.ts';
import { organisationQueries, organisationTypeResolvers } from '../organisations/organisation-resolvers.ts';
import { graphQueries } from '../records/record-graph.ts';
import { recordListQueries, recordQueries, recordTypeResolvers } from '../records/record-resolvers.ts';
import { searchQueries, searchTypeResolvers } from '../search/search-resolvers.ts';
import { siteQueries, siteTypeResolvers } from '../site/site-resolvers.ts';
import { statisticsQueries } from '../statistics/statistics-resolvers.ts';
import { suggestionQueries } from '../suggestions/suggestions-resolvers.ts';
import { userQueries, userTypeResolvers } from '../accounts/account-resolvers.ts';
import { vocabularyQueries, vocabularyTypeResolvers } from '../vocabularies/vocabulary-resolvers.ts';

const query: QueryResolvers = {
  ...searchQueries,
  ...recordQueries,
  ...recordListQueries,
  ...vocabularyQueries,
  ...organisationQueries,
  ...userQueries,
  ...siteQueries,
  ...statisticsQueries,
  ...suggestionQueries,
  ...graphQueries,
  ...curationQueries,
};

/** Every resolver, typed by the schema's generated `Resolvers` (graphql-types/): no casts. */
export const resolvers: Resolvers & { Query: QueryResolvers } = withFieldAccess({
  JSON: JsonScalar,
  Query: query,
  ...searchTypeResolvers,
  ...recordTypeResolvers,
  ...vocabularyTypeResolvers,
  ...organisationTypeResolvers,
  ...userTypeResolvers,
  ...siteTypeResolvers,
  ...curationTypeResolvers,
});

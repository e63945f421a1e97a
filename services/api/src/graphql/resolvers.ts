/** Resolver assembly: every domain's resolvers (`<domain>/<domain>-resolvers.ts`), by type, with the access module's field table applied. */
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

export const resolvers = withFieldAccess({
  JSON: JsonScalar,
  Query: {
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
  },
  ...searchTypeResolvers,
  ...recordTypeResolvers,
  ...vocabularyTypeResolvers,
  ...organisationTypeResolvers,
  ...userTypeResolvers,
  ...siteTypeResolvers,
  ...curationTypeResolvers,
});

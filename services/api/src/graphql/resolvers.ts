/** All resolvers of the schema, by type, with the access module's field table applied. */
import { JsonScalar } from '../json-scalar.ts';
import { withFieldAccess } from '../field-access.ts';
import { curationQueries, curationTypeResolvers } from './curation.ts';
import { organisationQueries, organisationTypeResolvers } from './organisations.ts';
import { graphQueries } from './record-graph.ts';
import { recordListQueries, recordQueries, recordTypeResolvers, registryQueries, registryTypeResolvers } from './records.ts';
import { searchQueries, searchTypeResolvers } from './search.ts';
import { siteQueries, siteTypeResolvers } from './site.ts';
import { statisticsQueries } from '../../statistics/statistics-graphql.ts';
import { vocabularyBrowserQueries } from '../../vocabulary-browser/vocabulary-browser-graphql.ts';
import { subjectBrowserQueries } from './subject-browser.ts';
import { suggestionQueries } from '../../suggestions/suggestions-graphql.ts';
import { userQueries, userTypeResolvers } from './users.ts';
import { vocabularyQueries, vocabularyTypeResolvers } from './vocabularies.ts';

export const resolvers = withFieldAccess({
  JSON: JsonScalar,
  Query: {
    ...searchQueries,
    ...recordQueries,
    ...recordListQueries,
    ...registryQueries,
    ...vocabularyQueries,
    ...subjectBrowserQueries,
    ...organisationQueries,
    ...userQueries,
    ...siteQueries,
    ...statisticsQueries,
    ...vocabularyBrowserQueries,
    ...suggestionQueries,
    ...graphQueries,
    ...curationQueries,
  },
  ...searchTypeResolvers,
  ...recordTypeResolvers,
  ...registryTypeResolvers,
  ...vocabularyTypeResolvers,
  ...organisationTypeResolvers,
  ...userTypeResolvers,
  ...siteTypeResolvers,
  ...curationTypeResolvers,
});

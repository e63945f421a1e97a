/**
 * GET /search_suggestions?q=&size=: the REST form of GraphQL `searchSuggestions`, for search
 * boxes that suggest records and vocabulary terms while the user types.
 */
import type { FastifyInstance } from 'fastify';
import type { RouteInputsProvider } from '../route-inputs.ts';
import { Type } from '@sinclair/typebox';
import { ErrorAnswer, sendSearchFailure } from '../search/rest-search-failure.ts';
import { DEFAULT_SUGGESTIONS, MAX_SUGGESTION_TEXT, MAX_SUGGESTIONS } from './suggestions-service.ts';

export const SUGGESTIONS_PATH = '/search_suggestions';

const SuggestionsQuery = Type.Object({
  q: Type.String({ maxLength: MAX_SUGGESTION_TEXT, description: 'The text typed so far' }),
  size: Type.Optional(Type.Integer({ minimum: 1, maximum: MAX_SUGGESTIONS, default: DEFAULT_SUGGESTIONS, description: 'How many records and how many terms' })),
});

const Suggestions = Type.Object({
  records: Type.Array(
    Type.Object({
      id: Type.Integer(),
      name: Type.String(),
      abbreviation: Type.Union([Type.String(), Type.Null()]),
      registry: Type.String({ description: 'standard, database, policy or collection' }),
    }),
  ),
  terms: Type.Array(
    Type.Object({
      argument: Type.String({ description: 'The search argument that filters by the term: subjects, domains, taxonomies or userDefinedTags' }),
      kind: Type.String({ description: 'Subject, Domain, Species or Tag' }),
      id: Type.Integer(),
      label: Type.String(),
      synonym: Type.Union([Type.String(), Type.Null()], { description: 'The synonym that matched, when the label did not' }),
      recordCount: Type.Integer({ description: 'Public records annotated with the term' }),
    }),
  ),
});


export async function suggestionsRoutes(instance: FastifyInstance): Promise<void> {
  const app = instance.withTypeProvider<RouteInputsProvider>();
  app.get(
    SUGGESTIONS_PATH,
    {
      schema: {
        summary: 'Records (name or abbreviation starting with the text) and vocabulary terms (a word starting with it) for a search box',
        tags: ['search'],
        querystring: SuggestionsQuery,
        response: { 200: Suggestions, 400: ErrorAnswer, 503: ErrorAnswer },
      },
    },
    async (request, reply) => {
      try {
        return await app.suggestions.searchSuggestions(request.query.q, request.viewer, request.query.size);
      } catch (failure) {
        return sendSearchFailure(request, reply, failure, 'search suggestions');
      }
    },
  );
}

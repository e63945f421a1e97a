/**
 * GET /advanced_search?q=&operator=&fields=(operator=_and&registry=standard): the REST form of
 * GraphQL `advancedSearch`, with the web app's URL syntax. Answers the matching records in the
 * shape of the GraphQL answer; a query that cannot run answers 400 `error: "invalid query"`.
 */
import type { FastifyInstance } from 'fastify';
import type { RouteInputsProvider } from '../route-inputs.ts';
import { Type, type Static } from '@sinclair/typebox';
import type { RecordSearchDocument } from '@registry/schemas';
import { parseAdvancedSearchUrl } from '@registry/schemas/search/advanced-search-url.ts';
import { ErrorAnswer, sendSearchFailure } from './rest-search-failure.ts';

const AdvancedSearchQuery = Type.Object({
  q: Type.Optional(Type.String({ maxLength: 1_000, description: 'Free text, searched before the filters apply' })),
  operator: Type.Optional(Type.String({ pattern: '^_?([aA][nN][dD]|[oO][rR])$', description: 'How groups combine: _and (default) or _or' })),
  fields: Type.Optional(
    Type.Array(Type.String({ maxLength: 10_000 }), {
      maxItems: 50,
      description: 'One group per value: (operator=_and&registry=standard+database&subjects=genomics)',
    }),
  ),
});

const Term = Type.Object({ id: Type.Integer(), label: Type.String() }, { additionalProperties: true });

export const AdvancedSearchRecord = Type.Object({
  id: Type.Integer(),
  type: Type.Union([Type.String(), Type.Null()]),
  name: Type.String(),
  abbreviation: Type.Union([Type.String(), Type.Null()]),
  description: Type.String(),
  registry: Type.String(),
  status: Type.String(),
  doi: Type.Union([Type.String(), Type.Null()]),
  homepage: Type.Union([Type.String(), Type.Null()]),
  subjects: Type.Array(Term),
  domains: Type.Array(Term),
  taxonomies: Type.Array(Term),
  publications: Type.Array(
    Type.Object({
      title: Type.String(),
      url: Type.Union([Type.String(), Type.Null()]),
      doi: Type.Union([Type.String(), Type.Null()]),
    }),
  ),
});
export type AdvancedSearchRecord = Static<typeof AdvancedSearchRecord>;

function toAnswer(document: RecordSearchDocument): AdvancedSearchRecord {
  return {
    id: document.id,
    type: document.recordType,
    name: document.name,
    abbreviation: document.abbreviation,
    description: document.description,
    registry: document.registry,
    status: document.status,
    doi: document.doi,
    homepage: document.homepage,
    subjects: document.subjects,
    domains: document.domains,
    taxonomies: document.taxonomies,
    publications: document.publications,
  };
}


export async function advancedSearchRoutes(instance: FastifyInstance): Promise<void> {
  const app = instance.withTypeProvider<RouteInputsProvider>();
  app.get(
    '/advanced_search',
    {
      schema: {
        summary: 'Advanced search (free text plus groups of filter rules)',
        tags: ['search'],
        querystring: AdvancedSearchQuery,
        response: { 200: Type.Array(AdvancedSearchRecord), 400: ErrorAnswer, 503: ErrorAnswer },
      },
    },
    async (request, reply) => {
      const { q, where } = parseAdvancedSearchUrl({
        q: request.query.q,
        operator: request.query.operator,
        fields: request.query.fields,
      });
      try {
        const records = await app.recordSearch.advancedSearch({ q, where }, request.viewer);
        return records.map(toAnswer);
      } catch (failure) {
        return sendSearchFailure(request, reply, failure, 'advanced search');
      }
    },
  );
}

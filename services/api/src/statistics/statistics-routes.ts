/**
 * GET /statistics/records: the REST form of GraphQL `recordAggregations` (same filters, same
 * caps, same visibility). Refused requests answer 400 `error: "invalid query"` with the reason.
 */
import type { FastifyInstance } from 'fastify';
import type { RouteInputsProvider } from '../route-inputs.ts';
import { Type, type Static, type TSchema } from '@sinclair/typebox';
import { searchArgumentDefinitions } from '../search/search-arguments.ts';
import { ErrorAnswer, sendSearchFailure } from '../search/rest-search-failure.ts';
import { DATE_FIELDS, DATE_INTERVALS, MAX_BUCKETS, type RecordAggregationsArgs } from './record-aggregations.ts';
import { camelCase, snakeCase, withDeclaredNames } from '../routes/name-spellings.ts';
import { querystringProperty } from '../routes/search-argument-schema.ts';

const NOT_FILTERS = new Set(['page', 'perPage', 'orderBy']);

/** The search filters, from the same generated list as the GraphQL arguments. */
function filterProperties(): Record<string, TSchema> {
  const properties: Record<string, TSchema> = {};
  for (const definition of searchArgumentDefinitions()) {
    if (NOT_FILTERS.has(definition.name)) continue;
    properties[definition.name] = Type.Optional(querystringProperty(definition.type, definition.description));
  }
  return properties;
}

export const RecordStatisticsQuery = Type.Object({
  ...filterProperties(),
  by: Type.Optional(Type.Array(Type.String({ maxLength: 50 }), { maxItems: 5, description: 'One or two facet keys (fairsharing_registry, subjects, ...); two make a pivot' })),
  size: Type.Optional(Type.Integer({ description: `Top N values per facet (default 10; at most ${MAX_BUCKETS}, 25 per level in a pivot)` })),
  dateHistogram: Type.Optional(Type.Array(Type.String({ maxLength: 20 }), { maxItems: 2, description: `${DATE_FIELDS.join(' and/or ')}` })),
  interval: Type.Optional(Type.String({ maxLength: 10, description: `${DATE_INTERVALS.join(' (default) or ')}` })),
});

const STATISTICS_NAMES = new Set(Object.keys(RecordStatisticsQuery.properties));

/** A string or repeated parameter, each value respelled (anything else is left to the schema). */
const respellValues = (values: unknown, respell: (name: string) => string) =>
  Array.isArray(values) ? values.map((value) => (typeof value === 'string' ? respell(value) : value)) : typeof values === 'string' ? respell(values) : values;

/**
 * The query in this route's spelling: filters and `dateHistogram` in camelCase, facet keys in
 * `by` in snake_case, whichever spelling the script used (docs/api.md).
 */
function statisticsQuery(query: Record<string, unknown>): Record<string, unknown> {
  const respelled = withDeclaredNames(query, STATISTICS_NAMES, camelCase);
  if (respelled.by !== undefined) respelled.by = respellValues(respelled.by, snakeCase);
  if (respelled.dateHistogram !== undefined) respelled.dateHistogram = respellValues(respelled.dateHistogram, camelCase);
  return respelled;
}

const DateBucket = Type.Object({ date: Type.String(), count: Type.Integer() });
const DateBuckets = Type.Optional(Type.Array(DateBucket));
const bucketFields = { key: Type.String(), label: Type.String(), count: Type.Integer(), createdAt: DateBuckets, updatedAt: DateBuckets };
const InnerBucket = Type.Object(bucketFields);
const OuterBucket = Type.Object({ ...bucketFields, buckets: Type.Optional(Type.Array(InnerBucket)), otherCount: Type.Optional(Type.Integer()) });
const NullableDates = Type.Union([Type.Array(DateBucket), Type.Null()]);

export const RecordStatistics = Type.Object({
  totalCount: Type.Integer({ description: 'Records matching the filters, each counted once' }),
  by: Type.Array(Type.String()),
  interval: Type.String(),
  buckets: Type.Array(OuterBucket),
  otherCount: Type.Integer({ description: "Records with values beyond the first facet's top N" }),
  createdAt: NullableDates,
  updatedAt: NullableDates,
});
export type RecordStatistics = Static<typeof RecordStatistics>;


export async function statisticsRoutes(instance: FastifyInstance): Promise<void> {
  const app = instance.withTypeProvider<RouteInputsProvider>();
  // The filters of the schema are generated (filterProperties), so TypeBox cannot infer them: the
  // query is typed by the GraphQL arguments it is the REST form of.
  app.get<{ Querystring: RecordAggregationsArgs }>(
    '/statistics/records',
    {
      schema: {
        summary: 'Records counted per facet value (or a pivot of two) and per period, under the search filters',
        tags: ['statistics'],
        querystring: RecordStatisticsQuery,
        response: { 200: RecordStatistics, 400: ErrorAnswer, 503: ErrorAnswer },
      },
      preValidation: async (request) => {
        request.query = statisticsQuery(request.query as Record<string, unknown>) as RecordAggregationsArgs;
      },
    },
    async (request, reply) => {
      try {
        return await app.statistics.recordAggregations(request.query, request.viewer);
      } catch (failure) {
        return sendSearchFailure(request, reply, failure, 'record statistics');
      }
    },
  );
}

/**
 * REST reads of records in the JSON:API shape FAIRsharing's API clients read:
 *   GET  /fairsharing_records                 every record the viewer may see, in id order
 *   GET  /standards|databases|policies|collections   the same, one registry
 *   POST /search/fairsharing_records          the GraphQL search (q + filters, in the query
 *                                             string or the body), in its own order
 *   GET  /fairsharing_records/{id}, GET /fairsharing_record/{doi or legacy id}
 * Open without an account; a session token shows a curator or an owner what they may see.
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { RouteInputsProvider } from '../route-inputs.ts';
import { Type, type TSchema } from '@sinclair/typebox';
import type { RegistryName } from '@registry/schemas';
import { searchArgumentDefinitions } from '../search/search-arguments.ts';
import { sendError } from '../kernel/error-answer.ts';
import { ErrorAnswer, sendSearchFailure } from '../search/rest-search-failure.ts';
import type { SearchRecordsArgs } from '../search/search-records.ts';
import { listAnswerSchema, pageCount, pageLinks, PagingQuery, queryEntries, readPaging, resourceSchema, type ListAnswer, type PagingParameters, type QueryEntries } from '../routes/json-api.ts';
import { encodeCursor } from './record-pages.ts';
import { withdrawnAttributes } from './withdrawn-records.ts';
import { snakeCase, withDeclaredNames } from '../routes/name-spellings.ts';
import { querystringProperty } from '../routes/search-argument-schema.ts';
import type { ListOrder, RecordAttributes, RecordList, RecordWithAttributes } from './record-reads.ts';

export const RECORD_TYPE = 'fairsharing_records';

const Nullable = (schema: TSchema) => Type.Union([schema, Type.Null()]);
const Term = Type.Object({ id: Type.Integer(), label: Type.String(), iri: Nullable(Type.String()) });

export const RecordAttributesSchema = Type.Object({
  name: Type.String(),
  abbreviation: Nullable(Type.String()),
  description: Type.String(),
  doi: Nullable(Type.String()),
  url: Type.String({ description: "The record's page on this site" }),
  fairsharing_registry: Type.String(),
  record_type: Nullable(Type.String()),
  status: Type.String(),
  homepage: Nullable(Type.String()),
  is_recommended: Type.Boolean(),
  is_maintained: Type.Boolean(),
  metadata: Type.Object({}, { additionalProperties: true, description: 'Contacts (contact_name, contact_email, contact_orcid), support links, citations, ...' }),
  subjects: Type.Array(Term),
  domains: Type.Array(Term),
  taxonomies: Type.Array(Term),
  object_types: Type.Array(Term),
  user_defined_tags: Type.Array(Type.Object({ id: Type.Integer(), label: Type.String() })),
  countries: Type.Array(Type.Object({ id: Type.Integer(), name: Type.String(), code: Type.String() })),
  licences: Type.Array(Type.Object({ id: Type.Integer(), name: Type.String(), url: Nullable(Type.String()), relation: Type.String() })),
  organisations: Type.Array(Type.Object({ id: Type.Integer(), name: Type.String(), relation: Type.String(), is_lead: Type.Boolean() })),
  publications: Type.Array(Type.Object({ id: Type.Integer(), title: Type.String(), doi: Nullable(Type.String()), url: Nullable(Type.String()), year: Nullable(Type.Integer()) })),
  legacy_ids: Type.Array(Type.String()),
  // Null when unknown: seeded records whose sources give no date.
  created_at: Nullable(Type.String()),
  updated_at: Nullable(Type.String()),
});

const RecordResource = resourceSchema(RecordAttributesSchema);
const RecordListAnswer = listAnswerSchema(RecordResource);
const RecordAnswer = Type.Object({ data: RecordResource, links: Type.Object({ self: Type.String() }) });
const errorAnswers = { 400: ErrorAnswer, 404: ErrorAnswer, 503: ErrorAnswer };
/** A withdrawn record's identifier: 410 Gone with its tombstone (docs/api.md "Withdrawn records"). */
const WithdrawnAnswer = Type.Object({
  error: Type.String(),
  statusCode: Type.Literal(410),
  data: Type.Object({ id: Type.String(), type: Type.String(), attributes: Type.Record(Type.String(), Type.Unknown()) }),
  links: Type.Record(Type.String(), Type.String()),
});

const CursorQuery = {
  'page[after]': Type.Optional(Type.String({ maxLength: 2_000, description: 'Cursor from links.next: the page after the one it was given on' })),
  'page[before]': Type.Optional(Type.String({ maxLength: 2_000, description: 'Cursor from links.prev: the page before the one it was given on' })),
};
type CursorParameters = PagingParameters & { 'page[after]'?: string; 'page[before]'?: string };

/** The search's arguments (generated from the facet registry, as the GraphQL ones) under their REST names. */
const SEARCH_FILTERS = searchArgumentDefinitions()
  .filter((definition) => definition.name !== 'page' && definition.name !== 'perPage')
  .map((definition) => ({ rest: snakeCase(definition.name), argument: definition.name, schema: querystringProperty(definition.type, definition.description) }));
const FILTER_NAMES = new Set(SEARCH_FILTERS.map((filter) => filter.rest));

const SearchFilters = Type.Object(Object.fromEntries(SEARCH_FILTERS.map((filter) => [filter.rest, Type.Optional(filter.schema)])));
type FilterValues = Record<string, unknown>;

function searchArguments(values: FilterValues): SearchRecordsArgs {
  const args: Record<string, unknown> = {};
  for (const filter of SEARCH_FILTERS) if (values[filter.rest] !== undefined) args[filter.argument] = values[filter.rest];
  return args as SearchRecordsArgs;
}

const REGISTRY_LISTS: Readonly<Record<string, RegistryName>> = { standards: 'standard', databases: 'database', policies: 'policy', collections: 'collection' };

function resource(record: RecordWithAttributes): { id: string; type: string; attributes: RecordAttributes } {
  return { id: String(record.id), type: RECORD_TYPE, attributes: record.attributes };
}

function listAnswer(listUrl: string, filters: QueryEntries, list: RecordList, number: number, size: number, query: CursorParameters): ListAnswer<RecordAttributes> {
  const { page } = list;
  const self: QueryEntries = [];
  if (query['page[after]']) self.push(['page[after]', query['page[after]']]);
  if (query['page[before]']) self.push(['page[before]', query['page[before]']]);
  const links = pageLinks({
    listUrl,
    filters,
    number,
    size,
    recordCount: page.total,
    self,
    next: page.hasNext && page.lastSort ? [['page[after]', encodeCursor(page.lastSort)]] : undefined,
    prev: page.hasPrevious ? (page.firstSort ? [['page[before]', encodeCursor(page.firstSort)]] : []) : undefined,
  });
  return {
    data: list.records.map(resource),
    links,
    meta: { record_count: page.total, page_count: pageCount(page.total, size), page: { number, size } },
  };
}

export async function recordRoutes(instance: FastifyInstance): Promise<void> {
  const app = instance.withTypeProvider<RouteInputsProvider>();
  const publicUrl = app.config.publicUrl;

  async function answerList(request: FastifyRequest, reply: FastifyReply, path: string, query: CursorParameters, filterValues: FilterValues, order: ListOrder, fixed: SearchRecordsArgs = {}) {
    const { number, size } = readPaging(query);
    try {
      const list = await app.records.listRecords({
        filters: { ...searchArguments(filterValues), ...fixed },
        order,
        number,
        size,
        after: query['page[after]'],
        before: query['page[before]'],
      }, request.viewer);
      return listAnswer(`${publicUrl}${path}`, queryEntries(filterValues, (name) => FILTER_NAMES.has(name)), list, number, size, query);
    } catch (failure) {
      return sendSearchFailure(request, reply, failure, 'record list');
    }
  }

  const ListQuery = Type.Object({ ...PagingQuery, ...CursorQuery });

  app.get(
    '/fairsharing_records',
    {
      schema: {
        summary: 'Every record, in id order, a page at a time (follow links.next to the end)',
        tags: ['records'],
        querystring: ListQuery,
        response: { 200: RecordListAnswer, ...errorAnswers },
      },
    },
    async (request, reply) => answerList(request, reply, '/fairsharing_records', request.query, {}, 'id'),
  );

  for (const [path, registry] of Object.entries(REGISTRY_LISTS)) {
    app.get(
      `/${path}`,
      {
        schema: {
          summary: `Every record of the ${registry} registry, in id order, a page at a time`,
          tags: ['records'],
          querystring: ListQuery,
          response: { 200: RecordListAnswer, ...errorAnswers },
        },
      },
      async (request, reply) => answerList(request, reply, `/${path}`, request.query, {}, 'id', { fairsharingRegistry: registry }),
    );
  }

  app.post(
    '/search/fairsharing_records',
    {
      schema: {
        summary: 'Search records (the GraphQL search): q and filters as query parameters or in the body',
        tags: ['records', 'search'],
        querystring: Type.Object({ ...PagingQuery, ...CursorQuery, ...SearchFilters.properties }),
        body: SearchFilters,
        response: { 200: RecordListAnswer, ...errorAnswers },
      },
      // Scripts post without a body (filters in the query string); the body schema then sees an
      // empty object. Filters in GraphQL's camelCase count as their snake_case names.
      preValidation: async (request) => {
        request.query = withDeclaredNames(request.query, FILTER_NAMES, snakeCase);
        request.body = withDeclaredNames(request.body ?? {}, FILTER_NAMES, snakeCase);
      },
    },
    async (request, reply) => {
      // Body values win; the links carry all of them as query parameters, so they can be posted as they are.
      const filterValues = { ...request.query, ...request.body };
      return answerList(request, reply, '/search/fairsharing_records', request.query, filterValues, 'search');
    },
  );

  const answerRecord = async (request: FastifyRequest, reply: FastifyReply, identifier: string) => {
    const found = await app.records.findRecord(identifier, request.viewer);
    if (!found) return sendError(reply, 404, `No record ${identifier.slice(0, 200)}`);
    if (found.state === 'withdrawn') {
      const { withdrawn } = found;
      return reply.code(410).send({
        statusCode: 410,
        error: `Record ${withdrawn.id} was withdrawn on ${withdrawn.withdrawnAt.slice(0, 10)}: ${withdrawn.reason}`,
        data: { id: String(withdrawn.id), type: RECORD_TYPE, attributes: withdrawnAttributes(withdrawn) },
        links: { self: withdrawn.url, ...(withdrawn.successor ? { successor: `${publicUrl}/fairsharing_records/${withdrawn.successor.id}` } : {}) },
      });
    }
    const { record } = found;
    return { data: resource(record), links: { self: `${publicUrl}/fairsharing_records/${record.id}` } };
  };

  app.get(
    '/fairsharing_records/:id',
    {
      schema: {
        summary: 'One record by id',
        tags: ['records'],
        params: Type.Object({ id: Type.String({ pattern: '^[0-9]{1,10}$', description: 'Record id' }) }),
        response: { 200: RecordAnswer, 410: WithdrawnAnswer, ...errorAnswers },
      },
    },
    async (request, reply) => answerRecord(request, reply, request.params.id),
  );

  app.get(
    '/fairsharing_record/*',
    {
      schema: {
        summary: 'One record by id, DOI (10.25504/FAIRsharing.x or FAIRsharing.x) or legacy id (bsg-s000001)',
        tags: ['records'],
        params: Type.Object({ '*': Type.String({ minLength: 1, maxLength: 300, description: 'Id, DOI or legacy id' }) }),
        response: { 200: RecordAnswer, 410: WithdrawnAnswer, ...errorAnswers },
      },
    },
    async (request, reply) => answerRecord(request, reply, request.params['*']),
  );
}

/**
 * The GraphQL endpoint (POST/GET /graphql), compatible with the public FAIRsharing client
 * (GraphiQL at /graphiql is a page of the web build, served by static-web). Reads the domains' services (`app.records`, …), `app.searchClient`, `app.config` and `request.viewer`,
 * which the app decorates before registering this plugin.
 */
import fp from 'fastify-plugin';
import mercurius from 'mercurius';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { ANONYMOUS_VIEWER } from '@registry/schemas';
import { GRAPHQL_PATH, graphqlContextFor, type RegistryGraphqlContext } from '../kernel/graphql-context.ts';
import { formatGraphqlErrors } from './error-formatter.ts';
import { answerSizeCap } from './answer-size.ts';
import { givingWayAfter } from './giving-way.ts';
import { FALLBACK_LIST_SIZES, LIST_SIZES_REFRESH_MS } from './list-sizes.ts';
import { queryLimitsRule, MAX_QUERY_COST, MAX_ROOT_FIELDS, QUERY_LIMIT_CODES, UNPAGED_ROOT_FIELDS } from './query-cost.ts';
import { markRefusedForCost } from '../http/refused-for-cost.ts';
import { resolvers } from './resolvers.ts';
import { storableTextRule } from './storable-text-rule.ts';
import { graphqlSchemaSdl } from './schema-sdl.ts';

/** Deep enough for every query of the public client (about 5 levels), far from pathological. */
export const QUERY_DEPTH_LIMIT = 12;
/** Longest query text accepted, in characters. */
export const MAX_QUERY_LENGTH = 100_000;

/** What the resolvers read for one query: the app's services, who asks, fresh per-query loaders. */
declare module 'mercurius' {
  // Mercurius merges what our `context` function returns into its own context object.
  // eslint-disable-next-line @typescript-eslint/no-empty-object-type
  interface MercuriusContext extends RegistryGraphqlContext {}
}

function queryText(request: FastifyRequest): string | undefined {
  const fromBody = (request.body as { query?: unknown } | undefined)?.query;
  if (typeof fromBody === 'string') return fromBody;
  const fromQueryString = (request.query as { query?: unknown } | undefined)?.query;
  return typeof fromQueryString === 'string' ? fromQueryString : undefined;
}

export const graphqlPlugin = fp(
  async (app) => {
    app.addHook('preHandler', async (request: FastifyRequest, reply: FastifyReply) => {
      if (request.routeOptions.url !== GRAPHQL_PATH) return;
      const text = queryText(request);
      if (text !== undefined && text.length > MAX_QUERY_LENGTH) {
        markRefusedForCost(request);
        return reply.code(400).send({
          data: null,
          errors: [{ message: `query is too long: ${text.length} characters, the limit is ${MAX_QUERY_LENGTH}`, extensions: { code: 'QUERY_TOO_LONG' } }],
        });
      }
    });

    app.addHook('onSend', answerSizeCap(GRAPHQL_PATH));

    let listSizes = FALLBACK_LIST_SIZES;
    const countSizes = () =>
      app.vocabularies.listSizes().then(
        (counted) => { listSizes = counted; },
        (failure: unknown) => app.log.warn({ err: failure }, 'could not count the unpaged lists; the query cost keeps its last sizes'),
      );
    let refresh: NodeJS.Timeout | undefined;
    app.addHook('onReady', async () => {
      await countSizes();
      refresh = setInterval(countSizes, LIST_SIZES_REFRESH_MS).unref();
    });
    app.addHook('onClose', async () => clearInterval(refresh));

    await app.register(mercurius, {
      schema: graphqlSchemaSdl(),
      resolvers: { ...resolvers, Query: givingWayAfter(resolvers.Query, UNPAGED_ROOT_FIELDS) },
      path: GRAPHQL_PATH,
      queryDepth: QUERY_DEPTH_LIMIT,
      allowBatchedQueries: false,
      // Queries asked again and again (a page's own search, paging back) run as compiled code
      // after their third time; compiled in the background while the event loop has time.
      jit: { minCount: 3 },
      validationRules: [
        queryLimitsRule({ maxCost: MAX_QUERY_COST, maxRootFields: MAX_ROOT_FIELDS, depthLimit: QUERY_DEPTH_LIMIT, listSizes: () => listSizes }),
        storableTextRule,
      ],
      context: (request: FastifyRequest): RegistryGraphqlContext => graphqlContextFor(app, request.viewer ?? ANONYMOUS_VIEWER),
      errorFormatter: (execution, context) => {
        const formatted = formatGraphqlErrors(execution, context.reply?.log ?? app.log);
        const refusedForCost = formatted.response.errors?.some((error) => QUERY_LIMIT_CODES.has(String(error.extensions?.code)) || error.extensions?.code === 'MER_ERR_GQL_QUERY_DEPTH');
        if (refusedForCost && context.reply) markRefusedForCost(context.reply.request);
        return formatted;
      },
    });
  },
  {
    name: 'registry-graphql',
    dependencies: ['registry-config', 'registry-domains', 'registry-search-client', 'registry-auth'],
  },
);

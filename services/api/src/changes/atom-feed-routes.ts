/**
 * Atom feeds of new and updated records (atom-feeds.ts), open to everyone:
 *   GET /feeds/records.atom[?registry=standard|database|policy|collection]
 *   GET /feeds/saved_searches/{id}      the records the saved search finds among the latest changes
 * A saved search is run as its page runs it (the same URL → query functions as the web app),
 * as an anonymous visitor, restricted to the records changed last.
 */
import type { FastifyInstance, FastifyReply } from 'fastify';
import type { RouteInputsProvider } from '../route-inputs.ts';
import { Type } from '@sinclair/typebox';
import { ANONYMOUS_VIEWER } from '@registry/schemas';
import { buildSearchRecordsQuery } from '@registry/schemas/search/client/search-query.ts';
import { searchRouteFor } from '@registry/schemas/search/client/search-page-route.ts';
import { urlToSearchState, withPreset } from '@registry/schemas/search/client/search-state.ts';
import { graphqlContextFor } from '../kernel/graphql-context.ts';
import { IdParams } from '../validation.ts';
import { REGISTRY_FEEDS } from './atom-feeds.ts';

const ATOM = 'application/atom+xml; charset=utf-8';
/** The most records one search answers: the saved search looks among this many changed last. */
const SAVED_SEARCH_WINDOW = 100;

const RecordsFeedQuery = Type.Object(
  { registry: Type.Optional(Type.Union(REGISTRY_FEEDS.map((registry) => Type.Literal(registry)))) },
  { additionalProperties: false },
);

const sendAtom = (reply: FastifyReply, body: string) => reply.type(ATOM).header('cache-control', 'no-cache').send(body);

export async function atomFeedRoutes(instance: FastifyInstance): Promise<void> {
  const app = instance.withTypeProvider<RouteInputsProvider>();
  const publicUrl = app.config.publicUrl.replace(/\/$/, '');
  const siteName = app.config.siteName;

  app.get(
    '/feeds/records.atom',
    { schema: { summary: 'Atom feed of new and updated public records, of every registry or of one', tags: ['open data'], querystring: RecordsFeedQuery, produces: ['application/atom+xml'] } },
    async (request, reply) => {
      const { registry } = request.query;
      const selfUrl = `${publicUrl}/feeds/records.atom${registry ? `?registry=${registry}` : ''}`;
      const title = `${siteName}: new and updated ${registry ? `${registry} records` : 'records'}`;
      return sendAtom(reply, await app.changes.recordsFeed({ title, selfUrl }, registry));
    },
  );

  app.get(
    '/feeds/saved_searches/:id',
    { schema: { summary: "Atom feed of new and updated records a saved search finds", tags: ['open data'], params: IdParams, produces: ['application/atom+xml'] } },
    async (request, reply) => {
      const saved = await app.changes.savedSearchOf(request.params.id);
      const url = new URL(saved.url, `${publicUrl}/`);
      const state = withPreset(urlToSearchState(url.searchParams), searchRouteFor(url.pathname).preset);
      const recent = await app.changes.recentlyChangedIds(SAVED_SEARCH_WINDOW);
      const search = buildSearchRecordsQuery({ ...state, page: 1, perPage: SAVED_SEARCH_WINDOW }, { ids: recent });
      const answer = await app.graphql(search.query, graphqlContextFor(app, ANONYMOUS_VIEWER), search.variables);
      if (answer.errors?.length) throw new Error(`the saved search's query failed: ${answer.errors[0].message}`);
      const found = (answer.data as { searchFairsharingRecords: { records: { id: string }[] } }).searchFairsharingRecords.records.map((record) => Number(record.id));
      const selfUrl = `${publicUrl}/feeds/saved_searches/${request.params.id}`;
      return sendAtom(reply, await app.changes.recordsAmongFeed({ title: `${siteName}: ${saved.name}`, selfUrl }, found));
    },
  );
}

/**
 * GET /changes?since=<cursor>&limit=<n>: the change feed (change-feed.ts), open to everyone.
 * Each page has an entity tag; a client that sends it back in `If-None-Match` gets 304 while the
 * page is unchanged (a caught-up client polling the same cursor).
 */
import type { FastifyInstance } from 'fastify';
import type { RouteInputsProvider } from '../route-inputs.ts';
import { Type } from '@sinclair/typebox';
import { DEFAULT_PAGE_SIZE, MAX_PAGE_SIZE } from './change-feed.ts';
import { entityTag, notModified } from './entity-tag.ts';

const ChangesQuery = Type.Object(
  {
    since: Type.Optional(Type.String({ minLength: 1, maxLength: 80, description: 'the `next` cursor of the page before; absent: from the start' })),
    limit: Type.Optional(Type.Integer({ minimum: 1, maximum: MAX_PAGE_SIZE, default: DEFAULT_PAGE_SIZE })),
  },
  { additionalProperties: false },
);

export async function changeRoutes(instance: FastifyInstance): Promise<void> {
  const app = instance.withTypeProvider<RouteInputsProvider>();
  app.get(
    '/changes',
    {
      schema: {
        summary: 'Every change to the public catalogue since a cursor, in order (created, updated, removed, deleted, merged, withdrawn)',
        tags: ['open data'],
        querystring: ChangesQuery,
      },
    },
    async (request, reply) => {
      const body = await app.changes.readChangesJson(request.query.since, request.query.limit);
      const tag = entityTag(body);
      reply.header('etag', tag).header('cache-control', 'no-cache');
      if (notModified(request.headers['if-none-match'], tag)) {
        return reply.code(304).send();
      }
      return reply.type('application/json; charset=utf-8').send(body);
    },
  );
}

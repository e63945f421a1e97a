/**
 * POST /record_views/{id}: the record page reports a view (202; bots are answered the same but
 * not counted). GET /record_views/{id}: the record's flushed total. GET /statistics/most_viewed:
 * the public records viewed most. The scheduler moves the pending counts into Postgres
 * (view-flush-schedule.ts).
 */
import type { FastifyInstance } from 'fastify';
import type { RouteInputsProvider } from '../route-inputs.ts';
import { Type } from '@sinclair/typebox';
import { isObviousBot } from './record-view-counter.ts';
import { IdParams } from '../validation.ts';

/** A view is not worth holding a request for longer: the answer goes, the increment may still land. */
const COUNT_TIMEOUT_MS = 5_000;
const MAX_MOST_VIEWED = 100;

const MostViewedQuery = Type.Object({ size: Type.Optional(Type.Integer({ minimum: 1, maximum: MAX_MOST_VIEWED, default: 10 })) });

const MostViewedRecord = Type.Object({
  id: Type.Integer(),
  name: Type.String(),
  abbreviation: Type.Union([Type.String(), Type.Null()]),
  registry: Type.String(),
  views: Type.Integer(),
});

function withTimeout<T>(promise: Promise<T>, milliseconds: number): Promise<T> {
  return Promise.race([promise, new Promise<T>((_resolve, reject) => setTimeout(() => reject(new Error('timed out')), milliseconds).unref())]);
}

export async function recordViewsRoutes(instance: FastifyInstance): Promise<void> {
  const app = instance.withTypeProvider<RouteInputsProvider>();
  app.post(
    '/record_views/:id',
    {
      // Not logged per request: a view is no event worth a log line (and the line would hold the IP).
      logLevel: 'warn',
      schema: {
        summary: 'Count one view of a record page (no IP, cookie or time is kept; obvious bots are not counted)',
        tags: ['statistics'],
        params: IdParams,
        response: { 202: Type.Object({ counted: Type.Boolean() }) },
      },
    },
    async (request, reply) => {
      // `counted`: the view is one to count (not an obvious bot); a Redis failure is logged, not the visitor's problem.
      const counted = !isObviousBot(request.headers['user-agent']);
      if (counted) {
        await withTimeout(app.recordViews.countView(request.params.id), COUNT_TIMEOUT_MS).catch((error: unknown) =>
          request.log.warn({ err: error }, 'record view may not have been counted'),
        );
      }
      return reply.code(202).send({ counted });
    },
  );

  app.get(
    '/record_views/:id',
    {
      schema: {
        summary: "A record's page views (flushed every few seconds)",
        tags: ['statistics'],
        params: IdParams,
        response: { 200: Type.Object({ recordId: Type.Integer(), views: Type.Integer() }) },
      },
    },
    async (request) => ({ recordId: request.params.id, views: await app.recordViews.viewsOfRecord(request.params.id) }),
  );

  app.get(
    '/statistics/most_viewed',
    {
      schema: {
        summary: 'The public records viewed most',
        tags: ['statistics'],
        querystring: MostViewedQuery,
        response: { 200: Type.Array(MostViewedRecord) },
      },
    },
    async (request) => app.recordViews.mostViewed(request.query.size ?? 10),
  );
}

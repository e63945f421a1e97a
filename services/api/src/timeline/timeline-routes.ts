/** GET /notable_events: the dated milestones shown on /timeline, oldest first. */
import type { FastifyInstance } from 'fastify';
import { Type } from '@sinclair/typebox';
import { notableEvents } from './timeline-service.ts';

const NotableEvent = Type.Object({
  id: Type.Integer(),
  date: Type.String({ description: 'YYYY-MM-DD; only as much as `precision` says is known' }),
  precision: Type.Union([Type.Literal('day'), Type.Literal('month'), Type.Literal('year')]),
  title: Type.String(),
  description: Type.String(),
  sourceUrl: Type.Union([Type.String(), Type.Null()]),
});

export async function timelineRoutes(app: FastifyInstance): Promise<void> {
  app.get(
    '/notable_events',
    {
      schema: {
        summary: "The registry's notable events (dated milestones), oldest first",
        tags: ['site'],
        querystring: Type.Object({}, { additionalProperties: false }),
        response: { 200: Type.Array(NotableEvent) },
      },
    },
    async () => notableEvents(app.db),
  );
}

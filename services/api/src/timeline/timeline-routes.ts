/**
 * The registry's notable events (the dated milestones of /timeline):
 *   GET    /notable_events                               everyone, oldest first
 *   POST   /notable_events {notable_event:{date, precision, title, description?, source_url?}}   super curators
 *   PUT    /notable_events/{id} {notable_event:{…}}      super curators (the whole event)
 *   DELETE /notable_events/{id}                          super curators
 */
import type { FastifyInstance } from 'fastify';
import type { RouteInputsProvider } from '../route-inputs.ts';
import { Type } from '@sinclair/typebox';
import { IdParams } from '../validation.ts';
import { deleteByIdRoute, wrappedBody } from '../routes/rest-writes.ts';

const NotableEvent = Type.Object({
  id: Type.Integer(),
  date: Type.String({ description: 'YYYY-MM-DD; only as much as `precision` says is known' }),
  precision: Type.Union([Type.Literal('day'), Type.Literal('month'), Type.Literal('year')]),
  title: Type.String(),
  description: Type.String(),
  sourceUrl: Type.Union([Type.String(), Type.Null()]),
});
// The fields are checked by the shared form schema (schemas/src/forms/notable-events.ts), so a bad one gets its own message.
const NotableEventBody = wrappedBody('notable_event', '{ date: YYYY-MM-DD, precision: day | month | year, title, description?, source_url? }');
type NotableEventBody = { notable_event: Record<string, unknown> };

export async function timelineRoutes(instance: FastifyInstance): Promise<void> {
  const app = instance.withTypeProvider<RouteInputsProvider>();
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
    async () => app.timeline.notableEvents(),
  );
  app.post(
    '/notable_events',
    {
      config: { access: 'timeline.manage' },
      schema: { summary: 'Add a notable event to the timeline (super curators)', tags: ['site'], body: NotableEventBody, response: { 201: NotableEvent } },
    },
    async (request, reply) => {
      reply.code(201);
      return app.timeline.createNotableEvent(request.viewer, request.body.notable_event);
    },
  );
  app.put(
    '/notable_events/:id',
    {
      config: { access: 'timeline.manage' },
      schema: { summary: 'Change a notable event (super curators)', tags: ['site'], params: IdParams, body: NotableEventBody, response: { 200: NotableEvent } },
    },
    async (request) => app.timeline.updateNotableEvent(request.viewer, request.params.id, request.body.notable_event),
  );
  deleteByIdRoute(app, {
    path: '/notable_events/:id',
    access: 'timeline.manage',
    summary: 'Delete a notable event (super curators)',
    tags: ['site'],
    remove: (viewer, id) => app.timeline.deleteNotableEvent(viewer, id),
    message: 'Notable event deleted.',
  });
}

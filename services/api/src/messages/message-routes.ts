/**
 * Public messages (SPEC §7), super curators only:
 *   POST   /messages/ {message:{message}}
 *   PUT    /messages/{id} {message:{message}}
 *   DELETE /messages/{id}
 */
import type { FastifyInstance } from 'fastify';
import type { RouteInputsProvider } from '../route-inputs.ts';
import { Type } from '@sinclair/typebox';
import { IdParams } from '../validation.ts';
import { deleteByIdRoute, wrappedBody } from '../routes/rest-writes.ts';
import * as messages from './message-service.ts';

const MessageBody = wrappedBody('message', '{ message: the text }');
type MessageBody = { message: Record<string, unknown> };
const Message = Type.Object({ id: Type.Integer(), message: Type.String(), created_at: Type.String(), updated_at: Type.String() });

const messageJson = (row: messages.MessageRow) => ({
  id: row.id, message: row.message, created_at: new Date(row.created_at).toISOString(), updated_at: new Date(row.updated_at).toISOString(),
});

export async function messageRoutes(instance: FastifyInstance): Promise<void> {
  const app = instance.withTypeProvider<RouteInputsProvider>();
  // The router ignores the trailing slash: this is also POST /messages/.
  app.post(
    '/messages',
    { config: { access: 'site.manage' }, schema: { summary: 'Publish a message under the header (super curators)', tags: ['site'], body: MessageBody, response: { 201: Message } } },
    async (request, reply) => {
      reply.code(201);
      return messageJson(await app.messages.createMessage(request.viewer, request.body.message));
    },
  );
  app.put(
    '/messages/:id',
    { config: { access: 'site.manage' }, schema: { summary: 'Change a message (super curators)', tags: ['site'], params: IdParams, body: MessageBody, response: { 200: Message } } },
    async (request) => messageJson(await app.messages.updateMessage(request.viewer, request.params.id, request.body.message)),
  );
  deleteByIdRoute(app, {
    path: '/messages/:id',
    access: 'site.manage',
    summary: 'Delete a message (super curators)',
    tags: ['site'],
    remove: (viewer, id) => app.messages.deleteMessage(viewer, id),
    message: 'Message deleted.',
  });
}

/**
 * Each request gets a random id (`newRequestId`, Fastify's `genReqId`: unique across processes,
 * unlike Fastify's per-process counter): every log line of the request carries it as `reqId`,
 * the answer names it in `x-request-id`, and the request's async work runs inside it
 * (`requestContext`), so the index jobs a save queues carry it to the worker's log.
 */
import { randomUUID } from 'node:crypto';
import fp from 'fastify-plugin';
import { requestContext } from '@registry/platform/request-context.ts';

export function newRequestId(): string {
  return randomUUID();
}

export const requestContextPlugin = fp(
  async (app) => {
    app.addHook('onRequest', (request, reply, done) => {
      reply.header('x-request-id', request.id);
      requestContext.run({ requestId: request.id }, done);
    });
  },
  { name: 'registry-request-context' },
);

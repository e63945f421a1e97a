/**
 * The REST answer to a search that failed: 400 `{ error: "invalid query", message }` when the
 * arguments cannot run, 503 when the index cannot answer (logged with `what` failed). Any other
 * failure is thrown on to the error handler.
 */
import type { FastifyReply, FastifyRequest } from 'fastify';
import { Type } from '@sinclair/typebox';
import { sendError } from '../kernel/error-answer.ts';
import { InvalidQueryError, SearchUnavailableError } from './search-errors.ts';

/** The body of an error answer (this one's, and the error handler's): what the search routes declare for 400, 404 and 503. */
export const ErrorAnswer = Type.Object({ error: Type.String(), message: Type.Optional(Type.String()), statusCode: Type.Integer() });

export function sendSearchFailure(request: FastifyRequest, reply: FastifyReply, failure: unknown, what: string): FastifyReply {
  if (failure instanceof InvalidQueryError) {
    return reply.code(400).send({ error: failure.publicMessage, message: failure.message, statusCode: 400 });
  }
  if (failure instanceof SearchUnavailableError) {
    request.log.error({ err: failure }, `${what} failed`);
    return sendError(reply, 503, 'Search is unavailable at the moment; please try again shortly.');
  }
  throw failure;
}

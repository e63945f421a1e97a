/** The one error shape of every REST answer (SPEC §7): `{ error, message?, statusCode }` (http/errors.ts sends it for thrown errors). */
import type { FastifyReply } from 'fastify';
import { STATUS_CODES } from 'node:http';

interface ErrorBody {
  error: string;
  message?: string;
  statusCode: number;
}

export function errorBody(statusCode: number, message?: string): ErrorBody {
  const body: ErrorBody = { error: STATUS_CODES[statusCode] ?? 'Error', statusCode };
  if (message) body.message = message;
  return body;
}

export function sendError(reply: FastifyReply, statusCode: number, message?: string): FastifyReply {
  return reply.code(statusCode).type('application/json; charset=utf-8').send(errorBody(statusCode, message));
}

/**
 * One error shape for every REST answer (SPEC §7: a failed request yields an object with an
 * `error` field): `{ error, message?, statusCode }`. Bad input is a 4xx with a message that says
 * what was wrong; a server fault is a 500 with no internals (the details go to the log).
 */
import fp from 'fastify-plugin';
import type { FastifyError } from 'fastify';
import { BusyError, databaseInputError, DomainError } from '../domain-errors.ts';
import { errorBody, sendError } from '../kernel/error-answer.ts';

type ValidationIssue = NonNullable<FastifyError['validation']>[number];

const CHOICE_KEYWORDS = new Set(['const', 'enum', 'anyOf']);

/**
 * The values a choice allows (an enum, or a union of constants), by the place they were refused;
 * a place also refused for another reason (a union of a number and a constant) is not a choice.
 */
function allowedValuesByPlace(issues: ValidationIssue[]): Map<string, unknown[]> {
  const allowed = new Map<string, unknown[]>();
  const notChoices = new Set(issues.filter((issue) => !CHOICE_KEYWORDS.has(issue.keyword)).map((issue) => issue.instancePath));
  for (const issue of issues) {
    if (notChoices.has(issue.instancePath)) continue;
    const values = issue.keyword === 'const' ? [issue.params.allowedValue] : issue.keyword === 'enum' ? (issue.params.allowedValues as unknown[]) : [];
    if (values.length > 0) allowed.set(issue.instancePath, [...(allowed.get(issue.instancePath) ?? []), ...values]);
  }
  return allowed;
}

/**
 * Validation messages name the offending part: "querystring/page must be >= 1". A refused choice
 * says once what it may be ("querystring/registry must be one of: Standard, Database") instead of
 * Ajv's "must be equal to constant" for each member of the union.
 */
function validationMessage(error: FastifyError): string {
  const context = error.validationContext ?? 'request';
  const issues = error.validation ?? [];
  const allowed = allowedValuesByPlace(issues);
  const details = new Set<string>();
  for (const issue of issues) {
    const where = issue.instancePath ? `${context}${issue.instancePath}` : context;
    const choices = allowed.get(issue.instancePath);
    details.add(choices ? `${where} must be one of: ${choices.map(String).join(', ')}` : `${where} ${issue.message ?? 'is invalid'}`);
  }
  return details.size > 0 ? [...details].slice(0, 5).join('; ') : error.message;
}

export const errorsPlugin = fp(
  async (app) => {
    app.setErrorHandler((error: FastifyError, request, reply) => {
      if (error.validation) {
        return sendError(reply, 400, validationMessage(error));
      }
      const fromDatabase = databaseInputError(error);
      if (fromDatabase) {
        request.log.warn({ err: error }, 'database refused the input');
        return sendError(reply, fromDatabase.statusCode, fromDatabase.message);
      }
      const statusCode = typeof error.statusCode === 'number' && error.statusCode >= 400 && error.statusCode < 600
        ? error.statusCode
        : 500;
      if (statusCode >= 500 && error instanceof DomainError) {
        // A service's own 5xx (a job the worker did not answer in time) says what to do next.
        request.log.warn({ reason: error.message }, 'service unavailable');
        return sendError(reply, statusCode, error.message);
      }
      if (statusCode >= 500) {
        request.log.error({ err: error }, 'request failed');
        // Our own 503s (maintenance, read-only) are sent directly with sendError, never thrown.
        return sendError(reply, statusCode, 'The server could not complete this request.');
      }
      if (error instanceof BusyError) reply.header('retry-after', String(error.retryAfterSeconds));
      const details = (error as { details?: unknown }).details;
      if (details && typeof details === 'object') {
        return reply.code(statusCode).type('application/json; charset=utf-8').send({ ...errorBody(statusCode, error.message), ...details });
      }
      return sendError(reply, statusCode, error.message);
    });
  },
  { name: 'registry-errors' },
);

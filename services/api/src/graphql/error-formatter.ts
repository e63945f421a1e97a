/**
 * The one error formatter of the GraphQL endpoint (SPEC §8: the answer carries the `errors`
 * list). Messages of GraphQL syntax/validation errors and of errors raised on purpose
 * (GraphqlUserError) go out as they are; anything else becomes "internal server error" and its
 * details go to the log only, so no stack trace or SQL ever reaches a client.
 *
 * Status codes: 400 for a query that cannot run (syntax, validation, depth, cost, too long);
 * 503 when the search index is unreachable (the error says so); 200 when a resolver raised a
 * user-facing error (data carries what could be answered); 500 only for our own faults.
 */
import type { ExecutionResult, FormattedExecutionResult, GraphQLError, GraphQLFormattedError } from 'graphql';
import { graphqlRuntime } from '../kernel/graphql-runtime.ts';
import type { FastifyBaseLogger } from 'fastify';
import { GraphqlUserError } from '../kernel/graphql-errors.ts';

export const INTERNAL_ERROR_MESSAGE = 'internal server error';

export type PublicGraphqlError = GraphQLFormattedError;

interface ErrorWithNested {
  errors?: unknown[];
  statusCode?: number;
  code?: string;
}

function flatten(errors: readonly GraphQLError[]): { error: GraphQLError | Error; fromRequest: boolean; statusCode?: number }[] {
  const flat: { error: GraphQLError | Error; fromRequest: boolean; statusCode?: number }[] = [];
  for (const error of errors) {
    const original = error.originalError as (Error & ErrorWithNested) | undefined;
    // Mercurius wraps syntax, validation and depth errors of one request in MER_ERR_GQL_VALIDATION.
    if (original && Array.isArray(original.errors)) {
      for (const nested of original.errors) {
        flat.push({ error: nested instanceof Error ? nested : new Error(String(nested)), fromRequest: true, statusCode: original.statusCode });
      }
      continue;
    }
    flat.push({ error, fromRequest: false, statusCode: original?.statusCode });
  }
  return flat;
}

function publicError(error: GraphQLError | Error, fromRequest: boolean, log: FastifyBaseLogger): { body: PublicGraphqlError; code: string } {
  const graphqlError = error instanceof graphqlRuntime.GraphQLError ? error : null;
  const original = graphqlError ? graphqlError.originalError : error;
  const location = graphqlError ? { locations: graphqlError.locations, path: graphqlError.path } : {};

  if (original instanceof GraphqlUserError) {
    return { body: { message: original.message, ...location, extensions: { code: original.code } }, code: original.code };
  }
  // Errors of the request itself: syntax, unknown fields, depth, cost, batched or GET mutations.
  const isRequestError = fromRequest || (graphqlError !== null && original === undefined);
  const mercuriusCode = (original as ErrorWithNested | undefined)?.code;
  if (isRequestError || (typeof mercuriusCode === 'string' && mercuriusCode.startsWith('MER_ERR_'))) {
    const extensions = { ...(graphqlError?.extensions ?? {}), code: graphqlError?.extensions?.code ?? mercuriusCode ?? 'BAD_REQUEST' };
    return { body: { message: error.message, ...location, extensions }, code: 'BAD_REQUEST' };
  }
  // Transport errors raised by Fastify on this route (415 unsupported media type, 413, …) are the
  // client's fault and keep their own 4xx status.
  const transportStatus = (original as ErrorWithNested | undefined)?.statusCode;
  if (typeof transportStatus === 'number' && transportStatus >= 400 && transportStatus < 500) {
    return { body: { message: (original ?? error).message, extensions: { code: 'BAD_REQUEST' } }, code: 'BAD_REQUEST' };
  }
  log.error({ err: original ?? error, path: graphqlError?.path }, 'GraphQL resolver failed');
  return { body: { message: INTERNAL_ERROR_MESSAGE, ...location, extensions: { code: 'INTERNAL_SERVER_ERROR' } }, code: 'INTERNAL_SERVER_ERROR' };
}

export function formatGraphqlErrors(
  execution: ExecutionResult & { errors: readonly GraphQLError[] },
  log: FastifyBaseLogger,
): { statusCode: number; response: FormattedExecutionResult } {
  const formatted = flatten(execution.errors).map(({ error, fromRequest, statusCode }) => ({
    ...publicError(error, fromRequest, log),
    statusCode,
  }));
  const codes = new Set(formatted.map((entry) => entry.code));
  let statusCode = 200;
  if (codes.has('SEARCH_UNAVAILABLE')) statusCode = 503;
  else if (codes.has('BAD_REQUEST') && !execution.data) {
    const declared = formatted.find((entry) => entry.code === 'BAD_REQUEST' && entry.statusCode && entry.statusCode >= 400 && entry.statusCode < 500)?.statusCode;
    statusCode = declared ?? 400;
  } else if (codes.has('INTERNAL_SERVER_ERROR') && !execution.data) statusCode = 500;
  return { statusCode, response: { data: execution.data ?? null, errors: formatted.map((entry) => entry.body) } };
}

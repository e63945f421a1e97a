/**
 * Input that would fail deeper down is refused at the edge, for every route at once (a new
 * route needs no code of its own), with a 400 that says why:
 * - text that Postgres cannot store or that is not Unicode (a NUL character, an unpaired
 *   surrogate) anywhere in the path, the query string, the body or GraphQL variables;
 * - JSON nested deeper than MAX_INPUT_DEPTH: anything that walks it recursively (validators,
 *   GraphQL input coercion, loggers) could overflow the stack;
 * - the keys `__proto__` and `constructor` (prototype pollution), at any depth.
 * The checks are in input-checks.ts. String literals inside a GraphQL document are checked by
 * `storableTextRule` (graphql/storable-text-rule.ts). On the GraphQL route the answer takes the
 * GraphQL error shape.
 */
import fp from 'fastify-plugin';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { sendError } from '../kernel/error-answer.ts';
import { sendGraphqlError } from './graphql-transport.ts';
import { inputProblem, isStorableText, unstorableTextMessage } from './input-checks.ts';
import { markRefusedForCost } from './refused-for-cost.ts';
import { GRAPHQL_PATH } from '../kernel/graphql-context.ts';
import { decodedPathOf } from '../routes/api-paths.ts';

/** GET /graphql carries its variables as JSON text; mercurius parses it after this hook. */
function graphqlGetVariables(request: FastifyRequest): unknown {
  const variables = (request.query as { variables?: unknown } | undefined)?.variables;
  if (typeof variables !== 'string') return undefined;
  try {
    return JSON.parse(variables);
  } catch {
    return undefined; // mercurius answers 400 for variables that are not JSON
  }
}

function requestProblem(request: FastifyRequest): string | undefined {
  const path = decodedPathOf(request.url);
  if (!isStorableText(path)) return unstorableTextMessage('path');
  const isGraphqlGet = request.routeOptions.url === GRAPHQL_PATH && request.method === 'GET';
  return (
    inputProblem(request.params, 'params') ??
    inputProblem(request.query, 'querystring') ??
    inputProblem(request.body, 'body') ??
    (isGraphqlGet ? inputProblem(graphqlGetVariables(request), 'querystring/variables') : undefined)
  );
}

export const requestInputPlugin = fp(
  async (app) => {
    app.addHook('preValidation', async (request: FastifyRequest, reply: FastifyReply) => {
      const problem = requestProblem(request);
      if (problem === undefined) return;
      markRefusedForCost(request);
      if (request.routeOptions.url === GRAPHQL_PATH) return sendGraphqlError(reply, 400, problem, 'BAD_USER_INPUT');
      return sendError(reply, 400, problem);
    });
  },
  { name: 'registry-request-input' },
);

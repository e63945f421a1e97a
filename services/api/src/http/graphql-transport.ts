/**
 * Transport checks for /graphql, done at the edge before the GraphQL route sees the request:
 * a body over the size limit answers 413 and a body that is not valid JSON (or that the input
 * checks of input-checks.ts refuse: too deep, forbidden keys, unstorable text) answers 400,
 * both in the GraphQL error shape. The GraphQL route has its own error handler (mercurius), which
 * would otherwise report these transport failures as server faults. A `query` that is JSON text
 * (`[]`, `{}`, `1`) answers 400 too: mercurius would take it for a pre-parsed AST and fail while
 * validating it. The hooks run after routing and look at the matched route, so every spelling
 * of its URL (`/%67raphql`, `/graphql/`) is checked alike. The document's empty selection sets
 * are taken as none here, before anything parses it (../graphql/empty-selections.ts).
 */
import fp from 'fastify-plugin';
import { Readable } from 'node:stream';
import type { FastifyReply } from 'fastify';
import { GRAPHQL_PATH } from '../kernel/graphql-context.ts';
import { inputProblem } from './input-checks.ts';
import { markRefusedForCost } from './refused-for-cost.ts';
import { withoutEmptySelections } from './empty-selections.ts';

export interface GraphqlTransportPluginOptions {
  bodyLimit: number;
}

export function sendGraphqlError(reply: FastifyReply, statusCode: number, message: string, code: string): FastifyReply {
  return reply.code(statusCode).type('application/json; charset=utf-8').send({ data: null, errors: [{ message, extensions: { code } }] });
}

/**
 * How JSON text can start: an object's first key or its end, an array, a string, a number or a
 * literal. A GraphQL document starts otherwise (`{ field`, `query`, `#`…), so it is told apart
 * without the cost of a failed JSON.parse on every request.
 */
const JSON_START = /^\s*(?:\{\s*["}]|\[|"|-|\d|true|false|null)/;

/** True when the text is JSON; a GraphQL document never is (`{}` is not valid GraphQL). */
function isJsonText(text: string): boolean {
  if (!JSON_START.test(text)) return false;
  try {
    JSON.parse(text);
    return true;
  } catch {
    return false;
  }
}

const NOT_A_DOCUMENT = 'query must be a GraphQL document';

function queryOf(value: unknown): unknown {
  return value !== null && typeof value === 'object' ? (value as { query?: unknown }).query : undefined;
}

/** No query at all (mercurius answers that itself) or GraphQL text. */
function isDocumentOrAbsent(query: unknown): boolean {
  if (query === undefined || query === null) return true;
  return typeof query === 'string' && !isJsonText(query);
}

export const graphqlTransportPlugin = fp<GraphqlTransportPluginOptions>(
  async (app, options) => {
    // The document, from the query string, a JSON body or an `application/graphql` body (which
    // mercurius wraps as { query }), must be GraphQL text.
    app.addHook('preValidation', async (request, reply) => {
      if (request.routeOptions.url !== GRAPHQL_PATH) return;
      const carrier = request.method === 'GET' ? request.query : request.body;
      const query = queryOf(carrier);
      if (!isDocumentOrAbsent(query)) {
        return sendGraphqlError(reply, 400, NOT_A_DOCUMENT, 'BAD_REQUEST');
      }
      // Before anything reads the document (the rate limit's weight, the limit on expensive
      // requests, mercurius): FAIRsharing's `{field{}}` taken as `{field}` (empty-selections.ts).
      if (typeof query === 'string') (carrier as { query: string }).query = withoutEmptySelections(query);
    });

    app.addHook('preParsing', async (request, reply, payload) => {
      if (request.method !== 'POST' || request.routeOptions.url !== GRAPHQL_PATH) return payload;
      const contentType = String(request.headers['content-type'] ?? '').toLowerCase();
      if (!contentType.startsWith('application/json')) return payload;

      const chunks: Buffer[] = [];
      let size = 0;
      for await (const chunk of payload) {
        const buffer = Buffer.isBuffer(chunk) ? chunk : Buffer.from(chunk as string);
        size += buffer.length;
        if (size > options.bodyLimit) {
          sendGraphqlError(reply, 413, `request body is larger than ${options.bodyLimit} bytes`, 'PAYLOAD_TOO_LARGE');
          return Readable.from([]);
        }
        chunks.push(buffer);
      }
      const body = Buffer.concat(chunks);
      let parsed: unknown;
      try {
        parsed = JSON.parse(body.toString('utf8'));
      } catch {
        sendGraphqlError(reply, 400, 'request body is not valid JSON', 'BAD_REQUEST');
        return Readable.from([]);
      }
      const problem = inputProblem(parsed, 'body');
      if (problem !== undefined) {
        markRefusedForCost(request);
        sendGraphqlError(reply, 400, problem, 'BAD_REQUEST');
        return Readable.from([]);
      }
      return Readable.from([body]);
    });
  },
  { name: 'registry-graphql-transport' },
);

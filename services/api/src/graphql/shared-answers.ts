/**
 * Answers that are the same for every caller, kept as the bytes that were sent. The tag lists
 * (`searchTags`, `searchSubjects`, … without a filter: several hundred KB each, which the public
 * client asks for whole) took the event loop 50–100 ms each to read, execute and serialise, and a
 * few clients asking for them again and again slowed everyone's search. A query whose root fields
 * all answer from the vocabulary terms alone (SHARED_ROOT_FIELDS) is answered from this store
 * while the terms' revision (a number Postgres raises on every change to their tables, so every
 * API process sees a change at once) is the one it was built at; otherwise it runs as usual and
 * its answer, if it has no errors, is kept. Keyed by the document, its variables and operation
 * name and the viewer's role; bounded in bytes, the least recently used answer leaving first.
 * Registered before the limit on expensive requests: a kept answer costs a revision read and a
 * write, not the whole list, so it is not counted as one in flight (a page opening three pick
 * lists is ordinary use); building one that is not kept yet still counts, and the rate limit
 * bounds every request.
 */
import { createHash } from 'node:crypto';
import fp from 'fastify-plugin';
import { LRUCache } from 'lru-cache';
import type { FastifyRequest } from 'fastify';
import { GRAPHQL_PATH } from '../kernel/graphql-context.ts';
import { graphqlRequestRootFields } from '../kernel/graphql-root-fields.ts';

/**
 * Root fields whose answer is built from the vocabulary terms only, whoever asks. `searchDomains`
 * is not among them: a domain's `inFairsharing` follows the records that cite it.
 */
export const SHARED_ROOT_FIELDS: ReadonlySet<string> = new Set([
  'searchTags', 'searchSubjects', 'searchTaxonomies', 'searchUserDefinedTags', 'objectTypes', '__typename',
]);

/** Bytes of answers kept per process: every tag list a dozen times over. */
export const SHARED_ANSWERS_MAX_BYTES = 32 * 1024 * 1024;

interface KeptAnswer {
  revision: string;
  body: Buffer;
}

/** What a request that may be kept is waiting for: its key and the revision it was built at. */
interface Pending {
  key: string;
  revision: string;
  withoutErrors: boolean;
}

function requestDocument(request: FastifyRequest): { query?: unknown; variables?: unknown; operationName?: unknown } {
  const source = request.method === 'GET' ? request.query : request.body;
  return source !== null && typeof source === 'object' ? source : {};
}

/** Only queries (never mutations), answered from the terms alone; undefined for any other request. */
function sharedAnswerKey(request: FastifyRequest): string | undefined {
  if (request.routeOptions.url !== GRAPHQL_PATH) return undefined;
  const { query, variables, operationName } = requestDocument(request);
  if (typeof query !== 'string' || /^\s*(?:mutation|subscription)\b/.test(query)) return undefined;
  const rootFields = graphqlRequestRootFields(request);
  if (![...rootFields].every((name) => SHARED_ROOT_FIELDS.has(name)) || ![...rootFields].some((name) => name !== '__typename')) return undefined;
  const variablesText = typeof variables === 'string' ? variables : JSON.stringify(variables ?? null);
  return createHash('sha256')
    .update(`${request.viewer?.role ?? 'anonymous'}\0${String(operationName ?? '')}\0${variablesText}\0${query}`)
    .digest('base64url');
}

export const sharedAnswersPlugin = fp(
  async (app) => {
    const kept = new LRUCache<string, KeptAnswer>({ maxSize: SHARED_ANSWERS_MAX_BYTES, sizeCalculation: (answer) => answer.body.length });
    const pending = new WeakMap<FastifyRequest, Pending>();

    app.addHook('preHandler', async (request, reply) => {
      const key = sharedAnswerKey(request);
      if (key === undefined) return;
      const revision = await app.vocabularies.termRevision();
      const answer = kept.get(key);
      if (answer?.revision === revision) {
        return reply.type('application/json; charset=utf-8').send(answer.body);
      }
      pending.set(request, { key, revision, withoutErrors: false });
    });

    // The answer as an object: kept only when it carries no errors.
    app.addHook('preSerialization', async (request, _reply, payload) => {
      const waiting = pending.get(request);
      if (waiting) waiting.withoutErrors = (payload as { errors?: unknown } | null)?.errors === undefined;
      return payload;
    });

    app.addHook('onSend', async (request, reply, payload) => {
      const waiting = pending.get(request);
      if (!waiting?.withoutErrors || reply.statusCode !== 200 || (typeof payload !== 'string' && !Buffer.isBuffer(payload))) return payload;
      const body = typeof payload === 'string' ? Buffer.from(payload) : payload;
      if (body.length <= SHARED_ANSWERS_MAX_BYTES / 4) kept.set(waiting.key, { revision: waiting.revision, body });
      return body;
    });
  },
  { name: 'registry-shared-answers', dependencies: ['registry-domains', 'registry-auth'] },
);

/**
 * Helpers for GraphQL suites: the real app (buildApp) on a given config, queries sent the way
 * the public client sends them (POST {"query"}, JSON headers, optional bearer token), and a
 * counter of the SQL statements a request runs.
 */
import type { FastifyInstance } from 'fastify';
import type { Database, RegistryConfig } from '@registry/platform';
import { buildApp } from '@registry/api/app.ts';
import { signUserToken } from '@registry/api/http/auth.ts';
import { toGraphqlRequest, type GraphqlOperation } from '@registry/schemas/search/client/graphql-request.ts';

// Tests walk answers freely (answer.data!.a.b[0].c); typing every shape would only repeat the SDL.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type AnswerData = Record<string, any>;

export interface GraphqlAnswer {
  status: number;
  data: AnswerData | null;
  errors?: { message: string; extensions?: Record<string, unknown> }[];
}

export async function startGraphqlApp(config: RegistryConfig, db?: Database): Promise<FastifyInstance> {
  const app = await buildApp({ config, logger: process.env.GRAPHQL_TEST_LOG ? { level: 'error' } : false, db, rateLimitMax: 100_000 });
  await app.ready();
  return app;
}

/** Sends a document (inline arguments) or a document with variables, as the web app does. */
export async function sendQuery(app: FastifyInstance, query: GraphqlOperation, token?: string): Promise<GraphqlAnswer> {
  const response = await app.inject({
    method: 'POST',
    url: '/graphql',
    headers: {
      accept: 'application/json',
      'content-type': 'application/json',
      ...(token ? { authorization: `Bearer ${token}` } : {}),
    },
    payload: JSON.stringify(toGraphqlRequest(query)),
  });
  const body = response.json() as { data?: AnswerData | null; errors?: GraphqlAnswer['errors'] };
  return { status: response.statusCode, data: body.data ?? null, errors: body.errors };
}

export function tokenFor(app: FastifyInstance, userId: number): Promise<string> {
  return signUserToken(app, userId);
}

/** Counts the SQL statements `db` sends while `action` runs. */
export async function countQueries<T>(db: Database, action: () => Promise<T>): Promise<{ result: T; statements: string[] }> {
  const statements: string[] = [];
  const listener = (query: { sql: string }) => statements.push(query.sql);
  db.on('query', listener);
  try {
    const result = await action();
    return { result, statements };
  } finally {
    db.removeListener('query', listener);
  }
}

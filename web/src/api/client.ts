/**
 * The one HTTP client of the web app. Every call sends the JSON headers and client id of
 * SPEC §7, adds the bearer token when a session exists, and reports the mode headers
 * (`maintenance`, `read-only`) of every response, so any call can switch the app's mode.
 * A 429 is waited out and asked again (rate-limit-wait.ts), never a failure.
 */
import { toGraphqlRequest, type GraphqlOperation } from '@registry/schemas/search/client/graphql-request.ts';
import { fetchWaitingOutRateLimit } from './rate-limit-wait.ts';
import type { paths } from './rest-types.generated.ts';

export interface ResponseModes {
  status: number;
  maintenance: boolean;
  readOnly: boolean;
}

export class ApiError extends Error {
  override name = 'ApiError';
  constructor(
    message: string,
    readonly status: number,
    readonly details?: unknown,
  ) {
    super(message);
  }
}

/** What to tell the user of a failed call: the server's message when it refused, `fallback` otherwise (network, a fault). */
export function failureText(error: unknown, fallback: string): string {
  return error instanceof ApiError ? error.message : fallback;
}

export interface GraphqlError {
  message: string;
  path?: Array<string | number>;
  extensions?: Record<string, unknown>;
}

export interface RequestOptions {
  /** Cancels the request (e.g. when a newer search supersedes it). */
  signal?: AbortSignal;
  /** Sends the token even if the caller did not ask (default: send when logged in). */
  withToken?: boolean;
  /** A token to send instead of the session's (e.g. one just received from a third-party sign-in). */
  token?: string;
}

const CLIENT_ID = 'registry-web';

let tokenProvider: () => string | undefined = () => undefined;
let modeObserver: (modes: ResponseModes) => void = () => undefined;

/** The store registers how to read the current session token (avoids an import cycle). */
export function setTokenProvider(provider: () => string | undefined): void {
  tokenProvider = provider;
}

/** The store registers a listener for the mode headers of every response. */
export function setResponseModeObserver(observer: (modes: ResponseModes) => void): void {
  modeObserver = observer;
}

function requestHeaders(options: RequestOptions | undefined, hasBody: boolean): Record<string, string> {
  const headers: Record<string, string> = {
    Accept: 'application/json',
    'Cache-Control': 'no-cache',
    'X-Client-Id': CLIENT_ID,
  };
  if (hasBody) headers['Content-Type'] = 'application/json';
  const token = options?.token ?? tokenProvider();
  if (token && options?.withToken !== false) headers.Authorization = `Bearer ${token}`;
  return headers;
}

function reportModes(response: Response): void {
  modeObserver({
    status: response.status,
    maintenance: response.headers.get('maintenance') === 'true',
    readOnly: response.headers.get('read-only') === 'true',
  });
}

async function readJson(response: Response): Promise<unknown> {
  const text = await response.text();
  if (!text) return null;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    throw new ApiError(`Unexpected answer from the server (${response.status})`, response.status, text);
  }
}

async function send(method: string, path: string, body: unknown, options?: RequestOptions): Promise<unknown> {
  const response = await fetchWaitingOutRateLimit(path, {
    method,
    headers: requestHeaders(options, body !== undefined),
    body: body === undefined ? undefined : JSON.stringify(body),
    signal: options?.signal,
  });
  reportModes(response);
  const payload = await readJson(response);
  if (!response.ok) {
    throw new ApiError(failureMessage(payload, response.status), response.status, payload);
  }
  return payload;
}

/** The server's reason for a failure: its `message` (account answers, Fastify errors), else `error` (SPEC §7). */
function failureMessage(payload: unknown, status: number): string {
  if (payload && typeof payload === 'object') {
    for (const key of ['message', 'error'] as const) {
      const value = (payload as Record<string, unknown>)[key];
      if (typeof value === 'string' && value) return value;
    }
  }
  return `Request failed with status ${status}`;
}

type RestMethod = 'get' | 'post' | 'put' | 'delete';
type Operation<Path extends keyof paths, Method extends RestMethod> = NonNullable<paths[Path][Method]>;
/** The paths that answer `method`. */
export type RestPath<Method extends RestMethod> = { [Path in keyof paths]: paths[Path][Method] extends undefined ? never : Path }[keyof paths];
type SuccessStatus = 200 | 201 | 202 | 204;
type JsonOf<Response> = Response extends { content: { 'application/json': infer Json } } ? Json : null;
/** The JSON of an operation's success answers, as its route's response schema declares it. */
export type RestAnswer<Path extends keyof paths, Method extends RestMethod> = {
  [Status in keyof Operation<Path, Method>['responses']]: Status extends SuccessStatus ? JsonOf<Operation<Path, Method>['responses'][Status]> : never;
}[keyof Operation<Path, Method>['responses']];
type Parameters<Path extends keyof paths, Method extends RestMethod> = Operation<Path, Method>['parameters'];
type JsonBody<Path extends keyof paths, Method extends RestMethod> = Operation<Path, Method> extends { requestBody?: { content: { 'application/json': infer Body } } } ? Body : never;

/** What a typed call sends: the path's `{…}` parameters, the query string and the JSON body its route declares. */
export interface RestCall<Path extends keyof paths, Method extends RestMethod> extends RequestOptions {
  path?: Parameters<Path, Method>['path'];
  query?: Parameters<Path, Method>['query'];
  body?: JsonBody<Path, Method>;
}

/** `/link_health/{id}/adopt_final_url` with `{ id: 7 }` → `/link_health/7/adopt_final_url`, with the query string. */
function concretePath(template: string, pathParameters: unknown, query: unknown): string {
  const values = (pathParameters ?? {}) as Record<string, string | number>;
  const path = template.replace(/\{([^}]+)\}/g, (_whole, name: string) => encodeURIComponent(String(values[name])));
  const search = new URLSearchParams();
  for (const [name, value] of Object.entries((query ?? {}) as Record<string, unknown>)) {
    if (value === undefined || value === '') continue;
    for (const item of Array.isArray(value) ? value : [value]) search.append(name, String(item));
  }
  return search.size > 0 ? `${path}?${search}` : path;
}

/**
 * A REST call typed by its path and method from the served OpenAPI document
 * (rest-types.generated.ts, `npm run rest-types`): the parameters and body are checked against
 * the route's schemas and the answer has the type of its success schema. The one conversion is
 * here, where the parsed JSON meets the document that describes it.
 */
export async function rest<Method extends RestMethod, Path extends RestPath<Method>>(
  method: Method,
  path: Path,
  call: RestCall<Path, Method> = {},
): Promise<RestAnswer<Path, Method>> {
  const { path: pathParameters, query, body, ...options } = call;
  // A POST or PUT without a body sends `{}`, as the untyped calls did (SPEC §7 clients send JSON on every POST).
  const sent = body ?? (method === 'post' || method === 'put' ? {} : undefined);
  const answer: unknown = await send(method.toUpperCase(), concretePath(path, pathParameters, query), sent, options);
  return answer as RestAnswer<Path, Method>;
}

/** GET a REST path that answers a file (e.g. the curators' CSV downloads) in the media type `accept` names, and return its text. */
export async function restGetText(path: string, accept: string, options?: RequestOptions): Promise<string> {
  const response = await fetchWaitingOutRateLimit(path, { headers: { ...requestHeaders(options, false), Accept: accept }, signal: options?.signal });
  reportModes(response);
  if (!response.ok) {
    const payload = await readJson(response).catch(() => null);
    throw new ApiError(failureMessage(payload, response.status), response.status, payload);
  }
  return response.text();
}

/** Offers text made in the browser as a file download. */
export function saveFile(name: string, type: string, text: string): void {
  const url = URL.createObjectURL(new Blob([text], { type }));
  const anchor = document.createElement('a');
  anchor.href = url;
  anchor.download = name;
  anchor.click();
  setTimeout(() => URL.revokeObjectURL(url), 0);
}

/**
 * POST one GraphQL query (a document with inline arguments, as the public client writes them,
 * or a document with variables) and return `data`. An answer with `errors` rejects with an
 * ApiError whose message joins the error messages and whose `details` holds the list.
 */
export async function graphqlQuery<T>(operation: GraphqlOperation, options?: RequestOptions): Promise<T> {
  const payload = (await send('POST', '/graphql', toGraphqlRequest(operation), options)) as {
    data?: T;
    errors?: GraphqlError[];
  } | null;
  if (payload?.errors?.length) {
    throw new ApiError(payload.errors.map((error) => error.message).join('; '), 200, payload.errors);
  }
  if (!payload || payload.data === undefined || payload.data === null) {
    throw new ApiError('Empty GraphQL answer', 200);
  }
  return payload.data;
}

/** Quotes a value for an inline GraphQL argument (one implementation, shared with the query builders). */
export { graphqlString } from '@registry/schemas/search/client/graphql-literals.ts';

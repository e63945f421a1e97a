/**
 * A local stand-in for DataCite's REST API (JSON:API), for tests and development: `POST /dois`
 * with HTTP basic authentication registers a DOI under the repository's prefix (422 when it
 * exists or the body lacks what DataCite requires), `PUT /dois/{doi}` updates the attributes it
 * is sent of a registered DOI (404 when unknown), `GET /dois/{doi}` reads it back.
 */
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface FakeDatacite {
  url: string;
  prefix: string;
  repositoryId: string;
  password: string;
  /** Registered DOIs (lower-case) and the attributes sent. */
  dois: Map<string, Record<string, unknown>>;
  /** Answer the next N registrations with this status (to test failures). */
  failNext(status: number, times?: number): void;
  close(): Promise<void>;
}

async function bodyOf(request: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString('utf8');
}

const REQUIRED = ['doi', 'creators', 'titles', 'publisher', 'publicationYear', 'types', 'url'] as const;

export async function startFakeDatacite(options: { prefix?: string; repositoryId?: string; password?: string } = {}): Promise<FakeDatacite> {
  const prefix = options.prefix ?? '10.5072';
  const repositoryId = options.repositoryId ?? 'TEST.REGISTRY';
  const password = options.password ?? 'fake-datacite-password';
  const dois = new Map<string, Record<string, unknown>>();
  let failures: { status: number; times: number } | null = null;
  const expectedAuth = `Basic ${Buffer.from(`${repositoryId}:${password}`).toString('base64')}`;

  const server: Server = createServer(async (request, response) => {
    const send = (status: number, body: unknown) => {
      response.writeHead(status, { 'content-type': 'application/vnd.api+json' });
      response.end(JSON.stringify(body));
    };
    const error = (status: number, title: string) => send(status, { errors: [{ status: String(status), title }] });
    const path = (request.url ?? '').split('?')[0];
    if (request.method === 'GET' && path.startsWith('/dois/')) {
      const doi = decodeURIComponent(path.slice('/dois/'.length)).toLowerCase();
      const found = dois.get(doi);
      return found ? send(200, { data: { id: doi, type: 'dois', attributes: found } }) : error(404, 'The resource you are looking for doesn\'t exist.');
    }
    const updated = request.method === 'PUT' && path.startsWith('/dois/') ? decodeURIComponent(path.slice('/dois/'.length)).toLowerCase() : null;
    if (updated === null && (request.method !== 'POST' || path !== '/dois')) return error(404, 'The resource you are looking for doesn\'t exist.');
    if (request.headers.authorization !== expectedAuth) return error(401, 'Bad credentials.');
    if (!(request.headers['content-type'] ?? '').startsWith('application/vnd.api+json')) return error(415, 'Unsupported media type');
    if (failures && failures.times > 0) {
      failures.times -= 1;
      return error(failures.status, 'Simulated failure');
    }
    let body: { data?: { type?: string; attributes?: Record<string, unknown> } };
    try {
      body = JSON.parse(await bodyOf(request));
    } catch {
      return error(400, 'You need to provide a payload following the JSONAPI spec');
    }
    const attributes = body.data?.attributes;
    if (body.data?.type !== 'dois' || !attributes) return error(422, 'Wrong type or missing attributes');
    if (updated !== null) {
      // DataCite's update: the attributes sent replace those kept; the DOI itself cannot change.
      const kept = dois.get(updated);
      if (!kept) return error(404, 'The resource you are looking for doesn\'t exist.');
      const merged = { ...kept, ...attributes, doi: kept.doi };
      dois.set(updated, merged);
      return send(200, { data: { id: updated, type: 'dois', attributes: { ...merged, state: 'findable' } } });
    }
    const missing = REQUIRED.filter((key) => attributes[key] === undefined || attributes[key] === null || attributes[key] === '');
    if (missing.length > 0) return error(422, `Missing ${missing.join(', ')}`);
    const doi = String(attributes.doi).toLowerCase();
    if (!doi.startsWith(`${prefix}/`)) return error(422, `The prefix of ${doi} does not belong to ${repositoryId}`);
    if (dois.has(doi)) return error(422, 'This DOI has already been taken');
    dois.set(doi, attributes);
    send(201, { data: { id: doi, type: 'dois', attributes: { ...attributes, doi, state: attributes.event === 'publish' ? 'findable' : 'draft' } } });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    prefix,
    repositoryId,
    password,
    dois,
    failNext(status, times = 1) {
      failures = { status, times };
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

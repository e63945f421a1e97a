/**
 * The floor of any Node.js API between a client and OpenSearch, for `api.ts`: a bare node:http
 * server (no framework, no hooks, no validation) that builds the API's own OpenSearch body for
 * the query string, forwards it over a keep-alive connection, parses the answer and sends its
 * aggregations back as JSON. What the registry's API costs beyond this is its own; what this
 * costs beyond raw OpenSearch is the hop itself.
 * Run as a child process, so its CPU is its own: PORT, OPENSEARCH_URL, INDEX_PREFIX.
 */
import { createServer } from 'node:http';
import { recordsAlias } from '@registry/schemas';
import { aggregationBody, aggregationSearchPath } from './aggregation-request.ts';
import { keepAliveClient } from './keep-alive-http.ts';

const openSearch = keepAliveClient(process.env.OPENSEARCH_URL ?? 'http://127.0.0.1:9200');
const searchPath = aggregationSearchPath(recordsAlias(process.env.INDEX_PREFIX ?? ''));

createServer((incoming, outgoing) => {
  const url = new URL(incoming.url ?? '/', 'http://localhost');
  if (url.pathname === '/healthz') {
    outgoing.end('ok');
    return;
  }
  // Inside the promise, so a query string the API would refuse answers 502 instead of ending the process.
  Promise.resolve(url.searchParams).then((query) => openSearch.send('POST', searchPath, aggregationBody(query))).then(
    (answer) => {
      outgoing.setHeader('content-type', 'application/json');
      outgoing.end(JSON.stringify((JSON.parse(answer) as { aggregations: unknown }).aggregations));
    },
    (failure: unknown) => {
      outgoing.statusCode = 502;
      outgoing.end(String(failure));
    },
  );
}).listen(Number(process.env.PORT), '127.0.0.1');

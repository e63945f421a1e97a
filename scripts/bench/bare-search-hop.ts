/**
 * The floor of any Node.js API between a search client and OpenSearch, for `search.ts` (as
 * `bare-hop.ts` is for `api.ts`'s aggregations): a bare node:http server (no framework, no
 * GraphQL, no validation) that reads the search arguments as JSON, builds `searchRecords`' own
 * OpenSearch body (and its typo retry when the first matched nothing), forwards it over a
 * keep-alive connection, parses the answer and sends its hits and aggregations back as JSON.
 * What GraphQL over HTTP costs beyond this is the registry's own; what this costs beyond raw
 * OpenSearch is the hop itself. It listens in the bench's process, as the `http` line's server
 * does, so the two are measured alike.
 */
import { createServer, type IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';
import { once } from 'node:events';
import { ANONYMOUS_VIEWER } from '@registry/schemas';
import { buildSearchRecordsRequest, queryMatchedNothing, type SearchRecordsArgs } from '../../services/api/src/search/search-records.ts';
import type { SearchAnswer } from '../../services/api/src/search/search-execution.ts';
import { keepAliveClient } from './keep-alive-http.ts';

export interface BareSearchHop {
  /** `http://127.0.0.1:<port>`: POST / with the search arguments as a JSON body. */
  base: string;
  close(): Promise<void>;
}

async function readBody(incoming: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of incoming) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString();
}

export async function startBareSearchHop(openSearchUrl: string, alias: string): Promise<BareSearchHop> {
  const openSearch = keepAliveClient(openSearchUrl);
  const searchPath = `/${alias}/_search?request_cache=true`;
  const send = async (body: Record<string, unknown>): Promise<SearchAnswer> =>
    JSON.parse(await openSearch.send('POST', searchPath, JSON.stringify(body))) as SearchAnswer;
  const search = async (args: SearchRecordsArgs): Promise<SearchAnswer> => {
    const first = buildSearchRecordsRequest(args, ANONYMOUS_VIEWER);
    const answer = await send(first.body);
    if (!first.typoRetry || !queryMatchedNothing(answer)) return answer;
    return send(buildSearchRecordsRequest(args, ANONYMOUS_VIEWER, { typoRetry: true }).body);
  };
  const server = createServer((incoming, outgoing) => {
    // Inside the promise, so arguments searchRecords would refuse answer 502 instead of ending the bench.
    readBody(incoming)
      .then((text) => search(JSON.parse(text) as SearchRecordsArgs))
      .then(
        (answer) => {
          outgoing.setHeader('content-type', 'application/json');
          outgoing.end(JSON.stringify({ hits: answer.hits.hits, total: answer.hits.total, aggregations: answer.aggregations }));
        },
        (failure: unknown) => {
          outgoing.statusCode = 502;
          outgoing.end(String(failure));
        },
      );
  });
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  const { port } = server.address() as AddressInfo;
  return {
    base: `http://127.0.0.1:${port}`,
    async close() {
      openSearch.close();
      server.closeAllConnections();
      server.close();
      await once(server, 'close');
    },
  };
}

/** Reading back what the indexer wrote, for assertions. */
import type { SearchClient } from '@registry/platform';
import type { RecordSearchDocument } from '@registry/schemas';

export async function indexedDocument(client: SearchClient, index: string, id: number): Promise<RecordSearchDocument | undefined> {
  const response = await client.get({ index, id: String(id) }, { ignore: [404] });
  const body = response.body as { found?: boolean; _source?: RecordSearchDocument };
  return body.found ? body._source : undefined;
}

/** Revision of every document in the index, by record id. */
export async function indexedRevisions(client: SearchClient, index: string): Promise<Map<number, number>> {
  await client.indices.refresh({ index });
  const response = await client.search({ index, body: { size: 10_000, _source: ['id', 'revision'], query: { match_all: {} } } });
  const hits = response.body.hits.hits as { _source: { id: number; revision: number } }[];
  return new Map(hits.map((hit) => [hit._source.id, hit._source.revision]));
}

/** Polls `check` until it returns true or `timeoutMs` passes (then fails with `what`). */
export async function waitFor(what: string, check: () => Promise<boolean>, timeoutMs = 30_000, everyMs = 250): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    if (await check()) return;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, everyMs));
  }
}

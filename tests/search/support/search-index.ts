/**
 * A records index of the real mapping, filled directly with search documents (bulk), behind
 * its own alias: for search tests and benches that measure queries, not indexing.
 */
import type { SearchClient } from '@registry/platform';
import { newRecordsIndexName, recordsAlias, recordsMapping, type RecordSearchDocument } from '@registry/schemas';

export interface DirectSearchIndex {
  alias: string;
  index: string;
  drop(): Promise<void>;
}

const BULK_CHUNK = 2_000;

/**
 * Creates the index, fills it, then points the alias at it: whoever sees the alias sees a
 * complete, refreshed index. Fails with `resource_already_exists_exception` if `index` exists.
 */
export async function createDirectSearchIndex(
  client: SearchClient,
  indexPrefix: string,
  documents: Iterable<RecordSearchDocument>,
  index: string = newRecordsIndexName(indexPrefix),
): Promise<DirectSearchIndex> {
  const alias = recordsAlias(indexPrefix);
  const { settings, mappings } = recordsMapping;
  await client.indices.create({ index, body: { settings: { ...settings, refresh_interval: '-1' }, mappings } as never });
  let chunk: RecordSearchDocument[] = [];
  const flush = async (): Promise<void> => {
    if (!chunk.length) return;
    const body = chunk.flatMap((document) => [{ index: { _index: index, _id: String(document.id) } }, document]);
    const response = await client.bulk({ body });
    const result = response.body as { errors: boolean; items: { index?: { error?: unknown } }[] };
    if (result.errors) {
      const firstError = result.items.find((item) => item.index?.error)?.index?.error;
      throw new Error(`bulk indexing failed: ${JSON.stringify(firstError)}`);
    }
    chunk = [];
  };
  for (const document of documents) {
    chunk.push(document);
    if (chunk.length >= BULK_CHUNK) await flush();
  }
  await flush();
  await client.indices.putSettings({ index, body: { index: { refresh_interval: '1s' } } });
  await client.indices.refresh({ index });
  await client.indices.putAlias({ index, name: alias });
  return {
    alias,
    index,
    async drop() {
      await client.indices.delete({ index }).catch(() => undefined);
    },
  };
}

/** Number of documents behind an alias, or 0 when it does not exist. */
export async function countDocuments(client: SearchClient, alias: string): Promise<number> {
  try {
    const response = await client.count({ index: alias });
    return (response.body as { count: number }).count;
  } catch {
    return 0;
  }
}

/**
 * The search suites' catalogue: the real corpus (see corpus-documents.ts) in its own index
 * under this run's INDEX_PREFIX, built once per `vitest run` by whichever test file asks
 * first (the others wait for its alias). The run's global teardown drops it with the
 * run's other indices.
 */
import { createSearchClient, loadConfig, type SearchClient } from '@registry/platform';
import { recordsAlias, type RecordSearchDocument } from '@registry/schemas';
import type { SearchDependencies } from '../../../services/api/src/search/search-execution.ts';
import { buildCorpusDocuments } from './corpus-documents.ts';
import { countDocuments, createDirectSearchIndex } from './search-index.ts';

export interface SearchFixture {
  deps: SearchDependencies;
  client: SearchClient;
  documents: RecordSearchDocument[];
  byId: Map<number, RecordSearchDocument>;
}

const WAIT_FOR_OTHER_BUILDER_MS = 240_000;

function isAlreadyExists(failure: unknown): boolean {
  return JSON.stringify((failure as { body?: unknown }).body ?? '').includes('resource_already_exists_exception');
}

async function aliasExists(client: SearchClient, alias: string): Promise<boolean> {
  const response = await client.indices.existsAlias({ name: alias });
  return response.statusCode === 200;
}

export async function searchFixture(): Promise<SearchFixture> {
  const config = loadConfig(process.env);
  const client = createSearchClient(config);
  const indexPrefix = `${config.indexPrefix}searchfixture_`;
  const alias = recordsAlias(indexPrefix);
  const documents = buildCorpusDocuments();
  if (!(await aliasExists(client, alias))) {
    try {
      await createDirectSearchIndex(client, indexPrefix, documents, `${alias}-v1-fixture`);
    } catch (failure) {
      if (!isAlreadyExists(failure)) throw failure;
      const deadline = Date.now() + WAIT_FOR_OTHER_BUILDER_MS;
      while (!(await aliasExists(client, alias))) {
        if (Date.now() > deadline) throw new Error(`search fixture ${alias} was not built in time`);
        await new Promise((resolve) => setTimeout(resolve, 500));
      }
    }
  }
  const count = await countDocuments(client, alias);
  if (count !== documents.length) throw new Error(`search fixture holds ${count} documents, expected ${documents.length}`);
  return { deps: { client, alias }, client, documents, byId: new Map(documents.map((document) => [document.id, document])) };
}

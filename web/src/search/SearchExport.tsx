/**
 * The current results as CSV or JSON files. Both come from `downloadSearchResults` (every
 * record of the search, CSV lines); the JSON is the same rows as objects keyed by the CSV header.
 * d3-dsv loads only when a JSON download is asked for, keeping it out of the search page's code.
 */
import { Button, HStack } from '@chakra-ui/react';
import { useState } from 'react';
import { fragmentSelection, graphqlArguments } from '@registry/schemas/search/client/graphql-literals.ts';
import { searchArguments, type SearchArgumentTypes } from '@registry/schemas/search/client/search-query.ts';
import type { SearchState } from '@registry/schemas/search/client/search-state.ts';
import { graphqlQuery, saveFile } from '../api/client.ts';
import { stringList } from '../kit/json-values.ts';
import type { SearchDownloadFragment } from './SearchExport.generated.ts';

/** What a download reads (its type is generated: SearchExport.generated.ts); the arguments are the search's. */
const SEARCH_DOWNLOAD_FRAGMENT = /* GraphQL */ `
  fragment SearchDownload on DownloadResult { fileData }
`;

/** Paging does not apply to a download of every result. */
const NOT_DOWNLOAD_ARGUMENTS = ['page', 'perPage'];

async function downloadCsvLines(state: SearchState, argumentTypes: SearchArgumentTypes | undefined): Promise<string[]> {
  const args = searchArguments(state, { argumentTypes });
  for (const name of NOT_DOWNLOAD_ARGUMENTS) delete args[name];
  const answer = await graphqlQuery<{ downloadSearchResults: SearchDownloadFragment | null }>(
    `{downloadSearchResults${graphqlArguments(args)}{${fragmentSelection(SEARCH_DOWNLOAD_FRAGMENT)}}}`,
  );
  // fileData is JSON: the CSV lines, header first.
  const lines = answer.downloadSearchResults?.fileData;
  if (!Array.isArray(lines)) throw new Error('The search results could not be downloaded');
  return stringList(lines);
}

/**
 * The CSV's rows as objects keyed by its header. d3-dsv's csvParse builds them with `new Function`,
 * which the site's content security policy (no eval) refuses, so rows are parsed as arrays.
 */
async function rowsAsObjects(csv: string): Promise<Record<string, string>[]> {
  const { csvParseRows } = await import('d3-dsv');
  const [header = [], ...rows] = csvParseRows(csv);
  return rows.map((row) => Object.fromEntries(header.map((name, index) => [name, row[index] ?? ''])));
}

export function SearchExport({ state, argumentTypes }: { state: SearchState; argumentTypes?: SearchArgumentTypes }) {
  const [busy, setBusy] = useState<'csv' | 'json' | null>(null);
  const [failed, setFailed] = useState(false);
  const download = async (format: 'csv' | 'json') => {
    setBusy(format);
    setFailed(false);
    try {
      const lines = await downloadCsvLines(state, argumentTypes);
      const csv = `${lines.join('\r\n')}\r\n`;
      if (format === 'csv') saveFile('search-results.csv', 'text/csv;charset=utf-8', csv);
      else {
        saveFile('search-results.json', 'application/json', JSON.stringify(await rowsAsObjects(csv), null, 2));
      }
    } catch {
      setFailed(true);
    } finally {
      setBusy(null);
    }
  };
  return (
    <HStack gap="2" data-testid="search-export">
      <Button size="xs" variant="outline" loading={busy === 'csv'} onClick={() => void download('csv')}>
        {failed ? 'Download failed, retry CSV' : 'Download CSV'}
      </Button>
      <Button size="xs" variant="outline" loading={busy === 'json'} onClick={() => void download('json')}>
        Download JSON
      </Button>
    </HStack>
  );
}

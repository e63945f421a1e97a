/**
 * A dashboard table read one page at a time from the API (server-side paging and sorting):
 * a sort choice (when the list can be sorted), the rows, Previous / Next. `reload` re-reads the
 * page after an action changed it.
 */
import { Button, HStack, NativeSelect, Stack, Text } from '@chakra-ui/react';
import { useCallback, useState, type ReactNode } from 'react';
import { failureText } from '../api/client.ts';
import { FormAnswer } from '../kit/FormFields.tsx';
import { identityKey, latestData, useLoad } from '../kit/useLoad.ts';
import { CURATION_SORTS, type CurationSort, type PageQuery } from './curation-api.ts';
import { RowsTable } from './RowsTable.tsx';

export const PER_PAGE = 20;

export function PagedTable<T extends { id: string | number }>({ label, headings, load, renderRow, empty, testId, sortable = true, header }: {
  label: string;
  headings: string[];
  load(query: PageQuery): Promise<T[]>;
  renderRow(row: T, reload: () => void): ReactNode;
  empty: string;
  testId: string;
  sortable?: boolean;
  /** Shown above the table once a page is read (e.g. a count). */
  header?: ReactNode;
}) {
  const [page, setPage] = useState(1);
  const [sort, setSort] = useState<CurationSort | ''>('');
  const [version, setVersion] = useState(0);
  const reload = useCallback(() => setVersion((value) => value + 1), []);
  const result = useLoad<T[]>({ key: `${identityKey(load)}:${page}:${sort}:${version}`, load: () => load({ page, perPage: PER_PAGE, sort: sort || undefined }) });
  const rows = latestData(result) ?? null;
  const error = result.status === 'error' ? failureText(result.error, 'The list could not be loaded; try again.') : null;

  return (
    <Stack gap="3">
      {sortable && (
        <HStack gap="2">
          <Text asChild fontSize="sm" fontWeight="medium"><label htmlFor={`${testId}-sort`}>Sort by</label></Text>
          <NativeSelect.Root size="sm" w="60">
            <NativeSelect.Field id={`${testId}-sort`} value={sort} onChange={(event) => { setSort(event.target.value as CurationSort | ''); setPage(1); }}>
              <option value="">Default order</option>
              {CURATION_SORTS.map((option) => <option key={option.id} value={option.id}>{option.label}</option>)}
            </NativeSelect.Field>
            <NativeSelect.Indicator />
          </NativeSelect.Root>
        </HStack>
      )}
      {header}
      {error && <FormAnswer kind="error">{error}</FormAnswer>}
      {rows === null && !error && <Text color="fg.muted">Loading…</Text>}
      {rows !== null && rows.length === 0 && <Text data-testid={`${testId}-empty`}>{page === 1 ? empty : 'No more rows.'}</Text>}
      {rows !== null && rows.length > 0 && (
        <RowsTable label={label} headings={headings} testId={testId}>
          {rows.map((row) => renderRow(row, reload))}
        </RowsTable>
      )}
      <HStack gap="3">
        <Button size="sm" variant="outline" disabled={page === 1} onClick={() => setPage(page - 1)}>Previous page</Button>
        <Text fontSize="sm" aria-live="polite">Page {page}</Text>
        <Button size="sm" variant="outline" disabled={rows === null || rows.length < PER_PAGE} onClick={() => setPage(page + 1)}>Next page</Button>
      </HStack>
    </Stack>
  );
}

/**
 * The results column of a search page: the count, the typo retry's note, the result rows or
 * why there are none (a failed or invalid search, a page past the end, no match with perhaps a
 * suggested query), and the pages.
 */
import { Alert, Box, Button, Flex, Spinner, Text } from '@chakra-ui/react';
import { DEFAULT_PAGE } from '@registry/schemas/search/client/search-state.ts';
import { Link as RouterLink } from 'react-router';
import { Pagination } from '../kit/Pagination.tsx';
import { SearchExport } from './SearchExport.tsx';
import { SearchResultList } from '../kit/records/SearchResultRow.tsx';
import type { SearchPageModel } from './useSearchPage.ts';

export function SearchResults({ page }: { page: SearchPageModel }) {
  const { result, answer, invalid, state, showAll, argumentTypes, resultsRef, searchPath, goToResults, stripPreset } = page;
  const ready = result.status === 'ready' && !invalid;
  const records = invalid ? [] : (answer?.records ?? []);
  const totalCount = answer?.totalCount ?? 0;
  const totalPages = answer?.totalPages ?? 0;
  const pastTheEnd = ready && records.length === 0 && totalPages > 0 && state.page > totalPages;
  const correctedQuery = ready ? answer?.correctedQuery : null;
  const suggestedQuery = ready ? answer?.suggestedQuery : null;

  return (
    <Box as="section" aria-label="Results" flex="1" minW="0" width="full" ref={resultsRef} scrollMarginTop="2">
      <Flex justify="space-between" align="center" mb="3" minH="8">
        <Text role="status" aria-live="polite" data-testid="result-count" fontWeight="medium">
          {ready ? `${totalCount} record${totalCount === 1 ? '' : 's'} found` : ''}
        </Text>
        {result.status === 'loading' ? <Spinner size="sm" aria-label="Loading results" /> : null}
        {showAll && ready && totalCount > 0 ? <SearchExport state={state} argumentTypes={argumentTypes} /> : null}
      </Flex>
      {correctedQuery ? (
        <Text mb="3" data-testid="did-you-mean">
          Showing results for <em>{correctedQuery}</em>.{' '}
          <RouterLink to={searchPath({ ...state, exact: true, page: DEFAULT_PAGE })} style={{ textDecoration: 'underline' }}>
            Search instead for “{state.q}”
          </RouterLink>
        </Text>
      ) : null}
      {result.status === 'error' ? (
        <Alert.Root status="error" data-testid="search-error">
          <Alert.Indicator />
          <Alert.Content>
            <Alert.Title>The search failed</Alert.Title>
            <Alert.Description>{result.message}</Alert.Description>
          </Alert.Content>
        </Alert.Root>
      ) : invalid ? (
        <Alert.Root status="warning" data-testid="search-invalid">
          <Alert.Indicator />
          <Alert.Content>
            <Alert.Title>Invalid query</Alert.Title>
            <Alert.Description>This search could not be understood. Check the search text and the filters.</Alert.Description>
          </Alert.Content>
        </Alert.Root>
      ) : pastTheEnd ? (
        <Alert.Root status="info" data-testid="search-past-end">
          <Alert.Indicator />
          <Alert.Content>
            <Alert.Title>
              Page {state.page} is past the end: these {totalCount} records fill {totalPages} page{totalPages === 1 ? '' : 's'}
            </Alert.Title>
            <Alert.Description>
              <Button size="sm" mt="2" variant="outline" onClick={() => goToResults(stripPreset({ ...state, page: totalPages }))}>
                Go to the last page ({totalPages})
              </Button>
            </Alert.Description>
          </Alert.Content>
        </Alert.Root>
      ) : result.status === 'ready' && records.length === 0 ? (
        <Alert.Root status="info" data-testid="search-empty">
          <Alert.Indicator />
          <Alert.Content>
            <Alert.Title>No records match this search</Alert.Title>
            <Alert.Description>
              {suggestedQuery ? (
                <Text as="span" display="block" mb="1" data-testid="search-suggested-query">
                  Did you mean{' '}
                  <RouterLink to={searchPath({ ...state, q: suggestedQuery, exact: false, page: DEFAULT_PAGE })} style={{ textDecoration: 'underline', fontWeight: 600 }}>
                    {suggestedQuery}
                  </RouterLink>
                  ?
                </Text>
              ) : null}
              Try fewer filters, other words, or “Match all terms” off.
            </Alert.Description>
          </Alert.Content>
        </Alert.Root>
      ) : (
        <Box opacity={result.status === 'loading' ? 0.6 : 1} aria-busy={result.status === 'loading'}>
          <SearchResultList records={records} label="Search results" />
        </Box>
      )}
      {showAll && !invalid && result.status !== 'error' ? (
        <Pagination page={state.page} totalPages={totalPages} onPage={(next) => goToResults(stripPreset({ ...state, page: next }))} />
      ) : null}
    </Box>
  );
}

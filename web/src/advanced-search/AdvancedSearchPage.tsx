/**
 * /advancedsearch: the dialog opens by itself (SPEC §2), pre-filled from the URL, and the page
 * shows what the URL's search asks for (its criteria in words) and its results: loading, then
 * results or an error flag. The results load behind the dialog a shared link opens, whose top
 * says what the link searches and how many records it finds, so Proceed shows them at once.
 * Proceed, from this page's dialog or another page's, lands on the results with the dialog closed.
 */
import { Alert, Box, Button, Flex, Heading, Spinner, Stack, Text } from '@chakra-ui/react';
import { useEffect, useMemo, useState } from 'react';
import { useLocation } from 'react-router';
import { usePageTitle } from '../shell/usePageTitle.ts';
import type { AdvancedSearchResultFragment } from './advanced-search-form.generated.ts';
import { Pagination } from '../kit/Pagination.tsx';
import { DEFAULT_PER_PAGE } from '@registry/schemas/search/client/search-state.ts';
import { SearchResultList } from '../kit/records/SearchResultRow.tsx';
import { useLatestQuery } from '../kit/useLatestQuery.ts';
import { buildAdvancedSearchQuery, hasAdvancedSearch, parseAdvancedSearchLocation } from './advanced-search-form.ts';
import { AdvancedSearchDialog, PROCEEDED } from './AdvancedSearchDialog.tsx';
import { advancedSearchSummary, type AdvancedSearchSummary } from './advanced-search-summary.ts';
import { AdvancedSearchSummaryBox } from './AdvancedSearchSummaryBox.tsx';

/**
 * Above the dialog's form when it opens on a search (a shared link): what the link searches and,
 * once the results behind the dialog have arrived, how many it finds; Proceed shows them at once.
 */
function LinkedSearchIntro({ summary, found }: { summary: AdvancedSearchSummary; found: number | null }) {
  return (
    <Stack gap="2">
      <AdvancedSearchSummaryBox summary={summary} label="This search" testId="advanced-search-dialog-summary" />
      <Text fontSize="sm" color="fg.muted" data-testid="advanced-search-dialog-count">
        {found === null ? 'Searching…' : `${found} record${found === 1 ? '' : 's'} found. Proceed to see them, or change the search below.`}
      </Text>
    </Stack>
  );
}

export function AdvancedSearchPage() {
  usePageTitle('Advanced search');
  const location = useLocation();
  const searching = hasAdvancedSearch(location.search);
  const proceeded = (location.state as Partial<typeof PROCEEDED> | null)?.advancedSearchProceeded === true;
  const [dialogOpen, setDialogOpen] = useState(!proceeded);
  // The API answers every match at once; the page shows them a page at a time.
  const [page, setPage] = useState(1);
  const parsed = useMemo(() => (searching ? parseAdvancedSearchLocation(location.search) : null), [searching, location.search]);
  const query = useMemo(() => (parsed ? buildAdvancedSearchQuery(parsed) : null), [parsed]);
  const summary = parsed ? advancedSearchSummary(parsed.q, parsed.where) : null;
  const result = useLatestQuery<{ advancedSearch: AdvancedSearchResultFragment[] | null }>(query);
  // A new search (Proceed) lands here with the dialog closed; a visit without one opens it.
  useEffect(() => {
    if (!searching) setDialogOpen(true);
  }, [searching]);
  useEffect(() => setPage(1), [location.search]);

  const records = result.status === 'ready' ? (result.data.advancedSearch ?? []) : [];
  const totalPages = Math.ceil(records.length / DEFAULT_PER_PAGE);
  const shown = records.slice((page - 1) * DEFAULT_PER_PAGE, page * DEFAULT_PER_PAGE);
  return (
    <Box maxW="7xl" mx="auto" px={{ base: '3', md: '6' }} py="6">
      <Flex justify="space-between" align="center" wrap="wrap" gap="3" mb="4">
        <Heading as="h1" size="2xl">
          Advanced search
        </Heading>
        <Button size="sm" variant="outline" onClick={() => setDialogOpen(true)}>
          Edit advanced search
        </Button>
      </Flex>
      <AdvancedSearchDialog
        isOpen={dialogOpen}
        onClose={() => setDialogOpen(false)}
        intro={summary ? <LinkedSearchIntro summary={summary} found={result.status === 'ready' ? records.length : null} /> : null}
      />
      {summary ? (
        <Box mb="4">
          <AdvancedSearchSummaryBox summary={summary} label="Search criteria" testId="advanced-search-summary" />
        </Box>
      ) : null}
      {!searching ? (
        <Text color="fg.muted">Build a query in the advanced search dialog to see results here.</Text>
      ) : result.status === 'loading' ? (
        <Flex role="status" aria-live="polite" gap="3" align="center" data-testid="advanced-search-loading">
          <Spinner size="sm" />
          <Text>Searching…</Text>
        </Flex>
      ) : result.status === 'error' ? (
        <Alert.Root status="error" data-testid="advanced-search-error">
          <Alert.Indicator />
          <Alert.Content>
            <Alert.Title>The advanced search failed</Alert.Title>
            <Alert.Description>{result.message}</Alert.Description>
          </Alert.Content>
        </Alert.Root>
      ) : result.status === 'ready' ? (
        <>
          <Text role="status" aria-live="polite" data-testid="result-count" fontWeight="medium" mb="3">
            {records.length} record{records.length === 1 ? '' : 's'} found
          </Text>
          {records.length === 0 ? (
            <Alert.Root status="info" data-testid="search-empty">
              <Alert.Indicator />
              <Alert.Title>No records match this advanced search</Alert.Title>
            </Alert.Root>
          ) : (
            <>
              <SearchResultList records={shown} label="Advanced search results" />
              <Pagination
                page={page}
                totalPages={totalPages}
                onPage={(next) => {
                  setPage(next);
                  window.scrollTo({ top: 0 });
                }}
              />
            </>
          )}
        </>
      ) : null}
    </Box>
  );
}

/**
 * /advancedsearch. Without a search the builder opens by itself (SPEC §2). With one (a shared
 * link, or after Proceed) the page is the search page over the advanced search's results: its
 * criteria in words, the same sort, page size, facets (counted within the advanced results,
 * narrowing them, kept in the URL) and download, all searching with the URL's rules
 * (search-state.ts `where`); "Edit advanced search" opens the builder with the query loaded.
 */
import { Box, Button, Flex, Heading, Text } from '@chakra-ui/react';
import { useEffect, useState } from 'react';
import { useLocation } from 'react-router';
import { usePageTitle } from '../shell/usePageTitle.ts';
import { SearchPage } from '../search/SearchPage.tsx';
import { hasAdvancedSearch, parseAdvancedSearchLocation } from './advanced-search-form.ts';
import { AdvancedSearchDialog } from './AdvancedSearchDialog.tsx';
import { advancedSearchSummary } from './advanced-search-summary.ts';
import { AdvancedSearchSummaryBox } from './AdvancedSearchSummaryBox.tsx';

export function AdvancedSearchPage() {
  usePageTitle('Advanced search');
  const location = useLocation();
  const searching = hasAdvancedSearch(location.search);
  const [dialogOpen, setDialogOpen] = useState(!searching);
  // A visit without a search opens the builder; Proceed lands on the results with it closed.
  useEffect(() => setDialogOpen(!searching), [searching]);

  const edit = (
    <Button size="sm" variant="outline" onClick={() => setDialogOpen(true)} data-testid="edit-advanced-search">
      Edit advanced search
    </Button>
  );
  const dialog = <AdvancedSearchDialog isOpen={dialogOpen} onClose={() => setDialogOpen(false)} />;
  if (!searching) {
    return (
      <Box maxW="7xl" mx="auto" px={{ base: '3', md: '6' }} py="6">
        <Flex justify="space-between" align="center" wrap="wrap" gap="3" mb="4">
          <Heading as="h1" size="2xl">
            Advanced search
          </Heading>
          {edit}
        </Flex>
        {dialog}
        <Text color="fg.muted">Build a query in the advanced search dialog to see results here.</Text>
      </Box>
    );
  }
  const parsed = parseAdvancedSearchLocation(location.search);
  const summary = advancedSearchSummary(parsed.q, parsed.where);
  return (
    <>
      {dialog}
      <SearchPage headingAction={edit} intro={<AdvancedSearchSummaryBox summary={summary} label="Search criteria" testId="advanced-search-summary" />} />
    </>
  );
}

/**
 * The records of the selected term, from the search index (`searchFairsharingRecords` filtered
 * on the term's label: records annotated with this very term; with "include narrower terms",
 * on its label and those of every narrower term, which is the tree's count), styled like the
 * search results, with paging and a per-page control. All of it lives in the URL.
 */
import { Alert, Box, Checkbox, Flex, Heading, Link, Text } from '@chakra-ui/react';
import { useMemo } from 'react';
import { Link as RouterLink } from 'react-router';
import { PageLoading } from '../kit/PageLoading.tsx';
import { fragmentSelection, graphqlArguments } from '@registry/schemas/search/client/graphql-literals.ts';
import { Pagination } from '../kit/Pagination.tsx';
import { PerPageSelect } from '../kit/PerPageSelect.tsx';
import { SEARCH_RESULT_FIELDS } from '@registry/schemas/search/client/search-query.ts';
import { SearchResultList } from '../kit/records/SearchResultRow.tsx';
import type { SearchResultFieldsFragment } from '@registry/schemas/search/client/search-query.generated.ts';
import type { TermRecordsPageFragment } from './TermRecords.generated.ts';
import { useLatestQuery } from '../kit/useLatestQuery.ts';
import { namesWithNarrower, PER_PAGE_CHOICES, type TermNode } from './subject-tree.ts';
import type { BrowsableVocabulary } from '../kit/vocabularies.ts';

/** The page a term's records come in (its type is generated: TermRecords.generated.ts); each record is a search result row. */
const TERM_RECORDS_PAGE_FRAGMENT = /* GraphQL */ `
  fragment TermRecordsPage on SearchResult { currentPage perPage totalCount totalPages }
`;

export function termRecordsQuery(argument: BrowsableVocabulary['searchArgument'], labels: string[], page: number, perPage: number): string {
  const args = graphqlArguments({ [argument]: labels, page, perPage });
  return `{searchFairsharingRecords${args}{${fragmentSelection(TERM_RECORDS_PAGE_FRAGMENT)} records{${SEARCH_RESULT_FIELDS}}}}`;
}

/** The answer to termRecordsQuery: the page's fragment and the search page's rows (SEARCH_RESULT_FIELDS). */
type TermRecordsAnswer = TermRecordsPageFragment & { records: SearchResultFieldsFragment[] };

export interface TermRecordsProps {
  term: TermNode;
  searchArgument: BrowsableVocabulary['searchArgument'];
  /** Include the records of narrower terms. */
  narrower: boolean;
  onNarrower(narrower: boolean): void;
  page: number;
  perPage: number;
  onPage(page: number): void;
  onPerPage(perPage: number): void;
}

export function TermRecords({ term, searchArgument, narrower, onNarrower, page, perPage, onPage, onPerPage }: TermRecordsProps) {
  const hasNarrower = term.children.length > 0;
  const labels = useMemo(() => (narrower && hasNarrower ? namesWithNarrower(term) : [term.name]), [narrower, hasNarrower, term]);
  const query = useMemo(() => termRecordsQuery(searchArgument, labels, page, perPage), [searchArgument, labels, page, perPage]);
  const result = useLatestQuery<{ searchFairsharingRecords: TermRecordsAnswer | null }>(query);
  // While the next page loads the previous one stays on screen, so the list does not jump.
  const answer =
    result.status === 'ready' ? result.data.searchFairsharingRecords : result.status === 'loading' ? (result.previous?.searchFairsharingRecords ?? null) : null;
  const total = answer?.totalCount ?? 0;
  const totalPages = answer?.totalPages ?? 0;

  return (
    <Box as="section" aria-labelledby="term-records-heading" data-testid="term-records">
      <Heading as="h2" size="lg" id="term-records-heading" color="brand.800">
        Records: {term.name}
      </Heading>
      <Flex mt="3" gap="4" align="end" wrap="wrap" justify="space-between">
        <Text role="status" aria-live="polite" data-testid="term-records-count">
          {answer
            ? `${total} record${total === 1 ? '' : 's'} annotated with this term${narrower && hasNarrower ? ' or a narrower one' : ''}`
            : 'Loading records…'}
        </Text>
        <PerPageSelect label="Records per page" testId="browse-per-page" choices={PER_PAGE_CHOICES} value={perPage} onChange={onPerPage} />
      </Flex>
      {hasNarrower ? (
        <Checkbox.Root mt="2" checked={narrower} onCheckedChange={(details) => onNarrower(details.checked === true)} data-testid="include-narrower">
          <Checkbox.HiddenInput />
          <Checkbox.Control />
          <Checkbox.Label>Include narrower terms</Checkbox.Label>
        </Checkbox.Root>
      ) : null}
      <Text mt="1" fontSize="sm">
        <Link asChild color="brand.700" textDecoration="underline">
          <RouterLink to={`/search?${new URLSearchParams({ [searchArgument]: labels.join(',') })}`}>Open these records in the search page</RouterLink>
        </Link>
      </Text>
      {result.status === 'error' ? (
        <Alert.Root status="error" mt="4">
          <Alert.Indicator />
          <Alert.Title>The records could not be loaded: {result.message}</Alert.Title>
        </Alert.Root>
      ) : null}
      {result.status === 'loading' && !answer ? <PageLoading label="Loading records…" /> : null}
      {answer ? (
        <>
          {/* The search page's list: its rows are plain elements that only the list styles. */}
          <Box mt="4">
            <SearchResultList records={answer.records ?? []} label={`Records: ${term.name}`} />
          </Box>
          <Pagination page={answer.currentPage ?? page} totalPages={totalPages} onPage={onPage} />
        </>
      ) : null}
    </Box>
  );
}

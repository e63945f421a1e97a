/**
 * The records of the selected term, from the search index (`searchFairsharingRecords` filtered
 * on the term's label: records annotated with this very term; the tree's count also includes
 * narrower terms), with paging and a per-page control. Page and per-page live in the URL.
 */
import { Alert, Box, Field, Flex, Heading, Link, NativeSelect, Text } from '@chakra-ui/react';
import { useMemo } from 'react';
import { Link as RouterLink } from 'react-router';
import { PageLoading } from '../shell/PageLoading.tsx';
import { graphqlArguments } from '@registry/schemas/search/client/graphql-literals.ts';
import { Pagination } from '../search/Pagination.tsx';
import { SEARCH_RESULT_FIELDS } from '@registry/schemas/search/client/search-query.ts';
import { SearchResultRow } from '../search/SearchResultRow.tsx';
import type { SearchAnswer } from '../search/search-types.ts';
import { useLatestQuery } from '../search/useLatestQuery.ts';
import { PER_PAGE_CHOICES, type SubjectTreeNode } from './subject-tree.ts';

export function termRecordsQuery(label: string, page: number, perPage: number): string {
  return `{searchFairsharingRecords${graphqlArguments({ subjects: [label], page, perPage })}{
    currentPage perPage totalCount totalPages records{${SEARCH_RESULT_FIELDS}}
  }}`;
}

export interface TermRecordsProps {
  term: SubjectTreeNode;
  page: number;
  perPage: number;
  onPage(page: number): void;
  onPerPage(perPage: number): void;
}

export function TermRecords({ term, page, perPage, onPage, onPerPage }: TermRecordsProps) {
  const query = useMemo(() => termRecordsQuery(term.name, page, perPage), [term.name, page, perPage]);
  const result = useLatestQuery<{ searchFairsharingRecords: SearchAnswer }>(query);
  // While the next page loads the previous one stays on screen, so the list does not jump.
  const answer =
    result.status === 'ready' ? result.data.searchFairsharingRecords : result.status === 'loading' ? (result.previous?.searchFairsharingRecords ?? null) : null;
  const total = answer?.totalCount ?? 0;
  const totalPages = answer?.totalPages ?? 0;

  return (
    <Box as="section" aria-labelledby="term-records-heading" data-testid="term-records">
      <Heading as="h2" size="lg" id="term-records-heading" color="brand.800">
        {term.name}
      </Heading>
      {term.description ? (
        <Text mt="1" color="gray.700">
          {term.description}
        </Text>
      ) : null}
      <Flex mt="3" gap="4" align="end" wrap="wrap" justify="space-between">
        <Text role="status" aria-live="polite" data-testid="term-records-count">
          {answer ? `${total} record${total === 1 ? '' : 's'} annotated with this term` : 'Loading records…'}
        </Text>
        <Field.Root width="auto">
          <Field.Label fontSize="sm">Records per page</Field.Label>
          <NativeSelect.Root size="sm" width="7rem">
            <NativeSelect.Field data-testid="browse-per-page" value={String(perPage)} onChange={(event) => onPerPage(Number(event.currentTarget.value))}>
              {PER_PAGE_CHOICES.map((choice) => (
                <option key={choice} value={choice}>
                  {choice}
                </option>
              ))}
            </NativeSelect.Field>
            <NativeSelect.Indicator />
          </NativeSelect.Root>
        </Field.Root>
      </Flex>
      <Text mt="1" fontSize="sm">
        <Link asChild color="brand.700" textDecoration="underline">
          <RouterLink to={`/search?${new URLSearchParams({ subjects: term.name })}`}>Open these records in the search page</RouterLink>
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
          <Box as="ul" mt="4" display="flex" flexDirection="column" gap="3" p="0" m="0">
            {(answer.records ?? []).map((record) => (
              <SearchResultRow key={record.id} record={record} />
            ))}
          </Box>
          <Pagination page={answer.currentPage ?? page} totalPages={totalPages} onPage={onPage} />
        </>
      ) : null}
    </Box>
  );
}

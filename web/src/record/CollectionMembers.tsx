/** A collection's members as a searchable, paged list (search restricted to the member ids). */
import { Alert, Box, Button, Field, Flex, Input, Spinner, Text } from '@chakra-ui/react';
import { useMemo, useState, type FormEvent } from 'react';
import { Pagination } from '../kit/Pagination.tsx';
import { buildSearchRecordsQuery } from '@registry/schemas/search/client/search-query.ts';
import { DEFAULT_SEARCH_STATE } from '@registry/schemas/search/client/search-state.ts';
import type { SearchAnswer } from '../kit/records/search-types.ts';
import { SearchResultList } from '../kit/records/SearchResultRow.tsx';
import { useLatestQuery } from '../kit/useLatestQuery.ts';
import { COLLECTION_LABEL } from './RecordRelations.tsx';
import type { RegistryRecord } from './record-types.ts';
import { RecordSection } from './RecordSection.tsx';

export function memberIds(record: RegistryRecord): number[] {
  const ids = (record.recordAssociations ?? [])
    .filter((association) => association.recordAssocLabel === COLLECTION_LABEL && association.linkedRecord)
    .map((association) => Number(association.linkedRecord?.id))
    .filter((id) => Number.isInteger(id));
  return [...new Set(ids)];
}

export function CollectionMembers({ record }: { record: RegistryRecord }) {
  const ids = useMemo(() => memberIds(record), [record]);
  const [text, setText] = useState('');
  const [q, setQ] = useState('');
  const [page, setPage] = useState(1);
  const isCollection = record.registry?.toLowerCase() === 'collection';
  const query = isCollection && ids.length ? buildSearchRecordsQuery({ ...DEFAULT_SEARCH_STATE, q, page, orderBy: q ? '' : 'name,asc' }, { ids }) : null;
  const result = useLatestQuery<{ searchFairsharingRecords: SearchAnswer }>(query);
  if (!isCollection || ids.length === 0) return null;
  const answer = result.status === 'ready' ? result.data.searchFairsharingRecords : result.status === 'loading' ? result.previous?.searchFairsharingRecords : undefined;
  const submit = (event: FormEvent) => {
    event.preventDefault();
    setQ(text.trim());
    setPage(1);
  };
  return (
    <RecordSection id="collection-members" title={`Records in this collection (${ids.length})`}>
      <Flex as="form" role="search" aria-label="Search this collection" onSubmit={submit} gap="2" align="flex-end" mb="3">
        <Field.Root flex="1">
          <Field.Label fontSize="sm">Search within this collection</Field.Label>
          <Input size="sm" type="search" value={text} onChange={(event) => setText(event.target.value)} />
        </Field.Root>
        <Button type="submit" size="sm" colorPalette="blue">
          Search
        </Button>
      </Flex>
      {result.status === 'error' ? (
        <Alert.Root status="error">
          <Alert.Indicator />
          <Alert.Title>The collection's records could not be loaded.</Alert.Title>
        </Alert.Root>
      ) : (
        <Box aria-busy={result.status === 'loading'}>
          <Flex gap="2" align="center" mb="2" minH="6">
            <Text role="status" fontSize="sm" color="fg.muted">
              {answer ? `${answer.totalCount ?? 0} matching records` : ''}
            </Text>
            {result.status === 'loading' ? <Spinner size="xs" aria-label="Loading" /> : null}
          </Flex>
          <SearchResultList records={answer?.records ?? []} label="Records in this collection" />
          <Pagination page={page} totalPages={answer?.totalPages ?? 0} onPage={setPage} />
        </Box>
      )}
    </RecordSection>
  );
}

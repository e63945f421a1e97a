/**
 * What a merge does, as the merge dialogs (the dashboard's tab, a record page's "Merge into…") show
 * it before it is confirmed: the two records side by side (name, abbreviation, homepage,
 * registry, DOI, relations, maintainers), what moves to the kept record, and what happens to the
 * duplicate.
 */
import { Box, Heading, List, Spinner, Table, Text } from '@chakra-ui/react';
import type { ReactNode } from 'react';
import { useLoad } from '../useLoad.ts';
import { FormAnswer } from '../FormFields.tsx';
import type { RecordChoice } from './record-merge.ts';
import { loadMergeComparison, mergeMoves, relationsOf, type MergeSide } from './merge-comparison.ts';

/** Items listed in a cell before "and N more". */
const LISTED = 5;

function listed(items: readonly string[]): ReactNode {
  if (items.length === 0) return <Text as="span" color="fg.muted">none</Text>;
  const shown = items.slice(0, LISTED);
  return (
    <>
      {shown.join('; ')}
      {items.length > LISTED ? ` and ${items.length - LISTED} more` : ''}
    </>
  );
}

const ROWS: ReadonlyArray<{ label: string; value(record: MergeSide): ReactNode }> = [
  { label: 'Name', value: (record) => `${record.name} (record ${record.id})` },
  { label: 'Abbreviation', value: (record) => record.abbreviation || <Text as="span" color="fg.muted">none</Text> },
  { label: 'Homepage', value: (record) => record.homepage || <Text as="span" color="fg.muted">none</Text> },
  { label: 'Registry', value: (record) => record.registry ?? '' },
  { label: 'DOI', value: (record) => record.doi || <Text as="span" color="fg.muted">none</Text> },
  { label: 'Relations', value: (record) => { const relations = relationsOf(record); return <>{relations.length}{relations.length ? ': ' : ''}{relations.length ? listed(relations.map((relation) => relation.text)) : ''}</>; } },
  { label: 'Maintainers', value: (record) => listed(record.maintainers.map((user) => user.username)) },
];

export function MergeConsequences({ duplicate, kept }: { duplicate: RecordChoice; kept: RecordChoice }) {
  const comparison = useLoad({ key: `${duplicate.id}>${kept.id}`, load: () => loadMergeComparison(duplicate.id, kept.id) });
  return (
    <>
      {comparison.status === 'loading' && <Spinner size="sm" aria-label="Loading both records" />}
      {comparison.status === 'error' && <FormAnswer kind="error">The two records could not be compared: {comparison.message}</FormAnswer>}
      {comparison.status === 'ready' && comparison.data && (
        <>
          <Box overflowX="auto">
            <Table.Root size="sm" data-testid="merge-comparison" css={{ '& td, & th': { verticalAlign: 'top', overflowWrap: 'anywhere' } }}>
              <Table.Caption captionSide="top" textAlign="start" fontWeight="semibold" mb="1">The two records</Table.Caption>
              <Table.Header>
                <Table.Row>
                  <Table.ColumnHeader scope="col" width="7rem"><Box as="span" srOnly>Field</Box></Table.ColumnHeader>
                  <Table.ColumnHeader scope="col">Duplicate (removed)</Table.ColumnHeader>
                  <Table.ColumnHeader scope="col">Kept</Table.ColumnHeader>
                </Table.Row>
              </Table.Header>
              <Table.Body>
                {ROWS.map((row) => (
                  <Table.Row key={row.label}>
                    <Table.ColumnHeader scope="row">{row.label}</Table.ColumnHeader>
                    <Table.Cell>{row.value(comparison.data!.duplicate)}</Table.Cell>
                    <Table.Cell>{row.value(comparison.data!.kept)}</Table.Cell>
                  </Table.Row>
                ))}
              </Table.Body>
            </Table.Root>
          </Box>
          <Box data-testid="merge-moves">
            <Heading as="h3" size="sm" mb="1">Moves to {kept.name}</Heading>
            {mergeMoves(comparison.data).length === 0 ? (
              <Text>Nothing: the kept record already has every link of the duplicate.</Text>
            ) : (
              <List.Root ps="5">
                {mergeMoves(comparison.data).map((move) => (
                  <List.Item key={move.what}>
                    {move.what} ({move.items.length}): {listed(move.items)}
                  </List.Item>
                ))}
              </List.Root>
            )}
          </Box>
        </>
      )}
      <Text data-testid="merge-confirmation">
        {duplicate.name} (record {duplicate.id}) is removed and its links move to {kept.name} (record {kept.id}), which its address and DOI will lead to.
        This cannot be undone.
      </Text>
    </>
  );
}

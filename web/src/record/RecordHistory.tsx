/**
 * A record's history of changes, newest first, as the API describes it: each entry's title (the
 * kind of edit and its section), who and when, and a table of the changed fields with their whole
 * values before and after — names, not ids. Lines that the other side lacks are marked, so a long
 * list shows what was added or removed.
 */
import { Box, Stack, Table, Text } from '@chakra-ui/react';
import { useLatestQuery } from '../kit/useLatestQuery.ts';
import { formatLongDate } from '../kit/format/dates.ts';
import { readHistory } from '../kit/records/edit-history.ts';
import { compactGraphql } from '@registry/schemas/search/client/graphql-literals.ts';
import type { RecordHistoryQuery, RecordHistoryQueryVariables } from './RecordHistory.generated.ts';

/** The answer type is generated from this document (`npm run codegen`: RecordHistory.generated.ts); `history` is JSON, read by readHistory. */
const RECORD_HISTORY_QUERY = /* GraphQL */ `
  query RecordHistory($id: ID) { fairsharingRecord(id: $id) { history } }
`;

function recordHistoryRequest(recordId: string) {
  const variables: RecordHistoryQueryVariables = { id: recordId };
  return { query: compactGraphql(RECORD_HISTORY_QUERY), variables };
}

/** One side of a change, a line a paragraph; lines the other side lacks are emphasised. */
function ChangeSide({ lines, other, kind }: { lines: string[]; other: string[]; kind: 'del' | 'ins' }) {
  if (lines.length === 0) return <Text color="fg.muted">—</Text>;
  const kept = new Set(other);
  return (
    <Stack gap="1">
      {lines.map((line, index) => (
        kept.has(line)
          ? <Text key={index} whiteSpace="pre-wrap">{line}</Text>
          : <Text key={index} as={kind} whiteSpace="pre-wrap" textDecoration="none" fontWeight="medium" color={kind === 'del' ? 'fg.error' : 'green.800'}>{line}</Text>
      ))}
    </Stack>
  );
}

export function RecordHistory({ recordId }: { recordId: string }) {
  const result = useLatestQuery<RecordHistoryQuery>(recordHistoryRequest(recordId));
  const entries = result.status === 'ready' ? readHistory(result.data.fairsharingRecord?.history) : result.status === 'error' ? [] : null;
  if (!entries) return <Text color="fg.muted">Loading the history…</Text>;
  if (entries.length === 0) return <Text color="fg.muted">No change has been recorded for this record yet.</Text>;
  return (
    <Stack gap="3" data-testid="record-history">
      {[...entries].reverse().map((entry) => (
        <Box key={entry.id} borderWidth="1px" borderRadius="md" p="3" data-testid="history-entry">
          <Text fontWeight="semibold">{entry.title}</Text>
          <Text fontSize="sm" color="fg.muted">{formatLongDate(entry.createdAt ?? '')} · {entry.username ?? 'a deleted user'}</Text>
          {entry.summary && <Text mt="1">{entry.summary}</Text>}
          {entry.changes.length > 0 && (
            <Table.Root size="sm" mt="2" tableLayout="fixed" css={{ '& td': { wordBreak: 'break-word', verticalAlign: 'top' } }}>
              <Table.Header>
                <Table.Row>
                  <Table.ColumnHeader w="25%">Field</Table.ColumnHeader>
                  <Table.ColumnHeader>Before</Table.ColumnHeader>
                  <Table.ColumnHeader>After</Table.ColumnHeader>
                </Table.Row>
              </Table.Header>
              <Table.Body>
                {entry.changes.map((change, index) => (
                  <Table.Row key={index}>
                    <Table.Cell>{change.label}</Table.Cell>
                    <Table.Cell><ChangeSide lines={change.before} other={change.after} kind="del" /></Table.Cell>
                    <Table.Cell><ChangeSide lines={change.after} other={change.before} kind="ins" /></Table.Cell>
                  </Table.Row>
                ))}
              </Table.Body>
            </Table.Root>
          )}
        </Box>
      ))}
    </Stack>
  );
}

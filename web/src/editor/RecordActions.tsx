/**
 * What a signed-in viewer can do from a record page: the "awaiting approval" banner, Edit (when
 * the API's can_edit says so), Approve (curators, unapproved records), Delete (super curators),
 * beside watching, claiming and reviewing (RecordCommunity, which shows anonymous visitors a
 * sign-in hint), and the record's history with a readable before/after of each change.
 */
import { Alert, Box, Button, Collapsible, Stack, Table, Text } from '@chakra-ui/react';
import { useEffect, useRef, useState } from 'react';
import { Link as RouterLink, useLocation, useNavigate } from 'react-router';
import { can } from '@registry/schemas/access/policy.ts';
import { useSession } from '../app/hooks.ts';
import { useViewer } from '../app/sessionViewer.ts';
import { failureText, graphqlQuery, restDelete, restGet, restPost } from '../api/client.ts';
import { graphqlArguments } from '@registry/schemas/search/client/graphql-literals.ts';
import { RecordCommunity } from '../record/RecordCommunity.tsx';

interface HistoryEvent {
  id: number;
  editType: string;
  createdAt: string;
  username: string | null;
  editEvent: { section?: string; changes?: Record<string, unknown> } | null;
}

function shortValue(value: unknown): string {
  if (value === null || value === undefined || value === '') return '—';
  const text = typeof value === 'string' ? value : JSON.stringify(value);
  return text.length > 120 ? `${text.slice(0, 117)}…` : text;
}

/** Each changed field of an event as "field: before → after". */
function changeLines(event: HistoryEvent): { field: string; before: string; after: string }[] {
  const changes = event.editEvent?.changes ?? {};
  return Object.entries(changes).map(([field, change]) => {
    const pair = change && typeof change === 'object' && 'before' in change ? (change as { before: unknown; after: unknown }) : { before: undefined, after: change };
    return { field: field.replace(/_/g, ' '), before: shortValue(pair.before), after: shortValue(pair.after) };
  });
}

function RecordHistory({ recordId }: { recordId: number }) {
  const [events, setEvents] = useState<HistoryEvent[] | null>(null);
  useEffect(() => {
    graphqlQuery<{ fairsharingRecord: { history: HistoryEvent[] | null } }>(`{fairsharingRecord${graphqlArguments({ id: recordId })}{history}}`)
      .then((data) => setEvents(data.fairsharingRecord.history ?? []), () => setEvents([]));
  }, [recordId]);
  if (!events) return <Text color="fg.muted">Loading the history…</Text>;
  if (events.length === 0) return <Text color="fg.muted">No change has been recorded for this record yet.</Text>;
  return (
    <Stack gap="3" data-testid="record-history">
      {[...events].reverse().map((event) => (
        <Box key={event.id} borderWidth="1px" borderRadius="md" p="3">
          <Text fontWeight="semibold">
            {new Date(event.createdAt).toLocaleString()} · {event.username ?? 'a deleted user'} · {event.editType}
            {event.editEvent?.section ? ` (${event.editEvent.section})` : ''}
          </Text>
          {changeLines(event).length > 0 && (
            <Table.Root size="sm" mt="2" tableLayout="fixed" css={{ '& td': { wordBreak: 'break-word' } }}>
              <Table.Header>
                <Table.Row>
                  <Table.ColumnHeader>Field</Table.ColumnHeader>
                  <Table.ColumnHeader>Before</Table.ColumnHeader>
                  <Table.ColumnHeader>After</Table.ColumnHeader>
                </Table.Row>
              </Table.Header>
              <Table.Body>
                {changeLines(event).map((line) => (
                  <Table.Row key={line.field}>
                    <Table.Cell>{line.field}</Table.Cell>
                    <Table.Cell><Text as="del" color="fg.error">{line.before}</Text></Table.Cell>
                    <Table.Cell><Text as="ins" color="green.800" textDecoration="none">{line.after}</Text></Table.Cell>
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

export function RecordActions({ record, onChanged }: { record: { id: number; name: string; isApproved?: boolean | null }; onChanged(): void }) {
  const session = useSession();
  const navigate = useNavigate();
  const [canEdit, setCanEdit] = useState(false);
  const [message, setMessage] = useState<{ kind: 'success' | 'error'; text: string } | null>(null);
  const viewer = useViewer();
  const openHistory = useLocation().hash === '#history';
  const historyRef = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (openHistory && session.isLoggedIn) historyRef.current?.scrollIntoView();
  }, [openHistory, session.isLoggedIn]);

  useEffect(() => {
    if (!session.isLoggedIn) return setCanEdit(false);
    restGet<{ success: boolean }>(`/fairsharing_records/can_edit/${record.id}`).then((answer) => setCanEdit(answer.success), () => setCanEdit(false));
  }, [record.id, session.isLoggedIn]);

  const act = async (action: () => Promise<unknown>, done: string) => {
    try {
      await action();
      setMessage({ kind: 'success', text: done });
      onChanged();
    } catch (error) {
      setMessage({ kind: 'error', text: failureText(error, 'That did not work; try again.') });
    }
  };

  return (
    <Stack gap="3" mt="4">
      {record.isApproved === false && (
        <Alert.Root status="warning" data-testid="awaiting-approval">
          <Alert.Indicator />
          <Alert.Title>This record is awaiting approval by a curator. Until then only its creator and curators see it.</Alert.Title>
        </Alert.Root>
      )}
      <RecordCommunity record={record} onChanged={onChanged}>
        {canEdit && (
          <Button asChild size="sm" colorPalette="blue">
            <RouterLink to={`/${record.id}/edit`}>Edit</RouterLink>
          </Button>
        )}
        {can(viewer, 'record.approve') && record.isApproved === false && (
          <Button size="sm" colorPalette="green" onClick={() => void act(() => restPost(`/fairsharing_records/${record.id}/approve`, {}), 'Record approved.')}>
            Approve
          </Button>
        )}
        {can(viewer, 'record.delete') && (
          <Button
            size="sm"
            colorPalette="red"
            variant="outline"
            onClick={() => {
              if (!window.confirm(`Delete ${record.name}? This cannot be undone.`)) return;
              void restDelete(`/fairsharing_records/${record.id}`).then(() => navigate('/', { replace: true }), (error: unknown) =>
                setMessage({ kind: 'error', text: failureText(error, 'The record could not be deleted.') }));
            }}
          >
            Delete
          </Button>
        )}
      </RecordCommunity>
      {message && (
        <Alert.Root status={message.kind}>
          <Alert.Indicator />
          <Alert.Title>{message.text}</Alert.Title>
        </Alert.Root>
      )}
      {session.isLoggedIn && (
        // The change digest links here (/{id}#history): open and show it.
        <Collapsible.Root lazyMount id="history" defaultOpen={openHistory} ref={historyRef}>
          <Collapsible.Trigger asChild>
            <Button size="sm" variant="ghost" alignSelf="start">History of changes</Button>
          </Collapsible.Trigger>
          <Collapsible.Content>
            <RecordHistory recordId={record.id} />
          </Collapsible.Content>
        </Collapsible.Root>
      )}
    </Stack>
  );
}

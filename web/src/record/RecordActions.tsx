/**
 * What a signed-in viewer can do from a record page: the "awaiting approval" and "hidden from the
 * public" banners, Edit (when the API's can_edit says so; disabled with the reason while the site
 * is read-only), Approve (curators, unapproved records), Hide/Unhide, Merge into… (curators),
 * Delete (super curators) — hidden while read-only, as `can()` says —
 * beside watching, claiming and reviewing (RecordCommunity, which shows anonymous visitors a
 * sign-in hint), and the record's history with a readable before/after of each change.
 */
import { Alert, Button, Collapsible, Stack } from '@chakra-ui/react';
import { useEffect, useRef, useState } from 'react';
import { Link as RouterLink, useLocation, useNavigate } from 'react-router';
import { can } from '@registry/schemas/access/policy.ts';
import { useSession } from '../state/hooks.ts';
import { useViewer } from '../state/sessionViewer.ts';
import { useWritesOff, WriteControl } from '../shell/WritesOff.tsx';
import { failureText, rest } from '../api/client.ts';
import { useRestGet } from '../kit/useLoad.ts';
import { RecordCommunity } from './RecordCommunity.tsx';
import { RecordHistory } from './RecordHistory.tsx';
import { MergeInto } from './MergeInto.tsx';

export function RecordActions({ record, onChanged }: { record: { id: string; name: string; isApproved?: boolean | null; isHidden?: boolean | null }; onChanged(): void }) {
  const session = useSession();
  const navigate = useNavigate();
  const editRight = useRestGet(session.isLoggedIn ? '/fairsharing_records/can_edit/{id}' : null, { path: { id: Number(record.id) } });
  const canEdit = editRight.status === 'ready' && editRight.data.success;
  const [message, setMessage] = useState<{ kind: 'success' | 'error'; text: string } | null>(null);
  const viewer = useViewer();
  const writesOff = useWritesOff();
  const openHistory = useLocation().hash === '#history';
  const historyRef = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (openHistory && session.isLoggedIn) historyRef.current?.scrollIntoView();
  }, [openHistory, session.isLoggedIn]);


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
      {record.isHidden === true && (
        // Only those who may see a hidden record get it at all (curators, its creator and maintainers).
        <Alert.Root status="info" data-testid="hidden-record">
          <Alert.Indicator />
          <Alert.Content>
            <Alert.Title>Hidden from the public</Alert.Title>
            <Alert.Description>Searches, lists and exports leave it out; only curators, its creator and its maintainers see it.</Alert.Description>
          </Alert.Content>
        </Alert.Root>
      )}
      <RecordCommunity record={record} onChanged={onChanged}>
        {canEdit && (writesOff ? (
          <WriteControl>
            <Button size="sm" colorPalette="blue">Edit</Button>
          </WriteControl>
        ) : (
          <Button asChild size="sm" colorPalette="blue">
            <RouterLink to={`/${record.id}/edit`}>Edit</RouterLink>
          </Button>
        ))}
        {can(viewer, 'record.approve') && record.isApproved === false && (
          // Green 700: white text on the palette's solid green (600) reads at 3.2:1, under WCAG's 4.5:1.
          <Button size="sm" bg="green.700" color="white" onClick={() => void act(() => rest('post', '/fairsharing_records/{id}/approve', { path: { id: Number(record.id) } }), 'Record approved.')}>
            Approve
          </Button>
        )}
        {can(viewer, 'record.approve') && (
          <Button
            size="sm"
            variant="outline"
            data-testid="hide-record"
            onClick={() => {
              const hidden = record.isHidden !== true;
              void act(() => rest('post', '/fairsharing_records/{id}/hide', { path: { id: Number(record.id) }, body: { hidden } }), hidden ? 'Record hidden.' : 'Record shown again.');
            }}
          >
            {record.isHidden ? 'Unhide' : 'Hide'}
          </Button>
        )}
        {can(viewer, 'record.approve') && <MergeInto record={record} />}
        {can(viewer, 'record.delete') && (
          <Button
            size="sm"
            colorPalette="red"
            variant="outline"
            onClick={() => {
              if (!window.confirm(`Delete ${record.name}? This cannot be undone.`)) return;
              void rest('delete', '/fairsharing_records/{id}', { path: { id: Number(record.id) } }).then(() => navigate('/', { replace: true }), (error: unknown) =>
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

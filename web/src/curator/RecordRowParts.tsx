/**
 * The cells and actions of a record row in the dashboard's curation tabs: the record's link,
 * the assigned curator (a choice that never approves the record), processing notes (read and
 * add, in a dialog) and the approve / merge / edit / hide / delete buttons (delete confirmed first, for
 * super curators only, as the API allows).
 */
import { Button, CloseButton, Dialog, HStack, Input, Link, NativeSelect, Portal, Stack, Table, Text, Textarea } from '@chakra-ui/react';
import { useState } from 'react';
import { Link as RouterLink } from 'react-router';
import { ValidationError } from 'yup';
import { processingNoteSchema } from '@registry/schemas/forms/curation.ts';
import { TEXT_MAX } from '@registry/schemas/forms/bounds.ts';
import { failureText } from '../api/client.ts';
import { formatShortDate } from '../kit/format/dates.ts';
import { can } from '@registry/schemas/access/policy.ts';
import { useViewer } from '../state/sessionViewer.ts';
import { FormAnswer } from '../kit/FormFields.tsx';
import { useLoad } from '../kit/useLoad.ts';
import { ConfirmDialog } from '../kit/ConfirmDialog.tsx';
import {
  addProcessingNote, approveRecord, assignCurator, deleteRecord, hideRecord, loadCurators, type CurationRecord, type Person,
} from './curation-api.ts';

const failure = (error: unknown) => (failureText(error, 'That did not work; try again.'));
export const shortDate = (value: string | null | undefined) => formatShortDate(value) || '—';

export function RecordLink({ id, name }: { id: string | number; name: string }) {
  return <Link asChild color="brand.700" textDecoration="underline"><RouterLink to={`/${id}`}>{name}</RouterLink></Link>;
}

let curatorsRead: Promise<Person[]> | null = null;
const NO_CURATORS: Person[] = [];

/** The curators, read once per page load (the list changes rarely; a failed read is tried again). */
function readCurators(): Promise<Person[]> {
  curatorsRead ??= loadCurators().catch((error: unknown) => {
    curatorsRead = null;
    throw error;
  });
  return curatorsRead;
}

function useCurators(): Person[] {
  const loaded = useLoad<Person[]>({ key: 'curators', load: readCurators });
  return loaded.status === 'ready' ? loaded.data : NO_CURATORS;
}

export function CuratorCell({ record, onError }: { record: CurationRecord; onError(message: string): void }) {
  const curators = useCurators();
  const [value, setValue] = useState(record.curator?.id ?? '');
  const choose = async (next: string) => {
    const previous = value;
    setValue(next);
    try {
      await assignCurator(record.id, next === '' ? null : next);
    } catch (error) {
      setValue(previous);
      onError(failure(error));
    }
  };
  const known = curators.some((curator) => curator.id === value);
  return (
    <Table.Cell>
      <NativeSelect.Root size="xs" minW="36">
        <NativeSelect.Field aria-label={`Curator of ${record.name}`} value={value} onChange={(event) => void choose(event.target.value)} data-testid={`assign-${record.id}`}>
          <option value="">Nobody</option>
          {!known && record.curator && <option value={record.curator.id}>{record.curator.username}</option>}
          {curators.map((curator) => <option key={curator.id} value={curator.id}>{curator.username}</option>)}
        </NativeSelect.Field>
        <NativeSelect.Indicator />
      </NativeSelect.Root>
    </Table.Cell>
  );
}

export function NotesCell({ record, onAdded }: { record: CurationRecord; onAdded(): void }) {
  const [open, setOpen] = useState(false);
  const [text, setText] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const add = async () => {
    setError(null);
    try {
      const { note } = await processingNoteSchema.validate({ note: text });
      setBusy(true);
      await addProcessingNote(record.id, note);
      setText('');
      setOpen(false);
      onAdded();
    } catch (caught) {
      setError(caught instanceof ValidationError ? caught.message : failure(caught));
    } finally {
      setBusy(false);
    }
  };
  const count = record.processingNotes.length;
  return (
    <Table.Cell>
      <Button size="xs" variant="outline" onClick={() => setOpen(true)} aria-label={`Processing notes of ${record.name} (${count})`} data-testid={`notes-${record.id}`}>
        Notes ({count})
      </Button>
      <Dialog.Root open={open} onOpenChange={(details) => setOpen(details.open)} lazyMount unmountOnExit placement="center">
        <Portal>
          <Dialog.Backdrop />
          <Dialog.Positioner px="3">
            <Dialog.Content>
              <Dialog.Header><Dialog.Title>Processing notes: {record.name}</Dialog.Title></Dialog.Header>
              <Dialog.Body>
                <Stack gap="3">
                  {count === 0 && <Text color="fg.muted">No note yet.</Text>}
                  {record.processingNotes.map((note) => (
                    <Stack key={note.id} gap="0" borderWidth="1px" rounded="md" p="2">
                      <Text fontSize="sm" color="fg.muted">{note.user?.username ?? 'a deleted user'} · {shortDate(note.createdAt)}</Text>
                      <Text whiteSpace="pre-wrap">{note.note}</Text>
                    </Stack>
                  ))}
                  <Text asChild fontWeight="medium"><label htmlFor={`note-${record.id}`}>New note</label></Text>
                  <Textarea id={`note-${record.id}`} value={text} onChange={(event) => setText(event.target.value)} rows={3} />
                  {error && <FormAnswer kind="error">{error}</FormAnswer>}
                </Stack>
              </Dialog.Body>
              <Dialog.Footer>
                <Dialog.ActionTrigger asChild><Button variant="outline">Close</Button></Dialog.ActionTrigger>
                <Button bg="brand.700" color="white" loading={busy} onClick={() => void add()}>Add note</Button>
              </Dialog.Footer>
              <Dialog.CloseTrigger asChild><CloseButton size="sm" aria-label="Close" /></Dialog.CloseTrigger>
            </Dialog.Content>
          </Dialog.Positioner>
        </Portal>
      </Dialog.Root>
    </Table.Cell>
  );
}

/** Approve and Merge (records awaiting approval only), Edit, Hide and, for super curators, Delete. */
export function RecordActionsCell({ record, approvable, onDone, onError }: { record: CurationRecord; approvable: boolean; onDone(message: string): void; onError(message: string): void }) {
  const viewer = useViewer();
  const deletable = can(viewer, 'record.delete');
  // New records are where duplicates arrive: Merge opens the merge tab with this one chosen.
  const mergeable = approvable && can(viewer, 'record.approve');
  const [confirming, setConfirming] = useState(false);
  const [reason, setReason] = useState('');
  const [successor, setSuccessor] = useState('');
  const [busy, setBusy] = useState(false);
  const successorId = /^\d+$/.test(successor.trim()) ? Number(successor.trim()) : null;
  const act = async (action: () => Promise<unknown>, done: string) => {
    setBusy(true);
    try {
      await action();
      onDone(done);
    } catch (error) {
      onError(failure(error));
    } finally {
      setBusy(false);
      setConfirming(false);
    }
  };
  return (
    <Table.Cell>
      <HStack gap="2" flexWrap="wrap">
        {approvable && (
          <Button size="xs" bg="green.700" color="white" disabled={busy} onClick={() => void act(() => approveRecord(record.id), `${record.name} approved.`)} aria-label={`Approve ${record.name}`}>Approve</Button>
        )}
        <Button asChild size="xs" variant="outline"><RouterLink to={`/${record.id}/edit`} aria-label={`Edit ${record.name}`}>Edit</RouterLink></Button>
        <Button size="xs" variant="outline" disabled={busy} onClick={() => void act(() => hideRecord(record.id), `${record.name} hidden.`)} aria-label={`Hide ${record.name}`}>Hide</Button>
        {mergeable && (
          <Button asChild size="xs" variant="outline"><RouterLink to={`/curator?tab=merge&duplicate=${record.id}`} aria-label={`Merge ${record.name} into another record`}>Merge</RouterLink></Button>
        )}
        {deletable && (
          <Button size="xs" variant="outline" colorPalette="red" disabled={busy} onClick={() => setConfirming(true)} aria-label={`Delete ${record.name}`}>Delete</Button>
        )}
      </HStack>
      <ConfirmDialog open={confirming} title={`Delete ${record.name}?`} action="Delete" busy={busy} onConfirm={() => void act(() => deleteRecord(record.id, { reason, successorId }), `${record.name} deleted.`)} onClose={() => setConfirming(false)}>
        <Stack gap="2">
          <Text>The record is deleted for good. A record that has ever been public (even if hidden since) is withdrawn: its page, DOI and identifiers keep answering with a tombstone that shows the reason and its successor.</Text>
          <Text asChild fontWeight="medium"><label htmlFor={`withdrawal-reason-${record.id}`}>Reason (required if the record has ever been public)</label></Text>
          <Textarea id={`withdrawal-reason-${record.id}`} value={reason} maxLength={TEXT_MAX.withdrawalReason} onChange={(event) => setReason(event.target.value)} rows={3} />
          <Text asChild fontWeight="medium"><label htmlFor={`withdrawal-successor-${record.id}`}>Successor record id (optional)</label></Text>
          <Input id={`withdrawal-successor-${record.id}`} inputMode="numeric" value={successor} onChange={(event) => setSuccessor(event.target.value)} />
        </Stack>
      </ConfirmDialog>
    </Table.Cell>
  );
}

/**
 * Super curators' editor of the public messages shown under the header for everyone: list,
 * publish, change and delete. The form checks the shared message schema the API uses; after
 * each change the header's messages are reloaded, so the editor sees what visitors see.
 */
import { useCallback } from 'react';
import { Heading, Stack, Table, Text } from '@chakra-ui/react';
import { Form, Formik } from 'formik';
import { MESSAGE_MAX, messageSchema } from '@registry/schemas/forms/community.ts';
import { useAppDispatch } from '../state/hooks.ts';
import { publicMessagesLoaded, type PublicMessage } from '../state/messagesSlice.ts';
import { FormAnswer, TextareaField } from '../kit/FormFields.tsx';
import { RowDeleteDialog } from '../kit/RowDeleteDialog.tsx';
import { MomentTime } from '../kit/format/MomentTime.tsx';
import { EditFormButtons, RowActions, RowsTable } from './RowsTable.tsx';
import { createMessage, deleteMessage, loadMessages, updateMessage } from './site-admin-api.ts';
import { useEditableRows } from '../kit/useEditableRows.ts';

/** A message's start, to name its row's buttons. */
const shortName = (message: string) => (message.length > 40 ? `${message.slice(0, 40)}…` : message);

export function MessagesTab() {
  const dispatch = useAppDispatch();
  const showUnderHeader = useCallback((rows: PublicMessage[]) => dispatch(publicMessagesLoaded(rows)), [dispatch]);
  const { rows, answer, editing, setEditing, deleting, setDeleting, busy, run } = useEditableRows(loadMessages, showUnderHeader);

  return (
    <Stack gap="4" data-testid="messages-tab">
      <Heading as="h2" size="lg">Messages under the header</Heading>
      <Text>Everyone sees these messages under the site's header, newest first, with the date they last changed.</Text>
      <Formik
        key={editing?.id ?? 'new'}
        initialValues={{ message: editing?.message ?? '' }}
        validationSchema={messageSchema}
        onSubmit={async (values, helpers) => {
          const input = messageSchema.cast(values);
          const saved = editing
            ? await run(() => updateMessage(editing.id, input.message), 'The message was changed.')
            : await run(() => createMessage(input.message), 'The message is published.');
          if (saved) helpers.resetForm();
        }}
      >
        {(formik) => (
          <Form noValidate aria-label={editing ? 'Change a message' : 'Publish a message'}>
            <Stack gap="3">
              <TextareaField name="message" label={editing ? 'Change the message' : 'New message'} required helper={`Up to ${MESSAGE_MAX} characters.`} />
              <EditFormButtons editing={editing !== null} addLabel="Publish message" busy={formik.isSubmitting || busy} onCancel={() => setEditing(null)} />
            </Stack>
          </Form>
        )}
      </Formik>
      {answer && <FormAnswer kind={answer.kind}>{answer.text}</FormAnswer>}
      {rows && rows.length === 0 && <Text color="fg.muted">No messages are shown at the moment.</Text>}
      {rows && rows.length > 0 && (
        <RowsTable label="Published messages" headings={['Message', 'Last changed', 'Actions']} testId="messages-table">
          {rows.map((row) => (
            <Table.Row key={row.id}>
              <Table.Cell minW={{ base: '48', md: '60' }}>{row.message}</Table.Cell>
              <Table.Cell minW="40"><MomentTime value={row.updatedAt} /></Table.Cell>
              <RowActions name={`message “${shortName(row.message)}”`} onEdit={() => setEditing(row)} onDelete={() => setDeleting(row)} />
            </Table.Row>
          ))}
        </RowsTable>
      )}
      <RowDeleteDialog rows={{ deleting, setDeleting, busy, run }} title="Delete this message?" action="Delete message" done="The message was deleted." remove={(row) => deleteMessage(row.id)}>
        {(row) => <Text>It disappears from under the header for everyone: “{row.message}”</Text>}
      </RowDeleteDialog>
    </Stack>
  );
}

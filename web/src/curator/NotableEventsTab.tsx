/**
 * Super curators' editor of the notable events, the dated milestones of /timeline: list, add,
 * change and delete. How much of the date is known (day, month or year) is part of the event;
 * the form checks the shared schema the API uses (`schemas/src/forms/notable-events.ts`).
 */
import { Field, Heading, Link, NativeSelect, SimpleGrid, Stack, Table, Text } from '@chakra-ui/react';
import { Form, Formik } from 'formik';
import { Link as RouterLink } from 'react-router';
import {
  NOTABLE_EVENT_PRECISIONS,
  notableEventSchema,
  type NotableEvent,
  type NotableEventInput,
} from '@registry/schemas/forms/notable-events.ts';
import { FormAnswer, TextField, TextareaField } from '../kit/FormFields.tsx';
import { EventDate } from '../kit/format/EventDate.tsx';
import { RowDeleteDialog } from '../kit/RowDeleteDialog.tsx';
import { EditFormButtons, RowActions, RowsTable } from './RowsTable.tsx';
import { createNotableEvent, deleteNotableEvent, loadNotableEvents, updateNotableEvent } from './site-admin-api.ts';
import { useEditableRows } from '../kit/useEditableRows.ts';

const PRECISION_LABELS: Record<NotableEventInput['precision'], string> = {
  day: 'The exact day',
  month: 'Only the month',
  year: 'Only the year',
};

const formValues = (event: NotableEvent | null): NotableEventInput => ({
  date: event?.date ?? '',
  precision: event?.precision ?? 'day',
  title: event?.title ?? '',
  description: event?.description ?? '',
  source_url: event?.sourceUrl ?? '',
});

export function NotableEventsTab() {
  const { rows, answer, editing, setEditing, deleting, setDeleting, busy, run } = useEditableRows(loadNotableEvents);

  return (
    <Stack gap="4" data-testid="notable-events-tab">
      <Heading as="h2" size="lg">Notable events</Heading>
      <Text>
        The dated milestones of the registry's history, shown on the{' '}
        <Link asChild color="brand.700" textDecoration="underline"><RouterLink to="/timeline">timeline</RouterLink></Link>. Give each a source.
      </Text>
      <Formik
        key={editing?.id ?? 'new'}
        initialValues={formValues(editing)}
        validationSchema={notableEventSchema}
        onSubmit={async (values, helpers) => {
          const input = notableEventSchema.cast(values);
          const saved = editing
            ? await run(() => updateNotableEvent(editing.id, input), 'The event was changed.')
            : await run(() => createNotableEvent(input), 'The event is on the timeline.');
          if (saved) helpers.resetForm();
        }}
      >
        {(formik) => (
          <Form noValidate aria-label={editing ? 'Change a notable event' : 'Add a notable event'}>
            <Stack gap="3">
              <SimpleGrid columns={{ base: 1, md: 2 }} gap="3">
                <TextField name="date" label="Date" type="date" required helper="For a month or a year, any day in it." />
                <Field.Root required>
                  <Field.Label>
                    How much of the date is known
                    <Field.RequiredIndicator />
                  </Field.Label>
                  <NativeSelect.Root>
                    <NativeSelect.Field {...formik.getFieldProps('precision')}>
                      {NOTABLE_EVENT_PRECISIONS.map((precision) => (
                        <option key={precision} value={precision}>{PRECISION_LABELS[precision]}</option>
                      ))}
                    </NativeSelect.Field>
                    <NativeSelect.Indicator />
                  </NativeSelect.Root>
                </Field.Root>
              </SimpleGrid>
              <TextField name="title" label="Title" required />
              <TextareaField name="description" label="Description" />
              <TextField name="source_url" label="Source (web address)" type="url" placeholder="https://doi.org/…" />
              <EditFormButtons editing={editing !== null} addLabel="Add event" busy={formik.isSubmitting || busy} onCancel={() => setEditing(null)} />
            </Stack>
          </Form>
        )}
      </Formik>
      {answer && <FormAnswer kind={answer.kind}>{answer.text}</FormAnswer>}
      {rows && rows.length === 0 && <Text color="fg.muted">No notable events yet.</Text>}
      {rows && rows.length > 0 && (
        <RowsTable label="Notable events, oldest first" headings={['Date', 'Event', 'Source', 'Actions']} testId="notable-events-table">
          {rows.map((row) => (
            <Table.Row key={row.id}>
              <Table.Cell whiteSpace="nowrap"><EventDate event={row} /></Table.Cell>
              <Table.Cell minW={{ base: '48', md: '60' }} maxW="xl" whiteSpace="normal">
                <Text fontWeight="semibold">{row.title}</Text>
                {row.description && <Text fontSize="sm">{row.description}</Text>}
              </Table.Cell>
              <Table.Cell minW="40" maxW="xs" whiteSpace="normal">
                {row.sourceUrl ? <Link href={row.sourceUrl} color="brand.700" textDecoration="underline" wordBreak="break-all">{row.sourceUrl}</Link> : '—'}
              </Table.Cell>
              <RowActions name={`event “${row.title}”`} onEdit={() => setEditing(row)} onDelete={() => setDeleting(row)} />
            </Table.Row>
          ))}
        </RowsTable>
      )}
      <RowDeleteDialog rows={{ deleting, setDeleting, busy, run }} title="Delete this event?" action="Delete event" done="The event was deleted." remove={(row) => deleteNotableEvent(row.id)}>
        {(row) => <Text>“{row.title}” disappears from the timeline.</Text>}
      </RowDeleteDialog>
    </Stack>
  );
}

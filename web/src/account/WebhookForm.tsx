/**
 * The webhook form (register or change): URL, description, events, and the filters by registry,
 * record id and saved search, checked by the shared form schema (`schemas/src/forms/webhooks.ts`)
 * as the server checks them. Disabled while the site is read-only.
 */
import { useState } from 'react';
import { Form, Formik, useField, useFormikContext } from 'formik';
import { Box, Button, Field, Flex, Input, Stack, Text } from '@chakra-ui/react';
import { WEBHOOK_EVENTS, WEBHOOK_REGISTRIES, webhookSchema, type WebhookInput } from '@registry/schemas/forms/webhooks.ts';
import { WritesOffFieldset } from '../shell/WritesOff.tsx';
import { schemaFormProps, TextField } from '../kit/FormFields.tsx';

export interface WebhookFormValues {
  url: string;
  description: string;
  events: string[];
  filters: { registries: string[]; record_ids: number[]; saved_search_id: number | null };
}

export const EMPTY_WEBHOOK: WebhookFormValues = { url: '', description: '', events: ['record.updated'], filters: { registries: [], record_ids: [], saved_search_id: null } };

/** The API body of the form's values (a filter left empty is no filter). */
export function webhookBody(values: WebhookFormValues): WebhookInput {
  // The schema checked the events and registries are known ones.
  return { url: values.url.trim(), description: values.description.trim(), events: values.events as WebhookInput['events'], filters: values.filters as WebhookInput['filters'] };
}

const EVENT_HELP: Record<(typeof WEBHOOK_EVENTS)[number], string> = {
  'record.created': 'a record became public',
  'record.updated': 'a public record changed',
  'record.removed': 'a record left public view',
  'record.deleted': 'a record was deleted',
  'record.merged': 'a record was merged into another',
  'record.withdrawn': 'a curator withdrew a public record (its page shows a tombstone)',
  'record.approved': 'a curator approved a record',
  'claim.decided': 'a claim to maintain a record was decided',
};

function ChoiceGroup({ name, legend, choices, describe }: { name: string; legend: string; choices: readonly string[]; describe?: (choice: string) => string }) {
  const [field, meta, helpers] = useField<string[]>(name);
  const { submitCount } = useFormikContext();
  const error = (meta.touched || submitCount > 0) && typeof meta.error === 'string' ? meta.error : undefined;
  const toggle = (choice: string, on: boolean) => void helpers.setValue(on ? [...field.value, choice] : field.value.filter((value) => value !== choice));
  return (
    <Box as="fieldset" borderWidth="1px" rounded="md" p="3" aria-invalid={!!error}>
      <Text as="legend" fontWeight="semibold" px="1">{legend}</Text>
      <Flex gap="2" direction="column">
        {choices.map((choice) => (
          <Box as="label" key={choice} display="flex" gap="2" alignItems="center">
            <input type="checkbox" name={name} value={choice} checked={field.value.includes(choice)} onChange={(event) => toggle(choice, event.target.checked)} onBlur={() => void helpers.setTouched(true)} />
            <Text as="span"><Text as="span" fontFamily="mono">{choice}</Text>{describe ? ` — ${describe(choice)}` : ''}</Text>
          </Box>
        ))}
      </Flex>
      {error && <Text color="red.700" mt="1" role="alert">{error}</Text>}
    </Box>
  );
}

/** Record ids typed as a list ("12, 40"): the value is the list of numbers; anything else is left for the schema to refuse. */
function RecordIdsField() {
  const [field, meta, helpers] = useField<number[]>('filters.record_ids');
  const [text, setText] = useState(field.value.join(', '));
  const error = meta.touched && typeof meta.error === 'string' ? meta.error : undefined;
  return (
    <Field.Root invalid={!!error}>
      <Field.Label>Only these record ids</Field.Label>
      <Input
        name="filters.record_ids"
        value={text}
        placeholder="e.g. 12, 40"
        onChange={(event) => {
          setText(event.target.value);
          void helpers.setValue(event.target.value.split(/[\s,]+/).filter(Boolean).map(Number));
        }}
        onBlur={() => void helpers.setTouched(true)}
      />
      {error ? <Field.ErrorText>{error}</Field.ErrorText> : <Field.HelperText>Leave empty for every record.</Field.HelperText>}
    </Field.Root>
  );
}

function SavedSearchField() {
  const [field, meta, helpers] = useField<number | null>('filters.saved_search_id');
  const error = meta.touched && typeof meta.error === 'string' ? meta.error : undefined;
  return (
    <Field.Root invalid={!!error}>
      <Field.Label>Only records a saved search finds (its id)</Field.Label>
      <Input
        name="filters.saved_search_id"
        inputMode="numeric"
        value={field.value ?? ''}
        onChange={(event) => void helpers.setValue(event.target.value.trim() === '' ? null : Number(event.target.value))}
        onBlur={() => void helpers.setTouched(true)}
      />
      {error ? <Field.ErrorText>{error}</Field.ErrorText> : <Field.HelperText>Leave empty for no saved-search filter.</Field.HelperText>}
    </Field.Root>
  );
}

export function WebhookForm({ initial, label, submitLabel, onSubmit, onCancel }: {
  initial: WebhookFormValues;
  label: string;
  submitLabel: string;
  onSubmit(values: WebhookFormValues): Promise<void>;
  onCancel?(): void;
}) {
  return (
    <Formik<WebhookFormValues> {...schemaFormProps(webhookSchema, initial)} onSubmit={(values) => onSubmit(values)}>
      {(formik) => (
        <Form noValidate aria-label={label}>
          <WritesOffFieldset>
            <Stack gap="3">
              <TextField name="url" label="Receiver URL" placeholder="https://example.org/hook" required />
              <TextField name="description" label="Description" />
              <ChoiceGroup name="events" legend="Events" choices={WEBHOOK_EVENTS} describe={(event) => EVENT_HELP[event as keyof typeof EVENT_HELP]} />
              <ChoiceGroup name="filters.registries" legend="Only these registries (none: all)" choices={WEBHOOK_REGISTRIES} />
              <RecordIdsField />
              <SavedSearchField />
              <Flex gap="2">
                <Button type="submit" bg="brand.700" color="white" disabled={!formik.isValid || formik.isSubmitting} loading={formik.isSubmitting}>
                  {submitLabel}
                </Button>
                {onCancel && <Button variant="outline" onClick={onCancel}>Cancel</Button>}
              </Flex>
            </Stack>
          </WritesOffFieldset>
        </Form>
      )}
    </Formik>
  );
}

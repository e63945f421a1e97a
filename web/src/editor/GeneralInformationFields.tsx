/** The general-information fields of a record (SPEC §2 record form); the values and rules are in general-information.ts. */
import { Box, Button, Checkbox, Field, HStack, Input, NativeSelect, Stack, Text, Textarea } from '@chakra-ui/react';
import { useId, useState } from 'react';
import type { FormikProps } from 'formik';
import { objectTypesRequired, RECORD_STATUS_VALUES, YEAR_RANGE } from '@registry/schemas/forms/record-sections.ts';
import { FieldLabel } from '../kit/FormFields.tsx';
import { TermPicker } from '../kit/TermPicker.tsx';
import { MarkdownText } from '../kit/markdown/Markdown.tsx';
import { proposeKeyword, type RecordType } from './editor-api.ts';
import { PICK_LISTS, shownError, valueAt, type GeneralFieldRights, type GeneralValues } from './general-information.ts';
import { LogoField } from './LogoField.tsx';

const thisYear = new Date().getFullYear();
const YEARS = Array.from({ length: YEAR_RANGE + 1 }, (_, index) => thisYear - index);

interface FieldsProps {
  form: FormikProps<GeneralValues>;
  recordTypes: RecordType[];
  rights: GeneralFieldRights;
  /** An existing record: only curators change its type. */
  editing: boolean;
  currentLogo: string | null;
  /** The record being edited (a keyword proposed here names it); null on /create. */
  recordId?: string | null;
}

/** Keywords are the one list a contributor adds to: a proposal waits for a curator before the public lists show it. */
const proposeKeywordFor = (recordId: string | null) => ({
  label: (text: string) => `Add the new keyword “${text.toLowerCase()}”`,
  create: async (text: string) => {
    const created = await proposeKeyword(text, recordId);
    return { id: created.id, label: created.label };
  },
});

/** The description as the record page will show it (Markdown), on demand. */
function DescriptionPreview({ text }: { text: string }) {
  const [shown, setShown] = useState(false);
  const previewId = useId();
  return (
    <Box mt="-2">
      <HStack gap="3" wrap="wrap">
        <Text fontSize="sm" color="fg.muted">
          Markdown: **bold**, *italic*, [a link](https://…), lists with “- ”. No HTML.
        </Text>
        <Button size="xs" variant="outline" aria-expanded={shown} aria-controls={previewId} onClick={() => setShown(!shown)} data-testid="description-preview-toggle">
          {shown ? 'Hide preview' : 'Preview'}
        </Button>
      </HStack>
      {shown && (
        <Box id={previewId} mt="2" p="3" borderWidth="1px" borderRadius="md" bg="bg.subtle" data-testid="description-preview" aria-label="Description preview" role="region">
          {text.trim() ? <MarkdownText text={text} /> : <Text color="fg.muted">Nothing to preview yet.</Text>}
        </Box>
      )}
    </Box>
  );
}

export function GeneralInformationFields({ form, recordTypes, rights, editing, currentLogo, recordId = null }: FieldsProps) {
  const { values, errors, setFieldValue, handleChange } = form;
  const shown = (path: string) => shownError(form, path);
  const registry = recordTypes.find((type) => type.id === values.record_type_id)?.fairsharingRegistry?.name;
  // Marked as the form's rule demands them (validateGeneral): not for collections, nor for a record saved without any.
  const objectTypesNeeded = objectTypesRequired(registry) && !values.loadedWithoutObjectTypes;
  const text = (path: string, label: string, required = false, multiline = false) => {
    const Control = multiline ? Textarea : Input;
    return (
      <Field.Root invalid={!!shown(path)} required={required}>
        <FieldLabel label={label} required={required} />
        <Control name={path} {...(multiline ? { rows: 5 } : {})} value={String(valueAt(values, path) ?? '')} onChange={handleChange} onBlur={form.handleBlur} />
        {shown(path) && <Field.ErrorText color="red.700" data-testid={`error-${path}`}>{shown(path)}</Field.ErrorText>}
      </Field.Root>
    );
  };

  return (
    <Stack gap="4">
      {text('metadata.name', 'Name', true)}
      {text('metadata.abbreviation', 'Abbreviation')}
      {text('metadata.homepage', 'Homepage', true)}
      {text('metadata.description', 'Description', true, true)}
      <DescriptionPreview text={values.metadata.description} />
      <Field.Root invalid={!!shown('record_type_id')} required disabled={editing && !rights.recordType}>
        <Field.Label>
          Record type <Field.RequiredIndicator />
        </Field.Label>
        <NativeSelect.Root>
          <NativeSelect.Field name="record_type_id" value={values.record_type_id} onChange={handleChange} data-testid="record-type">
            <option value="">Choose a record type</option>
            {recordTypes.map((type) => (
              <option key={type.id} value={type.id}>
                {type.fairsharingRegistry?.name ?? ''} — {type.name.replace(/_/g, ' ')}
              </option>
            ))}
          </NativeSelect.Field>
          <NativeSelect.Indicator />
        </NativeSelect.Root>
        {editing && !rights.recordType && <Field.HelperText>Only curators change the type of a record.</Field.HelperText>}
        {shown('record_type_id') && <Field.ErrorText color="red.700">{shown('record_type_id')}</Field.ErrorText>}
      </Field.Root>
      <HStack gap="4" align="start" wrap="wrap">
        <Field.Root required w={{ base: 'full', md: '48' }}>
          <Field.Label>
            Status <Field.RequiredIndicator />
          </Field.Label>
          <NativeSelect.Root>
            <NativeSelect.Field name="metadata.status" value={values.metadata.status} onChange={handleChange}>
              {RECORD_STATUS_VALUES.map((status) => (
                <option key={status} value={status}>
                  {status.replace(/_/g, ' ')}
                </option>
              ))}
            </NativeSelect.Field>
            <NativeSelect.Indicator />
          </NativeSelect.Root>
        </Field.Root>
        <Field.Root w={{ base: 'full', md: '48' }}>
          <Field.Label>Year of creation</Field.Label>
          <NativeSelect.Root>
            <NativeSelect.Field name="metadata.year_creation" value={values.metadata.year_creation} onChange={handleChange}>
              <option value="">Not known</option>
              {YEARS.map((year) => (
                <option key={year} value={year}>
                  {year}
                </option>
              ))}
            </NativeSelect.Field>
            <NativeSelect.Indicator />
          </NativeSelect.Root>
        </Field.Root>
      </HStack>
      {values.metadata.status === 'deprecated' && text('metadata.deprecation_reason', 'Deprecation reason', true, true)}
      {PICK_LISTS.map(([key, , label]) => (
        <TermPicker
          key={key}
          list={key}
          label={label}
          value={values[key]}
          required={key === 'objectTypes' && objectTypesNeeded}
          error={typeof errors[key] === 'string' && form.submitCount > 0 ? (errors[key] as string) : undefined}
          onChange={(terms) => void setFieldValue(key, terms)}
          propose={key === 'userDefinedTags' ? proposeKeywordFor(recordId) : undefined}
        />
      ))}
      <LogoField form={form} currentLogo={currentLogo} />
      {rights.curatorFields && (
        <Box borderTopWidth="1px" pt="4">
          {text('curator_notes', 'Curator notes (curators only)', false, true)}
          <Checkbox.Root mt="3" checked={values.hidden} onCheckedChange={(details) => void setFieldValue('hidden', details.checked === true)}>
            <Checkbox.HiddenInput />
            <Checkbox.Control />
            <Checkbox.Label>Hidden from the public</Checkbox.Label>
          </Checkbox.Root>
        </Box>
      )}
    </Stack>
  );
}

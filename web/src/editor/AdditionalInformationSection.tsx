/**
 * Additional information: the fields of the record's type, rendered from the JSON Schema that
 * `POST /fairsharing_records/metadata_fields` answers (the same table the API checks saves with).
 * Its lists of objects (`items.$ref`: access points) have their own section (DataAccessSection).
 */
import { Field, NativeSelect, SimpleGrid, Text } from '@chakra-ui/react';
import { useEffect, useMemo, useState } from 'react';
import { loadMetadataFields, type EditableRecord, type MetadataFieldsSchema } from './editor-api.ts';
import { EditSection } from './EditSection.tsx';
import { countChanges } from './general-information.ts';
import { useSectionSave, type RevisionHolder } from './useSectionSave.ts';
import { latestData, useLoad } from '../kit/useLoad.ts';

/** What a type whose fields cannot be read offers. */
const NO_FIELDS: Pick<MetadataFieldsSchema, 'properties'> = { properties: {} };

type MetadataField = MetadataFieldsSchema['properties'][string];
type ValueField = Exclude<MetadataField, { items: Record<string, string> }>;
/** A value or a list of values, not a list of objects (`items: {$ref}`). */
const isValueField = (field: MetadataField): field is ValueField => field.type !== 'array' || !('$ref' in field.items);

export function AdditionalInformationSection({ record, holder, onChanged }: { record: EditableRecord; holder: RevisionHolder; onChanged(changes: number): void }) {
  const recordType = record.type;
  const fields = useLoad<MetadataFieldsSchema>(recordType ? { key: recordType, load: () => loadMetadataFields(recordType) } : null);
  const schema = fields.status === 'error' ? NO_FIELDS : (latestData(fields) ?? null);
  const valueFields = useMemo(
    () => new Map(Object.entries(schema?.properties ?? {}).filter((entry): entry is [string, ValueField] => isValueField(entry[1]))),
    [schema],
  );
  const keys = useMemo(() => [...valueFields.keys()], [valueFields]);
  const initial = useMemo(() => Object.fromEntries(keys.map((key) => {
    const value = record.metadata?.[key];
    return [key, Array.isArray(value) ? String(value[0] ?? '') : typeof value === 'string' ? value : ''];
  })), [keys, record.metadata]);
  const [value, setValue] = useState<Record<string, string>>({});
  const [savedFrom, setSavedFrom] = useState<Record<string, string>>({});
  useEffect(() => {
    setValue(initial);
    setSavedFrom(initial);
  }, [initial]);
  const { saving, outcome, save } = useSectionSave(record.id, 'additionalInformation', holder);
  const changes = countChanges(savedFrom, value);
  useEffect(() => onChanged(changes), [changes, onChanged]);

  const onSave = async () => {
    const metadata = Object.fromEntries(keys.map((key) => {
      const field = valueFields.get(key)!;
      const chosen = value[key] || null;
      return [key, field.type === 'array' ? (chosen ? [chosen] : null) : chosen];
    }));
    if (await save({ metadata })) setSavedFrom(value);
  };

  return (
    <EditSection id="additionalInformation" title="Additional information" changes={changes} saving={saving} outcome={outcome} onSave={onSave}>
      {schema && keys.length === 0 && <Text color="fg.muted">Records of this type have no additional information fields.</Text>}
      <SimpleGrid columns={{ base: 1, md: 2 }} gap="4">
        {keys.map((key) => {
          const field = valueFields.get(key)!;
          const options = (field.type === 'array' ? field.items.enum : field.enum) ?? [];
          return (
            <Field.Root key={key}>
              <Field.Label>{field.title}</Field.Label>
              <NativeSelect.Root>
                <NativeSelect.Field name={key} value={value[key] ?? ''} onChange={(event) => setValue({ ...value, [key]: event.target.value })}>
                  <option value="">Not known</option>
                  {options.map((option) => <option key={option} value={option}>{option}</option>)}
                </NativeSelect.Field>
                <NativeSelect.Indicator />
              </NativeSelect.Root>
            </Field.Root>
          );
        })}
      </SimpleGrid>
    </EditSection>
  );
}

/**
 * The general-information section of a record (SPEC §2 record form), shared by /create and the
 * editor, as data: the values keep the chosen terms (id and label); `generalPayload` turns them
 * into the PUT/POST body of SPEC §7, and the shared schema validates that body, so the form shows
 * the very messages the API would answer. The fields are in GeneralInformationFields.tsx.
 */
import { yupToFormErrors, type FormikErrors, type FormikProps } from 'formik';
import { ValidationError } from 'yup';
import {
  generalInformationSchema, LOGO_MAX_BYTES, objectTypesRequired, RECORD_MESSAGES,
} from '@registry/schemas/forms/record-sections.ts';
import { canWriteField, FIELD_ACCESS } from '@registry/schemas/access/fields.ts';
import type { Viewer } from '@registry/schemas/access/viewer.ts';
import type { EditableRecord, RecordType } from './editor-api.ts';
import type { Term } from '../kit/pick-lists.ts';

/** The record's terms as the form holds them, each list under the name its pick list has. */
type RecordTerms = Record<(typeof PICK_LISTS)[number][0], Term[]>;

export interface GeneralValues extends RecordTerms {
  metadata: {
    name: string;
    abbreviation: string;
    homepage: string;
    description: string;
    status: string;
    deprecation_reason: string;
    year_creation: string;
  };
  record_type_id: string;
  curator_notes: string;
  hidden: boolean;
  /** Undefined: keep the logo; null: clear it; otherwise the new file. */
  logo?: { filename: string; data: string } | null;
  /**
   * An existing record that names no object types (the catalogue's imported standards and
   * databases): the API lets a save leave them unset, so the form does not demand them and a save
   * that still names none leaves them out instead of sending an empty list, which is refused.
   */
  loadedWithoutObjectTypes: boolean;
}

export const PICK_LISTS = [
  ['objectTypes', 'object_type_ids', 'Object types'],
  ['subjects', 'subject_ids', 'Subjects'],
  ['domains', 'domain_ids', 'Domains'],
  ['taxonomies', 'taxonomy_ids', 'Species'],
  ['userDefinedTags', 'user_defined_tag_ids', 'Keywords'],
  ['countries', 'country_ids', 'Countries'],
] as const;

export function generalInitialValues(record: EditableRecord | null, recordTypes: RecordType[]): GeneralValues {
  const metadata = record?.metadata ?? {};
  return {
    metadata: {
      name: record?.name ?? '',
      abbreviation: record?.abbreviation ?? '',
      homepage: record?.homepage ?? '',
      description: record?.description ?? '',
      status: record?.status ?? 'ready',
      deprecation_reason: typeof metadata.deprecation_reason === 'string' ? metadata.deprecation_reason : '',
      year_creation: typeof metadata.year_creation === 'number' ? String(metadata.year_creation) : '',
    },
    record_type_id: record ? (recordTypes.find((type) => type.name === record.type)?.id ?? '') : '',
    countries: record?.countries ?? [],
    subjects: record?.subjects ?? [],
    domains: record?.domains ?? [],
    taxonomies: record?.taxonomies ?? [],
    userDefinedTags: record?.userDefinedTags ?? [],
    objectTypes: record?.objectTypes ?? [],
    curator_notes: record?.curatorNotes ?? '',
    hidden: record?.isHidden ?? false,
    loadedWithoutObjectTypes: record !== null && record.objectTypes.length === 0,
  };
}

const idsOf = (terms: Term[]) => terms.map((term) => Number(term.id));

/** Which parts of the form the viewer may write, from the access module's field table. */
export interface GeneralFieldRights {
  /** Curator notes and the hidden flag. */
  curatorFields: boolean;
  /** The type of an existing record. */
  recordType: boolean;
}

export function generalFieldRights(viewer: Viewer): GeneralFieldRights {
  const writes = (field: keyof typeof FIELD_ACCESS.FairsharingRecord) => canWriteField(viewer, FIELD_ACCESS.FairsharingRecord[field], {});
  return { curatorFields: writes('curatorNotes') && writes('isHidden'), recordType: writes('type') };
}

const leavesObjectTypesUnset = (values: GeneralValues) => values.loadedWithoutObjectTypes && values.objectTypes.length === 0;

/** The body of SPEC §7 "General information" for these values. */
export function generalPayload(values: GeneralValues, rights: GeneralFieldRights): Record<string, unknown> {
  const { metadata } = values;
  return {
    metadata: {
      name: metadata.name,
      abbreviation: metadata.abbreviation || null,
      homepage: metadata.homepage,
      description: metadata.description,
      status: metadata.status,
      deprecation_reason: metadata.status === 'deprecated' ? metadata.deprecation_reason : null,
      year_creation: metadata.year_creation ? Number(metadata.year_creation) : null,
    },
    record_type_id: values.record_type_id ? Number(values.record_type_id) : undefined,
    ...Object.fromEntries(PICK_LISTS.filter(([key]) => key !== 'objectTypes' || !leavesObjectTypesUnset(values)).map(([key, payloadKey]) => [payloadKey, idsOf(values[key])])),
    ...(rights.curatorFields ? { curator_notes: values.curator_notes || null, hidden: values.hidden } : {}),
    ...(values.logo !== undefined ? { logo: values.logo } : {}),
  };
}

/** Formik's `validate`: the shared schema on the payload, its messages placed on the form's fields. */
export function validateGeneral(values: GeneralValues, rights: GeneralFieldRights, registry: string | undefined): FormikErrors<GeneralValues> {
  const errors: Record<string, unknown> = {};
  try {
    generalInformationSchema.validateSync(generalPayload(values, rights), { abortEarly: false });
  } catch (error) {
    if (!(error instanceof ValidationError)) throw error;
    Object.assign(errors, yupToFormErrors(error));
  }
  if (objectTypesRequired(registry) && values.objectTypes.length === 0 && !values.loadedWithoutObjectTypes) errors.objectTypes = RECORD_MESSAGES.objectTypes;
  return errors as FormikErrors<GeneralValues>;
}

/** How many fields differ from what was loaded (the section's change count). */
export function countChanges(initial: Record<string, unknown>, current: Record<string, unknown>): number {
  let changes = 0;
  for (const key of new Set([...Object.keys(initial), ...Object.keys(current)])) {
    const before = initial[key];
    const after = current[key];
    if (key === 'metadata' && before && after && typeof before === 'object' && typeof after === 'object') {
      changes += countChanges(before as Record<string, unknown>, after as Record<string, unknown>);
    } else if (JSON.stringify(before ?? null) !== JSON.stringify(after ?? null)) {
      changes += 1;
    }
  }
  return changes;
}

/** The value at a dotted path ("metadata.name") of formik's values, errors or touched. */
export function valueAt(node: unknown, path: string): unknown {
  return path.split('.').reduce<unknown>((current, key) => (current && typeof current === 'object' ? (current as Record<string, unknown>)[key] : undefined), node);
}

/** PNG or JPEG by their first bytes: the server checks the same, never trusting the name. */
export async function readLogo(file: File): Promise<{ filename: string; data: string } | string> {
  if (file.size > LOGO_MAX_BYTES) return RECORD_MESSAGES.logoSize;
  const bytes = new Uint8Array(await file.arrayBuffer());
  const png = bytes[0] === 0x89 && bytes[1] === 0x50 && bytes[2] === 0x4e && bytes[3] === 0x47;
  const jpeg = bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff;
  if (!png && !jpeg) return RECORD_MESSAGES.logoType;
  let binary = '';
  for (const byte of bytes) binary += String.fromCharCode(byte);
  return { filename: file.name, data: btoa(binary) };
}

/** A field's schema message once the person has left the field or tried to save. */
export function shownError(form: FormikProps<GeneralValues>, path: string): string | undefined {
  const error = valueAt(form.errors, path);
  return typeof error === 'string' && (form.submitCount > 0 || valueAt(form.touched, path)) ? error : undefined;
}

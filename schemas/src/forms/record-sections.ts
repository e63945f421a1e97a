/**
 * The record editor's rules, one yup schema per section of SPEC §2, shared by the web form and
 * the records service so the two can never disagree. Messages use SPEC §5 wording where it has
 * one. Rules that need the database (known ids, the approved country list, allowed relation
 * types, who may change a record type) live in the records service.
 */
import { array, boolean, mixed, number, object, string, type InferType } from 'yup';
import { ACCOUNT_MESSAGES, EMAIL_PATTERN, ORCID_PATTERN, tooShortMessage } from './account.ts';

export const RECORD_SECTIONS = [
  'generalInformation',
  'support',
  'dataAccess',
  'publications',
  'organisations',
  'additionalInformation',
  'relations',
] as const;
export type RecordSection = (typeof RECORD_SECTIONS)[number];

export const RECORD_STATUS_VALUES = ['ready', 'in_development', 'deprecated', 'uncertain'] as const;
export const DESCRIPTION_MIN_LENGTH = 40;
/** SPEC §9: the year pick-list covers the last 100 years. */
export const YEAR_RANGE = 100;

export const RECORD_MESSAGES = {
  status: `Status must be one of ${RECORD_STATUS_VALUES.join(', ')}`,
  deprecationReason: 'A deprecated record needs a deprecation reason',
  replacementNeedsDeprecation: 'Only a deprecated record can name its replacement',
  year: (from: number, to: number) => `Year must be between ${from} and ${to}`,
  objectTypes: 'Select at least one object type',
  logoType: 'File type should be PNG or JPEG',
  logoSize: 'The logo must be at most 1 MB',
  duplicateRelation: 'The same record is linked twice with the same relation',
  supportLink: 'Invalid e-mail/URL.',
} as const;

export const LOGO_MAX_BYTES = 1024 * 1024;

const ids = () => array(number().integer().positive().required()).default(undefined);
const text = () => string().trim();

/** The metadata keys the general-information section edits (name and friends live in columns). */
const generalMetadata = object({
  name: text().required(ACCOUNT_MESSAGES.required),
  abbreviation: text().nullable(),
  homepage: text().required(ACCOUNT_MESSAGES.required).url(ACCOUNT_MESSAGES.url),
  description: text()
    .required(ACCOUNT_MESSAGES.required)
    .test('min-length', ({ value }: { value?: unknown }) => tooShortMessage(String(value ?? '').length, DESCRIPTION_MIN_LENGTH), (value) =>
      (value ?? '').length >= DESCRIPTION_MIN_LENGTH,
    ),
  status: string().required(ACCOUNT_MESSAGES.required).oneOf([...RECORD_STATUS_VALUES], RECORD_MESSAGES.status),
  deprecation_reason: text()
    .nullable()
    .when('status', {
      is: 'deprecated',
      then: (schema) => schema.required(RECORD_MESSAGES.deprecationReason),
    }),
  year_creation: number()
    .integer()
    .nullable()
    .test('year-range', () => RECORD_MESSAGES.year(new Date().getFullYear() - YEAR_RANGE, new Date().getFullYear()), (value) => {
      if (value === null || value === undefined) return true;
      const now = new Date().getFullYear();
      return value >= now - YEAR_RANGE && value <= now;
    }),
});

/** A logo sent inline: `{ filename, data: <base64> }`; `null` clears it. */
export const logoSchema = object({
  filename: text().default(''),
  data: string().required(ACCOUNT_MESSAGES.required),
}).nullable().default(undefined);

export const generalInformationSchema = object({
  metadata: generalMetadata.required(),
  record_type_id: number().integer().positive().required(ACCOUNT_MESSAGES.required),
  country_ids: ids(),
  object_type_ids: ids(),
  subject_ids: ids(),
  domain_ids: ids(),
  taxonomy_ids: ids(),
  user_defined_tag_ids: ids(),
  maintainer_ids: ids(),
  watcher_ids: ids(),
  curator_notes: text().nullable(),
  /** The record that replaces a deprecated one (curators). */
  replaced_by_id: number().integer().positive().nullable(),
  hidden: boolean(),
  logo: logoSchema,
  remove_additional_properties: boolean(),
});
export type GeneralInformationInput = InferType<typeof generalInformationSchema>;

const contactSchema = object({
  contact_name: text().required(ACCOUNT_MESSAGES.required),
  contact_email: text().required(ACCOUNT_MESSAGES.required).matches(EMAIL_PATTERN, ACCOUNT_MESSAGES.email),
  contact_orcid: text().nullable().matches(ORCID_PATTERN, { message: ACCOUNT_MESSAGES.orcid, excludeEmptyString: true }),
});

const supportLinkSchema = object({
  name: text().nullable(),
  type: text().nullable(),
  url: text()
    .required(ACCOUNT_MESSAGES.required)
    .test('email-or-url', RECORD_MESSAGES.supportLink, (value) => EMAIL_PATTERN.test(value ?? '') || /^https?:\/\/\S+$/i.test(value ?? '')),
});

export const supportSchema = object({
  metadata: object({
    contacts: array(contactSchema).default([]),
    support_links: array(supportLinkSchema).default([]),
  }).required(),
});
export type SupportInput = InferType<typeof supportSchema>;

export const publicationsSchema = object({
  publication_ids: ids(),
  citation_ids: ids(),
  exhaustive_licences: boolean(),
});
export type PublicationsInput = InferType<typeof publicationsSchema>;

/** Additional information, data access: metadata keys of the record type's own schema (metadata_fields). */
export const metadataSectionSchema = object({
  metadata: object().required(),
});
export type MetadataSectionInput = InferType<typeof metadataSectionSchema>;

const associationSchema = object({
  id: number().integer().positive(),
  linked_record_id: number().integer().positive(),
  record_assoc_label_id: number().integer().positive(),
  _destroy: mixed<boolean | string | number>(),
}).test('new-relation-complete', 'A new relation needs linked_record_id and record_assoc_label_id', (value) =>
  value.id !== undefined || (value.linked_record_id !== undefined && value.record_assoc_label_id !== undefined),
);

export const relationsSchema = object({
  record_associations_attributes: array(associationSchema)
    .required(ACCOUNT_MESSAGES.required)
    .test('no-duplicate-relation', RECORD_MESSAGES.duplicateRelation, (list) => {
      const seen = new Set<string>();
      for (const item of list ?? []) {
        if (item.id !== undefined || item.linked_record_id === undefined) continue;
        const key = `${item.linked_record_id}:${item.record_assoc_label_id}`;
        if (seen.has(key)) return false;
        seen.add(key);
      }
      return true;
    }),
});
export type RelationsInput = InferType<typeof relationsSchema>;
export type AssociationInput = RelationsInput['record_associations_attributes'][number];

/** Whether a `_destroy` flag as old clients send it ("1", "true", true, 1) asks for deletion. */
export function isDestroyFlag(value: unknown): boolean {
  return value === true || value === 1 || value === '1' || value === 'true';
}

export const SECTION_SCHEMAS = {
  generalInformation: generalInformationSchema,
  support: supportSchema,
  dataAccess: metadataSectionSchema,
  publications: publicationsSchema,
  additionalInformation: metadataSectionSchema,
  relations: relationsSchema,
} as const;
export type EditableSection = keyof typeof SECTION_SCHEMAS;

/**
 * Which section a PUT body saves when it does not say: old clients send the keys of one
 * section at a time (relations, publications, general information).
 */
export function sectionOfPayload(payload: Record<string, unknown>): EditableSection {
  if ('record_associations_attributes' in payload) return 'relations';
  if ('publication_ids' in payload || 'citation_ids' in payload) return 'publications';
  const metadata = payload.metadata;
  const metadataKeys = metadata && typeof metadata === 'object' ? Object.keys(metadata) : [];
  const ownKeys = Object.keys(payload).filter((key) => key !== 'metadata');
  if (ownKeys.length === 0 && metadataKeys.length > 0 && metadataKeys.every((key) => key === 'contacts' || key === 'support_links')) return 'support';
  if (ownKeys.length === 0 && metadataKeys.length > 0 && !metadataKeys.includes('name')) return 'additionalInformation';
  return 'generalInformation';
}

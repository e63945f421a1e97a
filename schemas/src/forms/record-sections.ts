/**
 * The record editor's rules, one yup schema per section of SPEC §2, shared by the web form and
 * the records service so the two can never disagree. Messages use SPEC §5 wording where it has
 * one. Rules that need the database (known ids, the approved country list, allowed relation
 * types, who may change a record type) live in the records service.
 */
import { array, boolean, mixed, number, object, string, type AnyObjectSchema, type InferType } from 'yup';
import { ACCOUNT_MESSAGES, EMAIL_PATTERN, ORCID_PATTERN, tooShortMessage } from './account.ts';
import { boundedText, httpUrl, idList, idNumber, isHttpUrl, MAX_IDS_PER_LIST, MAX_ITEMS_PER_LIST, BOUND_MESSAGES, STORED_URL_TESTS } from './bounds.ts';

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
  unknownKey: (key: string) => `${key} is not a field of this section`,
} as const;

export const LOGO_MAX_BYTES = 1024 * 1024;

/** Every record names at least one object type, except collections (which gather other records). */
export function objectTypesRequired(registry: string | null | undefined): boolean {
  return registry?.toLowerCase() !== 'collection';
}

/**
 * Metadata keys no client writes: `citations` follows the publications section and
 * `legacy_logs` is history imported from the old registry.
 */
export const SERVER_METADATA_KEYS = ['citations', 'legacy_logs'] as const;

/** Refuses keys a section does not declare, naming the first one (old clients sent anything). */
function onlyDeclaredKeys<T extends AnyObjectSchema>(schema: T): T {
  return schema.test('declared-keys', function declaredKeys(value: Record<string, unknown> | null | undefined) {
    if (!value || typeof value !== 'object') return true;
    const unknown = Object.keys(value).find((key) => !(key in schema.fields));
    return unknown === undefined || this.createError({ path: `${this.path}.${unknown}`, message: RECORD_MESSAGES.unknownKey(unknown) });
  }) as T;
}

/** The metadata keys the general-information section edits (name and friends live in columns). */
const generalMetadata = onlyDeclaredKeys(object({
  name: boundedText('name').required(ACCOUNT_MESSAGES.required),
  abbreviation: boundedText('abbreviation').nullable(),
  homepage: httpUrl(ACCOUNT_MESSAGES.url).required(ACCOUNT_MESSAGES.required),
  description: boundedText('description')
    .required(ACCOUNT_MESSAGES.required)
    .test('min-length', ({ value }: { value?: unknown }) => tooShortMessage(String(value ?? '').length, DESCRIPTION_MIN_LENGTH), (value) =>
      (value ?? '').length >= DESCRIPTION_MIN_LENGTH,
    ),
  status: string().required(ACCOUNT_MESSAGES.required).oneOf([...RECORD_STATUS_VALUES], RECORD_MESSAGES.status),
  deprecation_reason: boundedText('description')
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
}));

/** A logo sent inline: `{ filename, data: <base64> }`; `null` clears it. */
export const logoSchema = object({
  filename: boundedText('name').default(''),
  data: string().required(ACCOUNT_MESSAGES.required),
}).nullable().default(undefined);

export const generalInformationSchema = object({
  metadata: generalMetadata.required(),
  record_type_id: idNumber().required(ACCOUNT_MESSAGES.required),
  country_ids: idList(),
  object_type_ids: idList(),
  subject_ids: idList(),
  domain_ids: idList(),
  taxonomy_ids: idList(),
  user_defined_tag_ids: idList(),
  maintainer_ids: idList(),
  watcher_ids: idList(),
  curator_notes: boundedText('notes').nullable(),
  /** The record that replaces a deprecated one (curators). */
  replaced_by_id: idNumber().nullable(),
  hidden: boolean(),
  logo: logoSchema,
  remove_additional_properties: boolean(),
});
export type GeneralInformationInput = InferType<typeof generalInformationSchema>;

const contactSchema = onlyDeclaredKeys(object({
  contact_name: boundedText('name').required(ACCOUNT_MESSAGES.required),
  contact_email: boundedText('email').required(ACCOUNT_MESSAGES.required).matches(EMAIL_PATTERN, ACCOUNT_MESSAGES.email),
  contact_orcid: boundedText('code').nullable().matches(ORCID_PATTERN, { message: ACCOUNT_MESSAGES.orcid, excludeEmptyString: true }),
}));

/** A support link is a web page or an e-mail address (stored bare or as mailto:). */
function isSupportAddress(value: string): boolean {
  return EMAIL_PATTERN.test(value.replace(/^mailto:/i, '')) || isHttpUrl(value);
}

const supportLinkSchema = onlyDeclaredKeys(object({
  name: boundedText('name').nullable(),
  type: boundedText('name').nullable(),
  url: boundedText('url')
    .required(ACCOUNT_MESSAGES.required)
    .test(STORED_URL_TESTS.httpUrlOrEmail, RECORD_MESSAGES.supportLink, (value) => isSupportAddress(value ?? '')),
}));

/** Any other list of a section's items (contacts, support links, access points). */
const itemList = <T extends Parameters<typeof array>[0]>(item: T) => array(item).max(MAX_ITEMS_PER_LIST, BOUND_MESSAGES.itemCount);

const supportMetadata = {
  contacts: itemList(contactSchema).default([]),
  support_links: itemList(supportLinkSchema).default([]),
};

export const supportSchema = object({
  metadata: onlyDeclaredKeys(object(supportMetadata)).required(),
});
export type SupportInput = InferType<typeof supportSchema>;

export const publicationsSchema = object({
  publication_ids: idList(),
  citation_ids: idList(),
  exhaustive_licences: boolean(),
});
export type PublicationsInput = InferType<typeof publicationsSchema>;

/** Where and how a database's data are reached (the data-access section). */
const accessPointSchema = onlyDeclaredKeys(object({
  url: httpUrl().required(ACCOUNT_MESSAGES.required),
  name: boundedText('name').nullable(),
  type: boundedText('name').nullable(),
  example_url: httpUrl().nullable(),
}));

/**
 * Additional information, data access: `access_points` here, and the keys of the record type's
 * own schema (metadata_fields), which the records service checks against the record's registry.
 */
export const metadataSectionSchema = object({
  metadata: object({
    access_points: itemList(accessPointSchema).default(undefined),
  })
    .test('no-server-keys', function noServerKeys(value: Record<string, unknown> | undefined) {
      const key = SERVER_METADATA_KEYS.find((name) => value !== undefined && name in value);
      return key === undefined || this.createError({ path: `metadata.${key}`, message: RECORD_MESSAGES.unknownKey(key) });
    })
    .required(),
});
export type MetadataSectionInput = InferType<typeof metadataSectionSchema>;

const associationSchema = object({
  id: idNumber(),
  linked_record_id: idNumber(),
  record_assoc_label_id: idNumber(),
  _destroy: mixed<boolean | string | number>(),
}).test('new-relation-complete', 'A new relation needs linked_record_id and record_assoc_label_id', (value) =>
  value.id !== undefined || (value.linked_record_id !== undefined && value.record_assoc_label_id !== undefined),
);

export const relationsSchema = object({
  record_associations_attributes: array(associationSchema)
    .required(ACCOUNT_MESSAGES.required)
    .max(MAX_IDS_PER_LIST, BOUND_MESSAGES.idCount)
    .test('no-duplicate-relation', RECORD_MESSAGES.duplicateRelation, (list) => {
      const seen = new Set<string>();
      for (const item of list ?? []) {
        // A null item is refused by the item schema; this test, run beside it, passes over it.
        if (!item || item.id !== undefined || item.linked_record_id === undefined) continue;
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

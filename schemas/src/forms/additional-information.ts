/**
 * The additional-information fields of each registry: the curated attributes that advanced
 * search filters on (SPEC §3 identifiers), stored in a record's `metadata` under snake_case keys.
 * The value lists are the ones the public registry's curators use. From this one table come the
 * JSON Schema that `POST /fairsharing_records/metadata_fields` answers (with the lists of objects,
 * access points, as FAIRsharing publishes them: `$ref` items and `definitions`), the editor's form,
 * the check the records service runs on a save, and the advanced-search value lists. The bounds
 * (bounds.ts) are in the published schema (`maxLength`, `maxItems`) and the check reads them there.
 *
 * Not Ajv (read for issue 33): the check accepts what the schema alone would refuse — values in
 * any letter case ("Open"), one value where a list is expected, `null` or "" for "not given" —
 * and answers one message per field in the words the editor shows, so Ajv's result would need
 * this walk again to be read; and this module is in the web bundle (the advanced-search value
 * lists), where Ajv would add its compiler for nothing.
 */
import { METADATA_FILTER_IDS, type MetadataFilterId, type RegistryName } from '../search/record-document.ts';
import { advancedSearchFilterById } from '../search/facets.ts';
import { BOUND_MESSAGES, MAX_ITEMS_PER_LIST, TEXT_MAX } from './bounds.ts';

const YES_NO_NOT_FOUND = ['yes', 'no', 'not found'] as const;
const REQUIREMENT_LEVELS = ['required', 'suggested', 'not covered', 'other'] as const;
const YES_NO = ['true', 'false'] as const;

/** Fixed value lists of the attributes that have one. */
export const ATTRIBUTE_VALUES: Readonly<Partial<Record<MetadataFilterId, readonly string[]>>> = {
  accessMethods: ['user interface', 'rest', 'oai-pmh', 'bioschemas', 'soap', 'ftp', 'sparql', 'other machine-accessible method'],
  dataCuration: ['manual', 'automated', 'manual/automated', 'none', 'not found'],
  dataDepositionCondition: ['open', 'controlled', 'not found', 'not applicable'],
  dataAccessCondition: ['open', 'partially open', 'controlled', 'not found'],
  citationToRelatedPublications: YES_NO_NOT_FOUND,
  dataAccessForPrePublicationReview: YES_NO_NOT_FOUND,
  dataContactInformation: YES_NO_NOT_FOUND,
  dataVersioning: YES_NO_NOT_FOUND,
  mandatedDataSharing: REQUIREMENT_LEVELS,
  mandatedDmpCreation: REQUIREMENT_LEVELS,
  sharingResearchSoftware: REQUIREMENT_LEVELS,
  timingOfDmp: ['pre-award', 'post-award', 'other', 'n/a'],
  associatedTools: YES_NO,
  certificationsAndCommunityBadges: YES_NO,
  dataProcessesAndConditions: YES_NO,
  dataPreservationPolicy: YES_NO,
  resourceSustainability: YES_NO,
  dataAvailabilityStatement: YES_NO,
  dataProtection: YES_NO,
  dataCitation: YES_NO,
  dataPreservation: YES_NO,
  exceptionsToDataSharing: YES_NO,
  licencesForOutputs: YES_NO,
  supportedCosts: YES_NO,
};

const DATABASE_ATTRIBUTES: readonly MetadataFilterId[] = [
  'accessMethods', 'dataCuration', 'dataDepositionCondition', 'dataAccessCondition', 'citationToRelatedPublications',
  'dataAccessForPrePublicationReview', 'dataContactInformation', 'dataVersioning', 'associatedTools',
  'certificationsAndCommunityBadges', 'dataProcessesAndConditions', 'dataPreservationPolicy', 'resourceSustainability',
  'usesPersistentIdentifier',
];

/** Which attributes a registry's records carry; the remaining identifiers belong to policies. */
export const REGISTRY_ATTRIBUTES: Readonly<Record<RegistryName, readonly MetadataFilterId[]>> = {
  database: DATABASE_ATTRIBUTES,
  policy: METADATA_FILTER_IDS.filter((id) => !DATABASE_ATTRIBUTES.includes(id)),
  standard: ['associatedTools'],
  collection: [],
};

/** `dataAccessCondition` → `data_access_condition`, the key under which `metadata` stores it. */
export function metadataKey(id: string): string {
  return id.replace(/[A-Z]/g, (letter) => `_${letter.toLowerCase()}`);
}

interface TextField {
  title: string;
  type: 'string';
  maxLength: number;
  enum?: readonly string[];
}

/** A field holding a list of values (access methods). */
export interface ValueListField {
  title: string;
  type: 'array';
  maxItems: number;
  items: Omit<TextField, 'title'>;
}

/** A field holding a list of objects, FAIRsharing's way: each item a `$ref` to `definitions`. */
export interface ObjectListField {
  title: string;
  description: string;
  type: 'array';
  maxItems: number;
  items: { $ref: `#/definitions/${string}` };
}

interface TextProperty {
  type: 'string';
  maxLength: number;
  format?: 'uri';
  description: string;
}

/** An object schema under `definitions`, as FAIRsharing's client reads it (`properties`, `required`). */
export interface ObjectDefinition {
  type: 'object';
  additionalProperties: false;
  required: string[];
  properties: Record<string, TextProperty>;
}

export interface AdditionalInformationSchema {
  $schema: string;
  type: 'object';
  additionalProperties: false;
  properties: Record<string, TextField | ValueListField | ObjectListField>;
  definitions: Record<string, ObjectDefinition>;
}

/**
 * `metadata.access_points`, where and how a record's data are reached: the items the data-access
 * section saves (record-sections.ts `accessPointSchema`, which checks them on a save).
 */
const ACCESS_POINT: ObjectDefinition = {
  type: 'object',
  additionalProperties: false,
  required: ['url'],
  properties: {
    url: { type: 'string', format: 'uri', maxLength: TEXT_MAX.url, description: 'The web address of the access point (http or https).' },
    name: { type: 'string', maxLength: TEXT_MAX.name, description: 'The name of the access point.' },
    type: { type: 'string', maxLength: TEXT_MAX.name, description: 'The kind of access point, e.g. REST, SOAP, SPARQL.' },
    example_url: { type: 'string', format: 'uri', maxLength: TEXT_MAX.url, description: 'An example request (http or https).' },
  },
};

/** Object-list fields every registry's records carry, saved by their own editor section. */
const OBJECT_LISTS = {
  access_points: { title: 'Access points', description: 'Web service access points', definition: 'access_point', schema: ACCESS_POINT },
} as const;

/** Whether a published field is a list of objects (`items.$ref`), which its own section saves and checks. */
export function isObjectListField(field: AdditionalInformationSchema['properties'][string]): field is ObjectListField {
  return field.type === 'array' && '$ref' in field.items;
}

/**
 * The JSON Schema of a registry's additional-information fields (every field optional): its
 * attributes (values and lists of values) and, in FAIRsharing's shape, its lists of objects, each
 * `items: {$ref: '#/definitions/<name>'}` with the object's schema under `definitions`.
 */
export function additionalInformationSchema(registry: RegistryName): AdditionalInformationSchema {
  const properties: AdditionalInformationSchema['properties'] = {};
  const definitions: AdditionalInformationSchema['definitions'] = {};
  for (const id of REGISTRY_ATTRIBUTES[registry]) {
    // Attributes that search treats as booleans hold "true" or "false".
    const values = ATTRIBUTE_VALUES[id] ?? (advancedSearchFilterById(id)?.kind === 'boolean' ? YES_NO : undefined);
    const title = id.replace(/([A-Z])/g, ' $1').replace(/^./, (first) => first.toUpperCase()).replace(/ Dmp/g, ' DMP');
    const text = { type: 'string', maxLength: TEXT_MAX.description, ...(values ? { enum: values } : {}) } as const;
    properties[metadataKey(id)] = id === 'accessMethods' ? { title, type: 'array', maxItems: MAX_ITEMS_PER_LIST, items: text } : { title, ...text };
  }
  for (const [key, list] of Object.entries(OBJECT_LISTS)) {
    properties[key] = { title: list.title, description: list.description, type: 'array', maxItems: MAX_ITEMS_PER_LIST, items: { $ref: `#/definitions/${list.definition}` } };
    definitions[list.definition] = list.schema;
  }
  return { $schema: 'https://json-schema.org/draft/2020-12/schema', type: 'object', additionalProperties: false, properties, definitions };
}

/** The field errors of additional-information values for a registry (empty when they are fine). */
export function additionalInformationErrors(registry: RegistryName, metadata: Record<string, unknown>): Record<string, string> {
  const schema = additionalInformationSchema(registry);
  const errors: Record<string, string> = {};
  for (const [key, value] of Object.entries(metadata)) {
    const field = schema.properties[key];
    if (!field) {
      errors[`metadata.${key}`] = `${key} is not a field of a ${registry} record`;
      continue;
    }
    if (value === null || value === '' || isObjectListField(field)) continue;
    const text = field.type === 'array' ? field.items : field;
    const allowed = text.enum;
    const values = field.type === 'array' ? (Array.isArray(value) ? value : [value]) : [value];
    if (field.type === 'array' && values.length > field.maxItems) {
      errors[`metadata.${key}`] = BOUND_MESSAGES.itemCount;
      continue;
    }
    const tooLong = values.find((item) => typeof item === 'string' && item.length > text.maxLength);
    if (tooLong !== undefined) {
      errors[`metadata.${key}`] = BOUND_MESSAGES.textLength(text.maxLength);
      continue;
    }
    const wrong = values.find((item) => typeof item !== 'string' || (allowed !== undefined && !allowed.includes(item.toLowerCase())));
    if (wrong !== undefined) errors[`metadata.${key}`] = allowed ? `${field.title} must be one of ${allowed.join(', ')}` : `${field.title} must be text`;
  }
  return errors;
}

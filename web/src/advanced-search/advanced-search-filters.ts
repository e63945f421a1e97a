/**
 * The rule identifiers the dialog offers (SPEC §3, in its order) and what kind of value each takes.
 * Kinds and labels come from the shared facet registry; the value lists of fixed-choice
 * attributes are the ones the public registry's curators use.
 */
import { RECORD_STATUSES, REGISTRY_NAMES } from '@registry/schemas/search/record-document.ts';
import { advancedSearchFilterById } from '@registry/schemas/search/facets.ts';

export const RULE_IDENTIFIERS = [
  'registry', 'standardtype', 'accessMethods', 'policytype', 'subjects', 'domains', 'userDefinedTags', 'status',
  'taxonomies', 'licences', 'countries', 'objectTypes', 'organisations', 'databasetype', 'dataCuration',
  'dataDepositionCondition', 'dataAccessCondition', 'citationToRelatedPublications', 'dataAccessForPrePublicationReview',
  'dataContactInformation', 'dataVersioning', 'associatedTools', 'certificationsAndCommunityBadges',
  'dataProcessesAndConditions', 'dataPreservationPolicy', 'resourceSustainability', 'dataAvailabilityStatement',
  'dataProtection', 'dataCitation', 'dataPreservation', 'exceptionsToDataSharing', 'mandatedDataSharing',
  'mandatedDmpCreation', 'sharingResearchSoftware', 'timingOfDmp', 'licencesForOutputs', 'supportedCosts',
  'isImplemented', 'hasPublication', 'usesPersistentIdentifier', 'recommendsDatabase', 'recommendsStandard',
  'updatingOfDmp', 'guidanceToHelpEnableCompliance', 'monitoringOfCompliance',
] as const;
export type RuleIdentifier = (typeof RULE_IDENTIFIERS)[number];

/** Registry-specific type rules: their values are record types of one registry. */
export const TYPE_RULE_REGISTRY: Readonly<Record<string, string>> = {
  standardtype: 'standard',
  databasetype: 'database',
  policytype: 'policy',
};

/** Record types per registry (SPEC §1), used until the API's recordTypes list has loaded. */
export const DEFAULT_RECORD_TYPES: Readonly<Record<string, string[]>> = {
  standard: ['terminology_artefact', 'model_and_format', 'reporting_guideline', 'identifier_schema', 'metric'],
  database: ['repository', 'knowledgebase', 'knowledgebase_and_repository'],
  policy: ['funder', 'journal', 'society', 'project', 'institution', 'journal_publisher'],
};

const YES_NO_NOT_FOUND = ['yes', 'no', 'not found'];
const REQUIREMENT_LEVELS = ['required', 'suggested', 'not covered', 'other'];
const YES_NO = ['true', 'false'];

/** Fixed value lists of the attribute rules. */
export const FIXED_VALUES: Readonly<Record<string, readonly string[]>> = {
  registry: REGISTRY_NAMES,
  status: RECORD_STATUSES,
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
  // Yes/no attributes that records hold as text values.
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

/** Vocabularies whose values come from the API as the user types. */
export const VOCABULARY_RULES = ['subjects', 'domains', 'userDefinedTags', 'taxonomies', 'licences', 'countries', 'objectTypes', 'organisations'] as const;

export type RuleValueKind = 'boolean' | 'fixed' | 'recordType' | 'vocabulary';

export function ruleValueKind(identifier: string): RuleValueKind {
  if (identifier in TYPE_RULE_REGISTRY) return 'recordType';
  if ((VOCABULARY_RULES as readonly string[]).includes(identifier)) return 'vocabulary';
  if (identifier in FIXED_VALUES) return 'fixed';
  return advancedSearchFilterById(identifier)?.kind === 'boolean' ? 'boolean' : 'fixed';
}

const SPECIAL_LABELS: Readonly<Record<string, string>> = {
  standardtype: 'Standard type',
  databasetype: 'Database type',
  policytype: 'Policy type',
  status: 'Record Status',
  taxonomies: 'Species',
};

export function ruleLabel(identifier: string): string {
  return SPECIAL_LABELS[identifier] ?? advancedSearchFilterById(identifier)?.label ?? identifier;
}

export function valueLabel(value: string): string {
  if (value === 'true') return 'Yes';
  if (value === 'false') return 'No';
  return value.replace(/_/g, ' ');
}

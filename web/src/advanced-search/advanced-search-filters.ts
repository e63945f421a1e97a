/**
 * The rule identifiers the dialog offers (SPEC §3, in its order) and what kind of value each takes.
 * Kinds and labels come from the shared facet registry; the value lists of fixed-choice
 * attributes are the ones the public registry's curators use.
 */
import { RECORD_STATUSES, REGISTRY_NAMES } from '@registry/schemas/search/record-document.ts';
import { advancedSearchFilterById } from '@registry/schemas/search/facets.ts';
import { ATTRIBUTE_VALUES } from '@registry/schemas/forms/additional-information.ts';

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

/** Fixed value lists of the attribute rules (the attributes' own lists are shared with the record editor). */
export const FIXED_VALUES: Readonly<Record<string, readonly string[]>> = {
  registry: REGISTRY_NAMES,
  status: RECORD_STATUSES,
  ...ATTRIBUTE_VALUES,
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

/**
 * Deterministic rules that fill gaps in the corpus (registry for 31 records, record type and
 * status for all but the 216 curated records). Every value a rule produces is recorded in
 * `records.provenance` (e.g. {"record_type": "derived:keyword-rule-v1"}) so nobody mistakes
 * it for a curated fact. Rules look at the name and abbreviation first, then the description;
 * the first rule that matches wins. Changing a rule means bumping its version string.
 */
import type { CatalogueRecord } from './catalogue-file.ts';
import type { RegistryLabel } from './reference-definitions.ts';

export const KEYWORD_RULE = 'derived:keyword-rule-v1';
export const DEFAULT_TYPE_RULE = 'derived:registry-default-v1';
export const DEFAULT_STATUS_RULE = 'derived:default-ready';
export const DEFAULT_RECOMMENDED_RULE = 'derived:default-false';

export interface Derived<T> {
  value: T;
  /** Provenance tag, or null when the value comes straight from the source. */
  provenance: string | null;
}

type KeywordRule<T> = [T, RegExp];

function firstMatch<T>(rules: KeywordRule<T>[], texts: string[]): T | undefined {
  for (const text of texts) {
    for (const [value, pattern] of rules) if (pattern.test(text)) return value;
  }
  return undefined;
}

function textsOf(record: Pick<CatalogueRecord, 'name' | 'abbreviation' | 'description'>): string[] {
  return [`${record.name} ${record.abbreviation ?? ''}`, record.description];
}

// --- registry (only when the source has none) ---------------------------------------------

const REGISTRY_RULES: KeywordRule<RegistryLabel>[] = [
  ['Policy', /\b(policy|policies|journal|instructions for authors|code of conduct)\b/i],
  ['Standard', /\b(ontology|vocabulary|terminology|profile|schema|checklist|minimum information|guideline|model|format|markup|modeling language|specification|standard)\b/i],
  ['Database', /\b(database|data ?base|repository|portal|knowledge ?base|catalog(ue)?|archive|atlas|resource|platform|db)\b/i],
];

export function deriveRegistry(record: CatalogueRecord): Derived<RegistryLabel> {
  if (record.registry) return { value: record.registry, provenance: null };
  // No keyword at all: Database is the largest registry of the corpus.
  return { value: firstMatch(REGISTRY_RULES, textsOf(record)) ?? 'Database', provenance: KEYWORD_RULE };
}

// --- record type ----------------------------------------------------------------------

const STANDARD_TYPE_RULES: KeywordRule<string>[] = [
  ['reporting_guideline', /\b(minimum information|checklist|reporting guideline|guidelines? for reporting|reporting standard|recommendations? for)\b/i],
  ['identifier_schema', /\b(identifiers?|identification scheme|uri scheme|urn|persistent id|accession)\b/i],
  ['terminology_artefact', /\b(ontology|ontologies|vocabulary|vocabularies|terminology|thesaurus|taxonomy|classification|nomenclature|code ?list|glossary|dictionary|codes)\b/i],
  ['model_and_format', /\b(format|schema|model|markup|language|xml|json|rdf|exchange|specification|profile|file)\b/i],
];

const DATABASE_TYPE_RULES: KeywordRule<string>[] = [
  ['knowledgebase_and_repository', /\b(submi(t|ssion)|deposit(ion|ed)?|upload)\b[\s\S]*\b(curated|curation|knowledge ?base|annotat)/i],
  ['knowledgebase_and_repository', /\b(curated|curation|knowledge ?base|annotat)[\s\S]*\b(submi(t|ssion)|deposit(ion|ed)?|upload)\b/i],
  ['repository', /\b(repository|archive|submi(t|ssion)|deposit(ion|ed)?|upload)\b/i],
  ['knowledgebase', /\b(knowledge ?base|curated|curation|integrat(es|ed|ion)|annotat(ed|ion|ions))\b/i],
];

const POLICY_TYPE_RULES: KeywordRule<string>[] = [
  ['journal', /\b(journal|for authors|authors'? guid|manuscript|editorial|open research|reporting standards and availability)\b|^(Cell Press|Nature) - /i],
  ['journal_publisher', /\b(springer nature|elsevier|wiley|hindawi|taylor (and|&) francis|university press|portland press|embo press|peerj|publish(er|ing)|royal society of chemistry)\b/i],
  ['funder', /\b(funder|funding|foundation|research council|councils|national institutes? of health|nih|nsf|nerc|epsrc|esrc|bbsrc|mrc|erc|wellcome trust|cancer research uk|genome canada|grantees|agency)\b/i],
  ['society', /\b(society|association|alliance|declaration|code of conduct|oecd|union|academy)\b/i],
  ['society', /\bWHO\b/], // the World Health Organization; case matters ("who" is common English)
  ['institution', /\b(university|institute|library|laborator(y|ies)|college|hospital)\b/i],
  ['project', /\b(project|consortium|program(me)?|initiative|study|network)\b/i],
];

/** Used when no keyword matches: the most general type of each registry. */
const DEFAULT_TYPE: Record<RegistryLabel, string> = {
  Standard: 'model_and_format',
  Database: 'repository',
  Policy: 'journal',
  Collection: 'collection',
};

const TYPE_RULES: Record<RegistryLabel, KeywordRule<string>[]> = {
  Standard: STANDARD_TYPE_RULES,
  Database: DATABASE_TYPE_RULES,
  Policy: POLICY_TYPE_RULES,
  Collection: [],
};

export function deriveRecordType(record: CatalogueRecord, registry: RegistryLabel): Derived<string> {
  if (record.type) return { value: record.type, provenance: null };
  const matched = firstMatch(TYPE_RULES[registry], textsOf(record));
  return matched ? { value: matched, provenance: KEYWORD_RULE } : { value: DEFAULT_TYPE[registry], provenance: DEFAULT_TYPE_RULE };
}

// --- status ---------------------------------------------------------------------------

const STATUS_RULES: KeywordRule<string>[] = [
  ['deprecated', /\b(deprecated|obsolete|discontinued|superseded|defunct|retired|no longer (maintained|available|active|supported|updated|online|accessible)|(has been|was) (shut down|closed|decommissioned))\b/i],
  ['in_development', /\b(under development|in development|being developed|currently developing|work in progress|beta version|draft version|in preparation)\b/i],
];

export function deriveStatus(record: CatalogueRecord): Derived<string> {
  if (record.status) return { value: record.status, provenance: null };
  // Only the description speaks about the state of a resource; names are not evidence.
  const matched = firstMatch(STATUS_RULES, [record.description]);
  return matched ? { value: matched, provenance: KEYWORD_RULE } : { value: 'ready', provenance: DEFAULT_STATUS_RULE };
}

export function deriveIsRecommended(record: CatalogueRecord): Derived<boolean> {
  return record.isRecommended === null
    ? { value: false, provenance: DEFAULT_RECOMMENDED_RULE }
    : { value: record.isRecommended, provenance: null };
}

/** The `records.provenance` object: one key per derived column, plus where the registry came from. */
export function provenanceOf(record: CatalogueRecord, derived: { registry: Derived<unknown>; recordType: Derived<unknown>; status: Derived<unknown>; isRecommended: Derived<unknown> }): Record<string, string> {
  const provenance: Record<string, string> = {};
  if (derived.registry.provenance) provenance.registry = derived.registry.provenance;
  // The upstream corpus itself inferred some registries (from the id range or from associations).
  else if (record.registrySource && record.registrySource !== 'api') provenance.registry = `source-inferred:${record.registrySource}`;
  if (derived.recordType.provenance) provenance.record_type = derived.recordType.provenance;
  if (derived.status.provenance) provenance.status = derived.status.provenance;
  if (derived.isRecommended.provenance) provenance.is_recommended = derived.isRecommended.provenance;
  return provenance;
}

import { describe, expect, it } from 'vitest';
import type { CatalogueRecord } from './catalogue-file.ts';
import {
  DEFAULT_STATUS_RULE,
  DEFAULT_TYPE_RULE,
  KEYWORD_RULE,
  deriveIsRecommended,
  deriveRecordType,
  deriveRegistry,
  deriveStatus,
  provenanceOf,
} from './derivation-rules.ts';

function record(overrides: Partial<CatalogueRecord>): CatalogueRecord {
  return {
    id: 1,
    doi: null,
    name: 'Example',
    abbreviation: null,
    description: '',
    registry: 'Standard',
    registrySource: 'api',
    type: null,
    status: null,
    subjects: [],
    domains: [],
    taxonomies: [],
    userDefinedTags: [],
    isRecommended: null,
    associations: [],
    legacy: null,
    ...overrides,
  };
}

describe('derivation rules', () => {
  it('keeps curated values and marks nothing', () => {
    const curated = record({ type: 'terminology_artefact', status: 'deprecated', isRecommended: true });
    const derived = {
      registry: deriveRegistry(curated),
      recordType: deriveRecordType(curated, 'Standard'),
      status: deriveStatus(curated),
      isRecommended: deriveIsRecommended(curated),
    };
    expect(derived.recordType).toEqual({ value: 'terminology_artefact', provenance: null });
    expect(derived.status).toEqual({ value: 'deprecated', provenance: null });
    expect(provenanceOf(curated, derived)).toEqual({});
  });

  it('derives a standard type from the name before the description', () => {
    const ontology = record({ name: 'Plant Ontology', description: 'A minimum information checklist' });
    expect(deriveRecordType(ontology, 'Standard')).toEqual({ value: 'terminology_artefact', provenance: KEYWORD_RULE });
    const checklist = record({ name: 'MIAME', description: 'Minimum Information About a Microarray Experiment' });
    expect(deriveRecordType(checklist, 'Standard').value).toBe('reporting_guideline');
    expect(deriveRecordType(record({ name: 'Zzz' }), 'Standard')).toEqual({ value: 'model_and_format', provenance: DEFAULT_TYPE_RULE });
  });

  it('derives database and policy types', () => {
    expect(deriveRecordType(record({ registry: 'Database', description: 'Users can submit sequences to this archive.' }), 'Database').value).toBe('repository');
    expect(deriveRecordType(record({ registry: 'Policy', name: 'Cell Press - Cell - Information for Authors' }), 'Policy').value).toBe('journal');
    expect(deriveRecordType(record({ registry: 'Policy', name: 'Wellcome Trust Policy on Data Management' }), 'Policy').value).toBe('funder');
    expect(deriveRecordType(record({ registry: 'Policy', name: 'Elsevier\'s Data Policy' }), 'Policy').value).toBe('journal_publisher');
  });

  it('derives status from the description only, defaulting to ready', () => {
    expect(deriveStatus(record({ description: 'This resource is no longer maintained.' }))).toEqual({ value: 'deprecated', provenance: KEYWORD_RULE });
    expect(deriveStatus(record({ description: 'The model is under development.' })).value).toBe('in_development');
    expect(deriveStatus(record({ name: 'Obsolete terms', description: 'A vocabulary.' }))).toEqual({ value: 'ready', provenance: DEFAULT_STATUS_RULE });
  });

  it('derives a registry only when the source has none, and says so', () => {
    expect(deriveRegistry(record({ registry: null, name: 'Bioschemas Gene Profile' }))).toEqual({ value: 'Standard', provenance: KEYWORD_RULE });
    expect(deriveRegistry(record({ registry: null, name: 'NCBI Genome', description: 'The Genome database contains annotations' })).value).toBe('Database');
    const inferred = record({ registrySource: 'id-range' });
    const derived = {
      registry: deriveRegistry(inferred),
      recordType: deriveRecordType(inferred, 'Standard'),
      status: deriveStatus(inferred),
      isRecommended: deriveIsRecommended(inferred),
    };
    expect(provenanceOf(inferred, derived)).toEqual({
      registry: 'source-inferred:id-range',
      record_type: DEFAULT_TYPE_RULE,
      status: DEFAULT_STATUS_RULE,
      is_recommended: 'derived:default-false',
    });
  });
});

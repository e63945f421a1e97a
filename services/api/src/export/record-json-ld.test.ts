import { describe, expect, it } from 'vitest';
import { recordJsonLd, schemaOrgType, type JsonLdRecordSource } from './record-json-ld.ts';

const site = { publicUrl: 'https://registry.example.org/', siteName: 'FAIRsharing' };

const loinc: JsonLdRecordSource = {
  id: 2,
  doi: '10.25504/FAIRsharing.2mk2zb',
  name: 'Logical Observation Identifier Names and Codes',
  abbreviation: 'LOINC',
  description: 'LOINC is a common language for identifying health measurements.',
  homepage: 'https://loinc.org',
  registry: 'Standard',
  recordType: 'terminology_artefact',
  subjects: [{ label: 'Biomedical Science' }, { label: 'Clinical Studies' }],
  domains: [{ label: 'biomedical science' }, { label: 'Laboratory test' }],
  licences: [{ name: 'LOINC licence', url: 'https://loinc.org/license/' }],
  updatedAt: '2024-03-01T10:00:00.000Z',
};

describe('recordJsonLd', () => {
  it('describes a terminology as a DefinedTermSet identified by its DOI', () => {
    expect(recordJsonLd(loinc, site)).toEqual({
      '@context': 'https://schema.org',
      '@type': 'DefinedTermSet',
      '@id': 'https://doi.org/10.25504/FAIRsharing.2mk2zb',
      identifier: 'https://doi.org/10.25504/FAIRsharing.2mk2zb',
      url: 'https://registry.example.org/2',
      name: 'Logical Observation Identifier Names and Codes',
      alternateName: 'LOINC',
      description: 'LOINC is a common language for identifying health measurements.',
      sameAs: 'https://loinc.org',
      keywords: ['Biomedical Science', 'Clinical Studies', 'Laboratory test'],
      license: { '@type': 'CreativeWork', name: 'LOINC licence', url: 'https://loinc.org/license/' },
      dateModified: '2024-03-01T10:00:00.000Z',
      isPartOf: { '@type': 'DataCatalog', name: 'FAIRsharing', url: 'https://registry.example.org' },
    });
  });

  it('leaves out what the record does not have', () => {
    const bare = recordJsonLd(
      { ...loinc, doi: null, abbreviation: null, description: '', homepage: null, subjects: [], domains: [], licences: undefined },
      site,
    );
    expect(bare['@id']).toBe('https://registry.example.org/2');
    for (const key of ['identifier', 'alternateName', 'description', 'sameAs', 'keywords', 'license']) {
      expect(bare).not.toHaveProperty(key);
    }
  });

  it('lists several licences', () => {
    const document = recordJsonLd({ ...loinc, licences: [{ name: 'CC BY 4.0', url: null }, { name: 'MIT', url: 'https://mit' }] }, site);
    expect(document.license).toEqual(['CC BY 4.0', { '@type': 'CreativeWork', name: 'MIT', url: 'https://mit' }]);
  });

  it('writes its IRIs by RFC 3987: a homepage or licence URL with characters an IRI may not hold comes escaped', () => {
    const document = recordJsonLd({ ...loinc, homepage: 'https://example.org/a%3Eb%3Cc%22d%7Be%7D|^%60/x/', licences: [{ name: 'Odd', url: 'https://example.org/l?{a}' }] }, site);
    expect(document.sameAs).toBe('https://example.org/a%3Eb%3Cc%22d%7Be%7D%7C%5E%60/x/');
    expect(document.license).toEqual({ '@type': 'CreativeWork', name: 'Odd', url: 'https://example.org/l?%7Ba%7D' });
  });

  it('accepts a Date and skips an invalid one', () => {
    expect(recordJsonLd({ ...loinc, updatedAt: new Date('2020-01-02T00:00:00Z') }, site).dateModified).toBe('2020-01-02T00:00:00.000Z');
    expect(recordJsonLd({ ...loinc, updatedAt: 'not a date' }, site)).not.toHaveProperty('dateModified');
    expect(recordJsonLd({ ...loinc, updatedAt: null }, site)).not.toHaveProperty('dateModified');
  });
});

describe('schemaOrgType', () => {
  it.each([
    ['standard', 'terminology_artefact', 'DefinedTermSet'],
    ['Standard', 'model_and_format', 'CreativeWork'],
    ['database', 'repository', 'DataCatalog'],
    ['Database', 'knowledgebase', 'Dataset'],
    ['database', null, 'Dataset'],
    ['policy', 'journal', 'CreativeWork'],
    ['collection', null, 'Collection'],
  ])('%s/%s → %s', (registry, recordType, expected) => {
    expect(schemaOrgType(registry, recordType)).toBe(expected);
  });
});

import { describe, expect, it } from 'vitest';
import { convert } from 'xmlbuilder2';
import { dataciteXml, type DataciteRecordSource } from './datacite-xml.ts';

const site = { publicUrl: 'https://registry.example.org/', siteName: 'Registry' };

const record: DataciteRecordSource = {
  id: 2,
  doi: '10.25504/FAIRsharing.2mk2zb',
  name: 'Logical Observation Identifier Names and Codes',
  abbreviation: 'LOINC',
  description: 'Codes for tests\u0001 and observations.',
  registry: 'Standard',
  recordType: 'terminology_artefact',
  publicationYear: 2011,
  maintainers: ['Regenstrief Institute'],
  subjects: [{ label: 'Biomedical Science', iri: 'http://purl.obolibrary.org/obo/NCIT_C19250' }],
  domains: [{ label: 'Observation', iri: null }],
  licences: [{ name: 'LOINC License', url: 'https://loinc.org/license/' }],
  relations: [
    { relation: 'recommends', id: 7, doi: '10.25504/FAIRsharing.x' },
    { relation: 'extends', id: 9, doi: null },
  ],
};

type Node = Record<string, unknown>;
const resourceOf = (xml: string) => (convert(xml, { format: 'object' }) as unknown as { resource: Node }).resource;

describe('dataciteXml', () => {
  it('maps a record with a DOI', () => {
    const resource = resourceOf(dataciteXml(record, site));
    expect(resource['@xmlns']).toBe('http://datacite.org/schema/kernel-4');
    expect(resource.identifier).toEqual({ '@identifierType': 'DOI', '#': record.doi });
    expect(resource.creators).toEqual({ creator: { creatorName: { '@nameType': 'Organizational', '#': 'Regenstrief Institute' } } });
    expect(resource.titles).toEqual({ title: [record.name, { '@titleType': 'AlternativeTitle', '#': 'LOINC' }] });
    expect(resource.publisher).toBe('Registry');
    expect(resource.publicationYear).toBe('2011');
    expect(resource.resourceType).toEqual({ '@resourceTypeGeneral': 'Standard', '#': 'terminology_artefact' });
    expect(resource.subjects).toEqual({
      subject: [
        { '@subjectScheme': 'SRAO', '@schemeURI': 'https://github.com/FAIRsharing/subject-ontology', '@valueURI': 'http://purl.obolibrary.org/obo/NCIT_C19250', '#': 'Biomedical Science' },
        { '@subjectScheme': 'DRAO', '@schemeURI': 'https://github.com/FAIRsharing/domain-ontology', '#': 'Observation' },
      ],
    });
    expect(resource.alternateIdentifiers).toEqual({ alternateIdentifier: { '@alternateIdentifierType': 'URL', '#': 'https://registry.example.org/2' } });
    expect(resource.relatedIdentifiers).toEqual({
      relatedIdentifier: [
        { '@relatedIdentifierType': 'DOI', '@relationType': 'References', '#': '10.25504/FAIRsharing.x' },
        { '@relatedIdentifierType': 'URL', '@relationType': 'IsDerivedFrom', '#': 'https://registry.example.org/9' },
      ],
    });
    expect(resource.rightsList).toEqual({ rights: { '@rightsURI': 'https://loinc.org/license/', '#': 'LOINC License' } });
    // A control character XML cannot carry is dropped.
    expect(resource.descriptions).toEqual({ description: { '@descriptionType': 'Abstract', '#': 'Codes for tests and observations.' } });
  });

  it('names the record by its page and the registry as creator when it has no DOI nor maintainer', () => {
    const resource = resourceOf(dataciteXml({ ...record, doi: null, maintainers: [], relations: [], licences: [], subjects: [], domains: [] }, site));
    expect(resource.identifier).toEqual({ '@identifierType': 'URL', '#': 'https://registry.example.org/2' });
    expect(resource.creators).toEqual({ creator: { creatorName: { '@nameType': 'Organizational', '#': 'Registry' } } });
    for (const absent of ['alternateIdentifiers', 'relatedIdentifiers', 'rightsList', 'subjects']) expect(resource[absent]).toBeUndefined();
  });

  it('writes its URIs by RFC 3987: a licence or term IRI with characters an IRI may not hold comes escaped', () => {
    const odd = { ...record, subjects: [{ label: 'Odd', iri: 'http://example.org/term|1' }], licences: [{ name: 'Odd', url: 'https://example.org/a%3Eb|^`/x/' }] };
    const resource = resourceOf(dataciteXml(odd, site));
    expect(resource.rightsList).toEqual({ rights: { '@rightsURI': 'https://example.org/a%3Eb%7C%5E%60/x/', '#': 'Odd' } });
    expect((resource.subjects as { subject: Node[] }).subject[0]['@valueURI']).toBe('http://example.org/term%7C1');
  });
});

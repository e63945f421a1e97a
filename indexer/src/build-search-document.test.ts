import { describe, expect, it } from 'vitest';
import { buildAttributes, buildSearchDocument } from './build-search-document.ts';
import type { IndexableRecord } from './indexable-record.ts';

const created = new Date('2015-03-02T10:00:00Z');
const updated = new Date('2024-11-20T08:30:00Z');

function record(overrides: Partial<IndexableRecord>): IndexableRecord {
  return {
    id: 1,
    revision: 1,
    doi: null,
    name: '',
    abbreviation: null,
    description: '',
    homepage: null,
    registryName: 'Standard',
    recordTypeName: null,
    status: 'ready',
    isRecommended: false,
    isApproved: true,
    isHidden: false,
    ownerIds: [],
    legacyIds: [],
    metadata: {},
    createdAt: created,
    updatedAt: updated,
    subjects: [],
    domains: [],
    taxonomies: [],
    objectTypes: [],
    userDefinedTags: [],
    broaderTerms: [],
    countries: [],
    licences: [],
    organisationLinks: [],
    publications: [],
    collectionIds: [],
    maintainersCount: 0,
    implementedByCount: 0,
    relatedRecordsCount: 0,
    recommendedStandards: [],
    recommendedDatabases: [],
    implementedByDatabases: [],
    ...overrides,
  };
}

const loinc = record({
  id: 2,
  revision: 7,
  doi: '10.25504/FAIRsharing.2mk2zb',
  name: 'Logical Observation Identifier Names and Codes',
  abbreviation: 'LOINC',
  description: 'LOINC is a common language (set of identifiers, names, and codes) for clinical and laboratory observations.',
  homepage: 'https://loinc.org/',
  registryName: 'Standard',
  recordTypeName: 'Terminology_Artefact',
  status: 'Ready',
  isRecommended: true,
  legacyIds: ['bsg-s000351'],
  subjects: [{ id: 11, label: 'Clinical Studies', iri: 'http://www.fairsharing.org/ontology/subject/SRAO_0000218', definitions: [], synonyms: [] }],
  domains: [{ id: 21, label: 'Electronic health record', iri: null, definitions: ['A record of health information.'], synonyms: ['EHR'] }],
  taxonomies: [{ id: 31, label: 'Homo sapiens', iri: 'http://purl.obolibrary.org/obo/NCBITaxon_9606', definitions: [], synonyms: [] }],
  broaderTerms: [
    { label: 'Medicines Research and Development', synonyms: [] },
    { label: 'Biomedical Science', synonyms: [] },
    { label: 'data item', synonyms: ['data'] },
  ],
  countries: [{ id: 5, code: 'US', name: 'United States' }],
  licences: [
    { id: 3, name: 'LOINC Licence', url: 'https://loinc.org/license/' },
    { id: 3, name: 'LOINC Licence', url: 'https://loinc.org/license/' },
  ],
  organisationLinks: [
    { organisationId: 40, organisationName: 'Regenstrief Institute', relation: 'maintains', isLead: true, grantId: null, grantName: null },
    { organisationId: 41, organisationName: 'National Library of Medicine', relation: 'funds', isLead: false, grantId: 9, grantName: 'NLM contract' },
  ],
  publications: [{ id: 70, title: 'LOINC, a universal standard for identifying laboratory observations', url: null, doi: '10.1373/49.4.624' }],
  collectionIds: [3533],
  maintainersCount: 2,
  implementedByCount: 4,
  relatedRecordsCount: 12,
});

const pdb = record({
  id: 2180,
  revision: 3,
  doi: '10.25504/FAIRsharing.2t35ja',
  name: 'Protein Data Bank',
  abbreviation: 'PDB',
  description: 'The Protein Data Bank archive is the single worldwide repository of information about the 3D structures of large biological molecules.',
  registryName: 'Database',
  recordTypeName: 'repository',
  status: 'ready',
  metadata: {
    data_access_condition: { type: 'Open', url: 'https://www.wwpdb.org/about/usage-policies' },
    dataCuration: [{ type: 'Manual' }, { type: 'automated' }, { type: 'manual' }],
    data_versioning: 'Yes',
    associated_tools: [{ name: 'Mol*', url: 'https://molstar.org' }],
  },
  userDefinedTags: [{ id: 8, label: 'Structural biology' }],
  objectTypes: [{ id: 12, label: 'Macromolecular structure', iri: null, definitions: [], synonyms: [] }],
});

const plosPolicy = record({
  id: 1468,
  revision: 1,
  doi: '10.25504/FAIRsharing.9cda1b',
  name: 'PLOS Data Availability',
  registryName: 'POLICY',
  recordTypeName: 'journal',
  status: 'in_development',
  isHidden: true,
  isApproved: false,
  ownerIds: [12, 40],
  metadata: {
    mandated_data_sharing: true,
    dataAvailabilityStatement: 'Required',
    timing_of_dmp: null,
    recommends_database: false,
    unrelated_key: 'ignored',
  },
});

const collection = record({
  id: 3533,
  revision: 2,
  name: 'Community Standards for 3D Data Preservation',
  abbreviation: 'CS3DP',
  registryName: 'Collection',
  recordTypeName: 'collection',
  status: 'uncertain',
  relatedRecordsCount: 25,
});

// Relations as the demo catalogue has them: a journal policy recommending a standard and
// databases, and a standard format that two databases implement.
const jemPolicy = record({
  id: 3351,
  name: 'Rockefeller University Press - Journal Of Experimental Medicine - Data Deposition',
  registryName: 'Policy',
  recordTypeName: 'journal',
  relatedRecordsCount: 3,
  recommendedStandards: [{ id: 96, name: 'Minimum Information About a Microarray Experiment' }],
  recommendedDatabases: [
    { id: 1860, name: 'Protein Data Bank in Europe' },
    { id: 2207, name: 'Worldwide Protein Data Bank' },
  ],
});

const pdbFormat = record({
  id: 848,
  name: 'Protein Data Bank Format',
  registryName: 'Standard',
  implementedByCount: 2,
  relatedRecordsCount: 2,
  implementedByDatabases: [
    { id: 1946, name: 'Protein Model Database' },
    { id: 2044, name: 'RCSB Protein Data Bank' },
  ],
});

describe('buildSearchDocument', () => {
  it('builds a standard with every embedded vocabulary', () => {
    expect(buildSearchDocument(loinc)).toMatchSnapshot();
  });

  it('builds a database, flattening curation metadata into lower-case attributes', () => {
    expect(buildSearchDocument(pdb)).toMatchSnapshot();
  });

  it('builds a hidden, unapproved policy with boolean attributes as strings', () => {
    expect(buildSearchDocument(plosPolicy)).toMatchSnapshot();
  });

  it('builds a collection', () => {
    expect(buildSearchDocument(collection)).toMatchSnapshot();
  });

  it('embeds the standards and databases a policy recommends and the databases implementing a standard', () => {
    expect(buildSearchDocument(jemPolicy)).toMatchSnapshot();
    expect(buildSearchDocument(pdbFormat)).toMatchObject({
      isImplemented: true,
      implementedByDatabases: [{ id: 1946, name: 'Protein Model Database' }, { id: 2044, name: 'RCSB Protein Data Bank' }],
      recommendedStandards: [],
      recommendedDatabases: [],
    });
  });

  it('lower-cases the keys that search filters on', () => {
    const document = buildSearchDocument(loinc);
    expect([document.registry, document.recordType, document.status]).toEqual(['standard', 'terminology_artefact', 'ready']);
    expect(buildSearchDocument(plosPolicy).registry).toBe('policy');
  });

  it('keys the topics of its terms and of the broader terms above them, once each, in lower case without punctuation', () => {
    expect(buildSearchDocument(loinc).topicKeys).toEqual([
      'clinical studies',
      'electronic health record',
      'ehr',
      'homo sapiens',
      'medicines research and development',
      'biomedical science',
      'data item',
      'data',
    ]);
    expect(buildSearchDocument(pdb).topicKeys).toEqual(['structural biology']);
  });

  it('keys the topics of its own terms apart, so a direct annotation can rank above a narrower term\'s', () => {
    expect(buildSearchDocument(loinc).directTopicKeys).toEqual(['clinical studies', 'electronic health record', 'ehr', 'homo sapiens']);
    expect(buildSearchDocument(pdb).directTopicKeys).toEqual(['structural biology']);
  });

  it('derives flags from counts', () => {
    const document = buildSearchDocument(loinc);
    expect(document).toMatchObject({ isMaintained: true, isImplemented: true, hasPublication: true });
    expect(buildSearchDocument(collection)).toMatchObject({ isMaintained: false, isImplemented: false, hasPublication: false });
  });

  it('embeds a licence linked twice only once and collects grants from organisation links', () => {
    const document = buildSearchDocument(loinc);
    expect(document.licences).toHaveLength(1);
    expect(document.grants).toEqual([{ id: 9, name: 'NLM contract' }]);
  });

  it('names its funders and its other organisations by id, each once', () => {
    const document = buildSearchDocument({
      ...loinc,
      organisationLinks: [
        ...loinc.organisationLinks,
        { organisationId: 41, organisationName: 'National Library of Medicine', relation: 'collaborates_on', isLead: false, grantId: null, grantName: null },
        { organisationId: 40, organisationName: 'Regenstrief Institute', relation: 'associated_with', isLead: false, grantId: null, grantName: null },
      ],
    });
    expect(document.funderIds).toEqual([41]);
    expect(document.otherOrganisationIds).toEqual([40, 41]);
  });

  it('leaves dates the sources do not give null, not a made-up day', () => {
    const document = buildSearchDocument(record({ id: 3, name: 'Undated', createdAt: null, updatedAt: null }));
    expect({ createdAt: document.createdAt, updatedAt: document.updatedAt }).toMatchInlineSnapshot(`
      {
        "createdAt": null,
        "updatedAt": null,
      }
    `);
  });

  it('rejects an unknown registry rather than indexing a document search cannot filter', () => {
    expect(() => buildSearchDocument(record({ registryName: 'FAIRassist' }))).toThrow(/unknown registry/);
  });
});

describe('buildAttributes', () => {
  it('reads camelCase and snake_case keys, skips empty values and unknown keys', () => {
    expect(buildAttributes({ data_contact_information: 'yes', dataVersioning: '', exceptions_to_data_sharing: [] , other: 'x' })).toEqual({
      dataContactInformation: ['yes'],
    });
  });
});

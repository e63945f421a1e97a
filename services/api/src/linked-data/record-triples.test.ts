import { describe, expect, it } from 'vitest';
import { canonicalLines, parseJsonLd, parseRdfXml, parseTurtle, storeOf } from '../../../../tests/linked-data/rdf-parsing.ts';
import type { LinkedRecord } from './linked-record-repository.ts';
import { catalogueTriples, recordTriples } from './record-triples.ts';
import { serialise } from './rdf-formats.ts';

const site = { publicUrl: 'https://registry.example.org', siteName: 'FAIRsharing' };
const DCT = 'http://purl.org/dc/terms/';
const FOAF = 'http://xmlns.com/foaf/0.1/';

const awkward: LinkedRecord = {
  id: 7,
  doi: null,
  name: 'Tags <b> & "quotes" \'apostrophes\' ]]>',
  abbreviation: 'T&Q',
  description: 'A line\u0001 with a control character\nand a second line',
  homepage: 'not a url',
  registry: 'policy',
  recordType: 'journal',
  createdAt: null,
  updatedAt: '2024-03-01T10:00:00Z',
  describedAt: '2024-03-01T10:00:00Z',
  subjects: [{ label: 'Genomics', iri: 'http://www.fairsharing.org/ontology/subject/SRAO_0000007' }],
  domains: [{ label: 'No IRI', iri: null }],
  taxonomies: [],
  tags: ['<tag>'],
  licences: [{ id: 1, name: 'Named only', url: null }, { id: 2, name: 'CC BY 4.0', url: 'https://creativecommons.org/licenses/by/4.0/' }],
  maintainers: [{ id: 3, name: 'An organisation', homepage: null, ror: 'https://ror.org/02mhbdp94' }, { id: 4, name: 'Another', homepage: 'https://example.org', ror: null }],
};

describe('recordTriples', () => {
  const quads = [...catalogueTriples(site), ...recordTriples(awkward, site)];

  it('reads back the same triples from Turtle, N-Triples, RDF/XML and JSON-LD', async () => {
    const expected = canonicalLines(quads);
    expect(canonicalLines(parseTurtle(await serialise(quads, 'turtle')))).toEqual(expected);
    expect(canonicalLines(parseTurtle(await serialise(quads, 'ntriples'), 'application/n-triples'))).toEqual(expected);
    expect(canonicalLines(await parseRdfXml(await serialise(quads, 'rdfxml')))).toEqual(expected);
    expect(canonicalLines(await parseJsonLd(await serialise(quads, 'jsonld')))).toEqual(expected);
  });

  it('keeps what is not an IRI or not XML text out', () => {
    const store = storeOf(quads);
    const resource = 'https://registry.example.org/7';
    expect(store.getObjects(resource, `${DCT}title`, null).map((term) => term.value)).toEqual([awkward.name]);
    expect(store.getObjects(resource, `${DCT}description`, null).map((term) => term.value)).toEqual(['A line with a control character\nand a second line']);
    expect(store.getObjects(resource, `${FOAF}homepage`, null)).toEqual([]);
    expect(store.getObjects(resource, `${DCT}license`, null).map((term) => term.value)).toEqual(['https://creativecommons.org/licenses/by/4.0/']);
    expect(store.getObjects(resource, `${DCT}publisher`, null).map((term) => term.value).sort()).toEqual(['https://registry.example.org/organisations/4', 'https://ror.org/02mhbdp94']);
    expect(store.getObjects(resource, 'http://www.w3.org/ns/dcat#theme', null).map((term) => term.value)).toEqual(['http://www.fairsharing.org/ontology/subject/SRAO_0000007']);
    expect(store.getObjects(resource, `${DCT}issued`, null)).toEqual([]);
  });
});

describe('recordTriples with links holding characters an IRI may not', () => {
  const homepage = 'https://example.org/a%3Eb%3Cc%22d%7Be%7D|^%60/x/';
  const record: LinkedRecord = {
    ...awkward,
    homepage,
    licences: [{ id: 5, name: 'Odd', url: 'https://example.org/licence?v={1}|^`#a#b' }],
    maintainers: [{ id: 6, name: 'Odd homepage', homepage: 'https://example.org/[org]/', ror: null }],
  };
  const quads = [...catalogueTriples(site), ...recordTriples(record, site)];

  it('writes every IRI by RFC 3987, the same in every format', async () => {
    const store = storeOf(quads);
    const resource = 'https://registry.example.org/7';
    expect(store.getObjects(resource, `${FOAF}homepage`, null).map((term) => term.value)).toEqual(['https://example.org/a%3Eb%3Cc%22d%7Be%7D%7C%5E%60/x/']);
    expect(store.getObjects(resource, `${DCT}license`, null).map((term) => term.value)).toEqual(['https://example.org/licence?v=%7B1%7D%7C%5E%60#a%23b']);
    expect(store.getObjects('https://registry.example.org/organisations/6', `${FOAF}homepage`, null).map((term) => term.value)).toEqual(['https://example.org/%5Borg%5D/']);
    const expected = canonicalLines(quads);
    const turtle = await serialise(quads, 'turtle');
    expect(turtle).not.toMatch(/<[^>\n]*[|^`{}\\[\]][^>\n]*>/);
    expect(canonicalLines(parseTurtle(turtle))).toEqual(expected);
    expect(canonicalLines(await parseRdfXml(await serialise(quads, 'rdfxml')))).toEqual(expected);
    expect(canonicalLines(await parseJsonLd(await serialise(quads, 'jsonld')))).toEqual(expected);
  });
});

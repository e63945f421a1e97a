/**
 * Linked data against the run's shared catalogue (read-only): record and DOI URLs negotiate
 * Turtle, RDF/XML, N-Triples, DataCite XML and schema.org JSON-LD with FAIR Signposting links;
 * the whole catalogue as DCAT in Turtle, JSON-LD and N-Triples is parsed by third-party RDF
 * libraries, holds the same triples in every format, links vocabulary terms to their ontology
 * IRIs, and passes SHACL shapes written from DCAT-AP's mandatory and recommended properties.
 */
import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import SHACLValidator from 'rdf-validate-shacl';
import { sharedCatalogueConfig } from '../support/environment.ts';
import { buildTestApp } from '../api/support.ts';
import { canonicalLines, parseJsonLd, parseRdfXml, parseTurtle, storeOf } from './rdf-parsing.ts';

const DCAT = 'http://www.w3.org/ns/dcat#';
const DCT = 'http://purl.org/dc/terms/';
const RDF_TYPE = 'http://www.w3.org/1999/02/22-rdf-syntax-ns#type';
const SHAPES = new URL('./dcat-ap-shapes.ttl', import.meta.url);

let app: FastifyInstance;
let loinc: { id: number; doi: string; name: string };
let catalogueTurtle = '';

beforeAll(async () => {
  app = await buildTestApp(sharedCatalogueConfig());
  const row = await app.db('records').where({ id: 2 }).first('id', 'doi', 'name');
  loinc = { id: row.id, doi: row.doi, name: row.name };
  const catalogue = await app.inject({ url: '/catalog.ttl' });
  expect(catalogue.statusCode).toBe(200);
  catalogueTurtle = catalogue.body;
});

afterAll(async () => {
  await app?.close();
});

const recordUrls = () => [`/${loinc.id}`, `/${loinc.doi}`];

describe('a record URL', () => {
  it('answers Turtle, RDF/XML and N-Triples holding the same DCAT triples', async () => {
    const graphs: string[][] = [];
    for (const url of recordUrls()) {
      for (const accept of ['text/turtle', 'application/rdf+xml', 'application/n-triples', 'text/turtle;q=0.9, text/html;q=0.1']) {
        const response = await app.inject({ url, headers: { accept } });
        expect(response.statusCode, `${url} ${accept}`).toBe(200);
        expect(response.headers.vary).toContain('Accept');
        const type = String(response.headers['content-type']);
        const quads = type.startsWith('application/rdf+xml') ? await parseRdfXml(response.body) : parseTurtle(response.body, type.startsWith('application/n-triples') ? 'application/n-triples' : 'text/turtle');
        graphs.push(canonicalLines(quads));
      }
    }
    for (const graph of graphs) expect(graph).toEqual(graphs[0]);
    const store = storeOf(parseTurtle((await app.inject({ url: `/${loinc.id}`, headers: { accept: 'text/turtle' } })).body));
    const resource = `https://doi.org/${loinc.doi}`;
    expect(store.getObjects(resource, `${DCT}title`, null).map((term) => term.value)).toEqual([loinc.name]);
    expect(store.getObjects(resource, RDF_TYPE, null).map((term) => term.value)).toEqual(expect.arrayContaining([`${DCAT}Resource`, `${DCT}Standard`, 'http://schema.org/DefinedTermSet']));
    expect(store.getObjects(resource, `${DCAT}landingPage`, null).map((term) => term.value)).toEqual([`${app.config.publicUrl}/${loinc.id}`]);
  });

  it('links its subjects and domains to their ontology IRIs', async () => {
    const store = storeOf(parseTurtle((await app.inject({ url: `/${loinc.id}`, headers: { accept: 'text/turtle' } })).body));
    const themes = store.getObjects(`https://doi.org/${loinc.doi}`, `${DCAT}theme`, null).map((term) => term.value).sort();
    const iris = await app.db.raw(
      `SELECT iri FROM subjects s JOIN record_subjects j ON j.subject_id = s.id WHERE j.record_id = ? AND iri IS NOT NULL
       UNION SELECT iri FROM domains d JOIN record_domains j ON j.domain_id = d.id WHERE j.record_id = ? AND iri IS NOT NULL ORDER BY iri`,
      [loinc.id, loinc.id],
    );
    expect(iris.rows.length).toBeGreaterThan(0);
    expect(themes).toEqual(iris.rows.map((row: { iri: string }) => row.iri).sort());
  });

  it('answers DataCite XML', async () => {
    const response = await app.inject({ url: `/${loinc.doi}`, headers: { accept: 'application/vnd.datacite.datacite+xml' } });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toContain('application/vnd.datacite.datacite+xml');
    expect(response.body).toContain(`<identifier identifierType="DOI">${loinc.doi}</identifier>`);
  });

  it('carries FAIR Signposting links on the page and on every description', async () => {
    for (const accept of ['text/html', 'text/turtle', 'application/ld+json']) {
      const response = await app.inject({ url: `/${loinc.id}`, headers: { accept } });
      const links = String(response.headers.link);
      expect(links, accept).toContain(`<https://doi.org/${loinc.doi}>; rel="cite-as"`);
      for (const type of ['application/ld+json', 'text/turtle', 'application/rdf+xml', 'application/vnd.datacite.datacite+xml']) {
        expect(links).toContain(`<${app.config.publicUrl}/${loinc.id}>; rel="describedby"; type="${type}"`);
      }
      expect(links).toContain('<https://schema.org/DefinedTermSet>; rel="type"');
    }
    const licensed = await app.db('licence_links as ll').join('licences as l', 'l.id', 'll.licence_id')
      .join('records as r', 'r.id', 'll.record_id').where({ 'r.is_hidden': false, 'r.is_approved': true, 'l.is_approved': true })
      .whereLike('l.url', 'https://%').first('r.id', 'l.url');
    const response = await app.inject({ url: `/${licensed.id}`, headers: { accept: 'text/turtle' } });
    expect(String(response.headers.link)).toContain(`<${new URL(licensed.url).href}>; rel="license"`);
  });

  it('answers 406 when the client takes none of its formats, and none for a hidden record', async () => {
    const refused = await app.inject({ url: `/${loinc.id}`, headers: { accept: 'application/xml' } });
    expect(refused.statusCode).toBe(406);
    expect(refused.json().message).toContain('text/turtle');
    const hidden = await app.db('records').where({ is_hidden: true }).first('id');
    if (hidden) {
      const response = await app.inject({ url: `/${hidden.id}`, headers: { accept: 'text/turtle' } });
      expect(response.statusCode).toBe(404);
      expect(response.headers.link).toBeUndefined();
    }
  });
});

describe('the DCAT catalogue', () => {
  // Reading, parsing and validating the whole catalogue takes a while: done once, before the checks.
  const read = { turtle: [] as string[], jsonLd: [] as string[], nTriples: [] as string[], dumpJsonLdSame: false, types: [] as string[], catalogueRecords: 0, listed: 0, dumpSize: 0 };
  let report: Awaited<ReturnType<SHACLValidator['validate']>>;

  beforeAll(async () => {
    // One at a time: downloads count against a client's expensive requests in flight.
    const answers = [];
    for (const url of ['/catalog.jsonld', '/export/records.nt', '/export/records.jsonld', '/export/records.json']) answers.push(await app.inject({ url }));
    const [jsonLd, nTriples, dumpJsonLd, dump] = answers;
    read.types = [String(jsonLd.headers['content-type']), String(nTriples.headers['content-type'])];
    const catalogueQuads = parseTurtle(catalogueTurtle);
    read.turtle = canonicalLines(catalogueQuads);
    read.jsonLd = canonicalLines(await parseJsonLd(jsonLd.body));
    read.nTriples = canonicalLines(parseTurtle(nTriples.body, 'application/n-triples'));
    read.dumpJsonLdSame = dumpJsonLd.body === jsonLd.body;
    const store = storeOf(catalogueQuads);
    read.catalogueRecords = store.getSubjects(RDF_TYPE, `${DCAT}CatalogRecord`, null).length;
    read.listed = store.getObjects(app.config.publicUrl, `${DCAT}record`, null).length;
    expect(dump.statusCode).toBe(200);
    read.dumpSize = (dump.json() as unknown[]).length;
    report = await new SHACLValidator(storeOf(parseTurtle(readFileSync(SHAPES, 'utf8')))).validate(store);
  });

  it('holds the same triples in Turtle, JSON-LD and N-Triples, one catalogue record per public record', () => {
    expect(read.types[0]).toContain('application/ld+json');
    expect(read.types[1]).toContain('application/n-triples');
    expect(read.turtle.length).toBeGreaterThan(10_000);
    expect(read.jsonLd).toEqual(read.turtle);
    expect(read.nTriples).toEqual(read.turtle);
    expect(read.dumpJsonLdSame).toBe(true);
    expect(read.catalogueRecords).toBe(read.dumpSize);
    expect(read.listed).toBe(read.dumpSize);
  });

  it('passes the DCAT-AP shapes: no mandatory property missing, and only the recommended ones the registry does not keep', () => {
    const violations = report.results.filter((result) => result.severity?.value.endsWith('#Violation'));
    expect(violations.map((result) => `${result.focusNode?.value} ${result.path?.value}: ${result.message.map((m) => m.value).join()}`).slice(0, 10)).toEqual([]);
    const warned = new Set(report.results.map((result) => result.path?.value));
    // Recommended properties the registry has no data for (DCAT-AP's own list of recommendations).
    const notKept = ['contactPoint', 'distribution', 'spatial', 'temporal', 'themeTaxonomy', 'issued', 'modified', 'conformsTo', 'format', 'description', 'type', 'publisher', 'theme', 'keyword']
      .map((local) => [`${DCAT}${local}`, `${DCT}${local}`]).flat();
    expect([...warned].filter((path) => path !== undefined && !notKept.includes(path))).toEqual([]);
    // The catalogue's own recommended properties are all there but these.
    const catalogueWarnings = report.results.filter((result) => result.focusNode?.value === app.config.publicUrl).map((result) => result.path?.value);
    expect(catalogueWarnings.sort()).toEqual([`${DCT}issued`, `${DCT}modified`, `${DCAT}themeTaxonomy`].sort());
  });
});

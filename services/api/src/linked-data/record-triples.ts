/**
 * One public record as RDF triples, in DCAT 3 / DCT / FOAF with the record's schema.org type:
 * every linked-data format of a record and of the catalogue is serialised from these (rdf-formats.ts).
 *
 * - the resource (its DOI IRI, else its page URL) is a dcat:Resource, typed by registry:
 *   dct:Standard, dcat:Dataset, dct:Policy, dctype:Collection, and its schema.org type;
 * - its catalogue record (`<page>#record`, a dcat:CatalogRecord) says when this registry last
 *   changed its description;
 * - subject and domain terms are dcat:theme skos:Concepts under their ontology IRIs, taxonomies
 *   dct:subject; their labels and the record's tags are dcat:keyword;
 * - licences with a URL are dct:license; maintaining organisations are dct:publisher
 *   (foaf:Organization, under their ROR id when they have one, else their page here).
 */
import { DataFactory, type Quad } from 'n3';
import { doiIri, rfc3987Iri } from '../kernel/iri.ts';
import { recordPageUrl } from '../kernel/record-page-url.ts';
import { schemaOrgType } from '../export/record-json-ld.ts';
import type { LinkedRecord, LinkedTerm } from './linked-record-repository.ts';
import type { WithdrawnRecord } from '../records/withdrawn-records.ts';
import { term, type Prefix } from './vocabularies.ts';

const { namedNode, literal, quad } = DataFactory;

export interface LinkedDataSite {
  publicUrl: string;
  siteName: string;
}

/** Characters XML 1.0 cannot carry (control characters in imported text): dropped from every format alike. */
// eslint-disable-next-line no-control-regex -- these are the characters to find
const NOT_IN_XML = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\uFFFE\uFFFF]|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g;

export function catalogueIri(site: LinkedDataSite): string {
  return site.publicUrl.replace(/\/$/, '');
}

/** The IRI a record is described under: its DOI, else its page. */
export function recordResourceIri(record: Pick<LinkedRecord, 'id' | 'doi'>, site: LinkedDataSite): string {
  return record.doi ? doiIri(record.doi) : rfc3987Iri(recordPageUrl(site.publicUrl, record.id));
}

/** An absolute http(s) IRI for a stored link (RFC 3987: what an IRI may not hold, escaped), or null when it is not one. */
export function httpIri(value: string | null): string | null {
  if (!value) return null;
  try {
    const url = new URL(value.trim());
    return url.protocol === 'http:' || url.protocol === 'https:' ? rfc3987Iri(url.href) : null;
  } catch {
    return null;
  }
}

const REGISTRY_CLASSES: Record<string, [Prefix, string][]> = {
  standard: [['dct', 'Standard']],
  database: [['dcat', 'Dataset']],
  policy: [['dct', 'Policy']],
  collection: [['dctype', 'Collection']],
};

/** Triples about one subject, written as (prefix, local name, object); every IRI written by RFC 3987. */
class TripleList {
  readonly quads: Quad[] = [];

  add(subject: string, prefix: Prefix, local: string, object: ReturnType<typeof namedNode> | ReturnType<typeof literal>): void {
    this.quads.push(quad(namedNode(rfc3987Iri(subject)), namedNode(term(prefix, local)), object));
  }

  iri(subject: string, prefix: Prefix, local: string, iri: string): void {
    this.add(subject, prefix, local, namedNode(rfc3987Iri(iri)));
  }

  text(subject: string, prefix: Prefix, local: string, text: string | null): void {
    const clean = text?.replace(NOT_IN_XML, '').trim();
    if (clean) this.add(subject, prefix, local, literal(clean));
  }

  dateTime(subject: string, prefix: Prefix, local: string, value: string | null): void {
    if (value) this.add(subject, prefix, local, literal(value, namedNode(term('xsd', 'dateTime'))));
  }
}

function addConcepts(triples: TripleList, resource: string, terms: readonly LinkedTerm[], prefix: Prefix, local: string): void {
  for (const { label, iri } of terms) {
    const conceptIri = httpIri(iri);
    if (!conceptIri) continue;
    triples.iri(resource, prefix, local, conceptIri);
    triples.iri(conceptIri, 'rdf', 'type', term('skos', 'Concept'));
    triples.text(conceptIri, 'skos', 'prefLabel', label);
  }
}

export function recordTriples(record: LinkedRecord, site: LinkedDataSite): Quad[] {
  const triples = new TripleList();
  const resource = recordResourceIri(record, site);
  const page = recordPageUrl(site.publicUrl, record.id);
  const catalogueRecord = `${page}#record`;
  const registry = record.registry.toLowerCase();

  triples.iri(resource, 'rdf', 'type', term('dcat', 'Resource'));
  for (const [prefix, local] of REGISTRY_CLASSES[registry] ?? []) triples.iri(resource, 'rdf', 'type', term(prefix, local));
  triples.iri(resource, 'rdf', 'type', term('schema', schemaOrgType(record.registry, record.recordType)));
  triples.text(resource, 'dct', 'title', record.name);
  if (record.abbreviation !== record.name) triples.text(resource, 'dct', 'alternative', record.abbreviation);
  triples.text(resource, 'dct', 'description', record.description);
  triples.text(resource, 'dct', 'identifier', record.doi ?? page);
  triples.iri(resource, 'dcat', 'landingPage', page);
  const homepage = httpIri(record.homepage);
  if (homepage) triples.iri(resource, 'foaf', 'homepage', homepage);
  triples.dateTime(resource, 'dct', 'issued', record.createdAt);
  triples.dateTime(resource, 'dct', 'modified', record.updatedAt);

  const keywords = new Set([...record.subjects, ...record.domains, ...record.taxonomies].map((item) => item.label));
  for (const tag of record.tags) keywords.add(tag);
  for (const keyword of keywords) triples.text(resource, 'dcat', 'keyword', keyword);
  addConcepts(triples, resource, [...record.subjects, ...record.domains], 'dcat', 'theme');
  addConcepts(triples, resource, record.taxonomies, 'dct', 'subject');

  for (const licence of record.licences) {
    const licenceIri = httpIri(licence.url);
    if (!licenceIri) continue;
    triples.iri(resource, 'dct', 'license', licenceIri);
    triples.iri(licenceIri, 'rdf', 'type', term('dct', 'LicenseDocument'));
    triples.text(licenceIri, 'rdfs', 'label', licence.name);
  }
  for (const organisation of record.maintainers) {
    const organisationIri = httpIri(organisation.ror) ?? `${catalogueIri(site)}/organisations/${organisation.id}`;
    triples.iri(resource, 'dct', 'publisher', organisationIri);
    triples.iri(organisationIri, 'rdf', 'type', term('foaf', 'Agent'));
    triples.iri(organisationIri, 'rdf', 'type', term('foaf', 'Organization'));
    triples.text(organisationIri, 'foaf', 'name', organisation.name);
    const organisationHomepage = httpIri(organisation.homepage);
    if (organisationHomepage) triples.iri(organisationIri, 'foaf', 'homepage', organisationHomepage);
  }

  triples.iri(catalogueRecord, 'rdf', 'type', term('dcat', 'CatalogRecord'));
  triples.iri(catalogueRecord, 'foaf', 'primaryTopic', resource);
  triples.dateTime(catalogueRecord, 'dct', 'modified', record.describedAt);
  triples.iri(catalogueIri(site), 'dcat', 'record', catalogueRecord);
  triples.iri(catalogueIri(site), 'dcat', 'resource', resource);
  if (registry === 'database') triples.iri(catalogueIri(site), 'dcat', 'dataset', resource);
  return triples.quads;
}

/**
 * A withdrawn record's tombstone: the resource (its DOI IRI, else its page) is owl:deprecated,
 * dct:isReplacedBy its successor's page when a curator named one, and its skos:historyNote says
 * when and why it was withdrawn.
 */
export function withdrawnTriples(withdrawn: WithdrawnRecord, site: LinkedDataSite): Quad[] {
  const triples = new TripleList();
  const resource = recordResourceIri(withdrawn, site);
  const registry = withdrawn.registry.toLowerCase();
  triples.iri(resource, 'rdf', 'type', term('dcat', 'Resource'));
  for (const [prefix, local] of REGISTRY_CLASSES[registry] ?? []) triples.iri(resource, 'rdf', 'type', term(prefix, local));
  triples.text(resource, 'dct', 'title', withdrawn.name);
  if (withdrawn.abbreviation !== withdrawn.name) triples.text(resource, 'dct', 'alternative', withdrawn.abbreviation);
  triples.text(resource, 'dct', 'identifier', withdrawn.doi ?? withdrawn.url);
  triples.iri(resource, 'dcat', 'landingPage', withdrawn.url);
  triples.add(resource, 'owl', 'deprecated', literal('true', namedNode(term('xsd', 'boolean'))));
  triples.text(resource, 'skos', 'historyNote', `Withdrawn on ${withdrawn.withdrawnAt.slice(0, 10)}: ${withdrawn.reason}`);
  if (withdrawn.successor) triples.iri(resource, 'dct', 'isReplacedBy', withdrawn.successor.url);
  return triples.quads;
}

/** Where the open dumps are, by media type (the catalogue's distributions). */
export const CATALOGUE_DUMPS = [
  { path: '/export/records.json', mediaType: 'application/json', title: 'Public records (JSON)' },
  { path: '/export/records.csv', mediaType: 'text/csv', title: 'Public records (CSV)' },
  { path: '/export/records.nt', mediaType: 'application/n-triples', title: 'Public records (DCAT, N-Triples)' },
  { path: '/export/records.jsonld', mediaType: 'application/ld+json', title: 'Public records (DCAT, JSON-LD)' },
  { path: '/catalog.ttl', mediaType: 'text/turtle', title: 'The catalogue (DCAT, Turtle)' },
] as const;

/** The catalogue itself: title, publisher (the site), licence of its content, its dumps. */
export function catalogueTriples(site: LinkedDataSite): Quad[] {
  const triples = new TripleList();
  const catalogue = catalogueIri(site);
  const publisher = `${catalogue}/#publisher`;
  triples.iri(catalogue, 'rdf', 'type', term('dcat', 'Catalog'));
  triples.iri(catalogue, 'rdf', 'type', term('schema', 'DataCatalog'));
  triples.text(catalogue, 'dct', 'title', site.siteName);
  triples.text(catalogue, 'dct', 'description', `${site.siteName} is a curated registry of data and metadata standards, databases, data policies and collections.`);
  triples.iri(catalogue, 'foaf', 'homepage', `${catalogue}/`);
  triples.iri(catalogue, 'dct', 'language', 'http://publications.europa.eu/resource/authority/language/ENG');
  triples.iri(catalogue, 'dct', 'license', 'https://creativecommons.org/licenses/by-sa/4.0/');
  triples.iri(catalogue, 'dct', 'publisher', publisher);
  triples.iri(publisher, 'rdf', 'type', term('foaf', 'Agent'));
  triples.iri(publisher, 'rdf', 'type', term('foaf', 'Organization'));
  triples.text(publisher, 'foaf', 'name', site.siteName);
  triples.iri(publisher, 'foaf', 'homepage', `${catalogue}/`);
  for (const dump of CATALOGUE_DUMPS) {
    const distribution = `${catalogue}${dump.path}`;
    triples.iri(catalogue, 'dcat', 'distribution', distribution);
    triples.iri(distribution, 'rdf', 'type', term('dcat', 'Distribution'));
    triples.text(distribution, 'dct', 'title', dump.title);
    triples.iri(distribution, 'dcat', 'accessURL', distribution);
    triples.iri(distribution, 'dcat', 'downloadURL', distribution);
    triples.iri(distribution, 'dcat', 'mediaType', `https://www.iana.org/assignments/media-types/${dump.mediaType}`);
    triples.iri(distribution, 'dct', 'license', 'https://creativecommons.org/licenses/by-sa/4.0/');
  }
  return triples.quads;
}

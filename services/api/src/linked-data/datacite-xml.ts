/**
 * DataCite Metadata Schema 4 XML of one record (`<resource xmlns="http://datacite.org/schema/kernel-4">`):
 * what OAI-PMH serves as `oai_datacite` and what a record URL answers for
 * `application/vnd.datacite.datacite+xml`. Pure: the caller reads the record's facts.
 *
 * - identifier: the record's DOI, or its page URL when it has none;
 * - creators: the organisations that maintain it, else the registry itself (organisational);
 * - titles: the name (and the abbreviation as an alternative title);
 * - subjects: subject (SRAO) and domain (DRAO) terms with their ontology and term IRIs;
 * - resourceType: the registry mapped to resourceTypeGeneral, the record type as the text;
 * - relatedIdentifiers: the record's relations to public records (DOI, else page URL);
 * - rights: the record's approved licences.
 * URIs in attributes and the URL identifiers are written by RFC 3987 (kernel/iri.ts).
 */
import { create } from 'xmlbuilder2';
import type { XMLBuilder } from 'xmlbuilder2/lib/interfaces.js';
import type { PublicRecordFacts } from '../export/public-record-columns.ts';
import { rfc3987Iri } from '../kernel/iri.ts';
import { recordPageUrl } from '../kernel/record-page-url.ts';

export const DATACITE_NAMESPACE = 'http://datacite.org/schema/kernel-4';
export const DATACITE_SCHEMA_LOCATION = 'http://schema.datacite.org/meta/kernel-4/metadata.xsd';
const XSI_NAMESPACE = 'http://www.w3.org/2001/XMLSchema-instance';

/** The ontologies behind the two vocabularies (data/ontologies/LICENSE names their sources). */
const SUBJECT_SCHEME = { subjectScheme: 'SRAO', schemeURI: 'https://github.com/FAIRsharing/subject-ontology' };
const DOMAIN_SCHEME = { subjectScheme: 'DRAO', schemeURI: 'https://github.com/FAIRsharing/domain-ontology' };

export interface DataciteTerm {
  label: string;
  iri: string | null;
}

export interface DataciteRelation {
  /** Our relation type name: related_to, recommends, implements, … */
  relation: string;
  /** The related record. */
  id: number;
  doi: string | null;
}

export interface DataciteRecordSource extends Omit<PublicRecordFacts, 'homepage'> {
  /** Year the record was published in the registry (its creation; see the caller for unknown dates). */
  publicationYear: number;
  /** Names of the organisations that maintain the record. */
  maintainers: readonly string[];
  subjects: readonly DataciteTerm[];
  domains: readonly DataciteTerm[];
  licences: readonly { name: string; url: string | null }[];
  relations: readonly DataciteRelation[];
}

export interface DataciteSite {
  publicUrl: string;
  siteName: string;
}

const RESOURCE_TYPE_GENERAL: Record<string, string> = {
  standard: 'Standard',
  database: 'Dataset',
  policy: 'Text',
  collection: 'Collection',
};

/** Our relation types as DataCite relationType values (kernel 4), read from the record's side. */
const RELATION_TYPES: Record<string, string> = {
  related_to: 'References',
  recommends: 'References',
  implements: 'Requires',
  collects: 'HasPart',
  shares_data_with: 'References',
  extends: 'IsDerivedFrom',
  outputs: 'IsSourceOf',
  deprecates: 'Obsoletes',
  profiles: 'IsDerivedFrom',
  accepts: 'References',
  uses: 'Requires',
};

function relatedIdentifier(relation: DataciteRelation, site: DataciteSite): { type: string; value: string } {
  return relation.doi ? { type: 'DOI', value: relation.doi } : { type: 'URL', value: rfc3987Iri(recordPageUrl(site.publicUrl, relation.id)) };
}

/** Appends the record's `<resource>` under `parent` (an OAI `<metadata>` element, or a new document). */
export function appendDataciteResource(parent: XMLBuilder, record: DataciteRecordSource, site: DataciteSite): void {
  const pageUrl = rfc3987Iri(recordPageUrl(site.publicUrl, record.id));
  const resource = parent.ele(DATACITE_NAMESPACE, 'resource').att(XSI_NAMESPACE, 'xsi:schemaLocation', `${DATACITE_NAMESPACE} ${DATACITE_SCHEMA_LOCATION}`);
  resource.ele('identifier', { identifierType: record.doi ? 'DOI' : 'URL' }).txt(record.doi ?? pageUrl);

  const creators = resource.ele('creators');
  const creatorNames = record.maintainers.length > 0 ? record.maintainers : [site.siteName];
  for (const name of creatorNames) creators.ele('creator').ele('creatorName', { nameType: 'Organizational' }).txt(name);

  const titles = resource.ele('titles');
  titles.ele('title').txt(record.name);
  if (record.abbreviation && record.abbreviation !== record.name) {
    titles.ele('title', { titleType: 'AlternativeTitle' }).txt(record.abbreviation);
  }
  resource.ele('publisher').txt(site.siteName);
  resource.ele('publicationYear').txt(String(record.publicationYear));

  const terms = [
    ...record.subjects.map((term) => ({ term, scheme: SUBJECT_SCHEME })),
    ...record.domains.map((term) => ({ term, scheme: DOMAIN_SCHEME })),
  ];
  if (terms.length > 0) {
    const subjects = resource.ele('subjects');
    for (const { term, scheme } of terms) {
      subjects.ele('subject', { ...scheme, ...(term.iri ? { valueURI: rfc3987Iri(term.iri.trim()) } : {}) }).txt(term.label);
    }
  }

  const registry = record.registry.toLowerCase();
  resource.ele('resourceType', { resourceTypeGeneral: RESOURCE_TYPE_GENERAL[registry] ?? 'Other' }).txt(record.recordType ?? registry);

  if (record.doi) resource.ele('alternateIdentifiers').ele('alternateIdentifier', { alternateIdentifierType: 'URL' }).txt(pageUrl);

  if (record.relations.length > 0) {
    const related = resource.ele('relatedIdentifiers');
    for (const relation of record.relations) {
      const { type, value } = relatedIdentifier(relation, site);
      related.ele('relatedIdentifier', { relatedIdentifierType: type, relationType: RELATION_TYPES[relation.relation] ?? 'References' }).txt(value);
    }
  }

  if (record.licences.length > 0) {
    const rights = resource.ele('rightsList');
    for (const licence of record.licences) rights.ele('rights', licence.url ? { rightsURI: rfc3987Iri(licence.url.trim()) } : {}).txt(licence.name);
  }

  if (record.description) {
    resource.ele('descriptions').ele('description', { descriptionType: 'Abstract' }).txt(record.description);
  }
}

/** The record as a standalone DataCite XML document. */
export function dataciteXml(record: DataciteRecordSource, site: DataciteSite): string {
  // Characters XML 1.0 cannot carry (control characters in imported descriptions) are dropped.
  const document = create({ version: '1.0', encoding: 'UTF-8', invalidCharReplacement: '' });
  appendDataciteResource(document, record, site);
  return document.end({ prettyPrint: false });
}

/** What a withdrawn record's DataCite XML says: its tombstone (`WithdrawnRecord`). */
export interface DataciteWithdrawnSource {
  id: number;
  name: string;
  abbreviation: string | null;
  registry: string;
  doi: string | null;
  reason: string;
  withdrawnAt: string;
  createdAt: string | null;
  successor: { url: string } | null;
}

/**
 * A withdrawn record as a standalone DataCite XML document: what its tombstone keeps (identifier,
 * titles, registry), the notice of when and why as a description (`Other`), and its public
 * successor as `IsObsoletedBy` — what the DOI job tells DataCite and linked data says with
 * `owl:deprecated` and `dct:isReplacedBy`. Its publication year is the record's creation, else
 * the year it was withdrawn (the tombstone keeps no other date).
 */
export function withdrawnDataciteXml(withdrawn: DataciteWithdrawnSource, site: DataciteSite): string {
  const document = create({ version: '1.0', encoding: 'UTF-8', invalidCharReplacement: '' });
  const pageUrl = rfc3987Iri(recordPageUrl(site.publicUrl, withdrawn.id));
  const resource = document.ele(DATACITE_NAMESPACE, 'resource').att(XSI_NAMESPACE, 'xsi:schemaLocation', `${DATACITE_NAMESPACE} ${DATACITE_SCHEMA_LOCATION}`);
  resource.ele('identifier', { identifierType: withdrawn.doi ? 'DOI' : 'URL' }).txt(withdrawn.doi ?? pageUrl);
  resource.ele('creators').ele('creator').ele('creatorName', { nameType: 'Organizational' }).txt(site.siteName);
  const titles = resource.ele('titles');
  titles.ele('title').txt(withdrawn.name);
  if (withdrawn.abbreviation && withdrawn.abbreviation !== withdrawn.name) titles.ele('title', { titleType: 'AlternativeTitle' }).txt(withdrawn.abbreviation);
  resource.ele('publisher').txt(site.siteName);
  resource.ele('publicationYear').txt(String(new Date(withdrawn.createdAt ?? withdrawn.withdrawnAt).getUTCFullYear()));
  const registry = withdrawn.registry.toLowerCase();
  resource.ele('resourceType', { resourceTypeGeneral: RESOURCE_TYPE_GENERAL[registry] ?? 'Other' }).txt(registry);
  if (withdrawn.doi) resource.ele('alternateIdentifiers').ele('alternateIdentifier', { alternateIdentifierType: 'URL' }).txt(pageUrl);
  if (withdrawn.successor) {
    resource.ele('relatedIdentifiers').ele('relatedIdentifier', { relatedIdentifierType: 'URL', relationType: 'IsObsoletedBy' }).txt(rfc3987Iri(withdrawn.successor.url));
  }
  resource.ele('descriptions').ele('description', { descriptionType: 'Other' }).txt(`Withdrawn on ${withdrawn.withdrawnAt.slice(0, 10)}: ${withdrawn.reason}`);
  return document.end({ prettyPrint: false });
}

/**
 * What the linked-data views answer: a public record in each format a record URL negotiates,
 * its FAIR Signposting links, and the whole public catalogue as DCAT, streamed batch by batch.
 */
import { Readable } from 'node:stream';
import { StreamWriter, type Quad } from 'n3';
import type { Database } from '@registry/platform';
import { dataciteXml, withdrawnDataciteXml } from './datacite-xml.ts';
import { publicRecordFacts, readLinkedRecord, readLinkedRecordBatches, type LinkedRecord } from './linked-record-repository.ts';
import { catalogueTriples, httpIri, recordResourceIri, recordTriples, withdrawnTriples, type LinkedDataSite } from './record-triples.ts';
import type { WithdrawnRecord } from '../records/withdrawn-records.ts';
import { JSON_LD_CONTEXT, RDF_MEDIA_TYPES, serialise, toJsonLdNodes, type RdfFormat } from './rdf-formats.ts';
import { recordPageUrl } from '../kernel/record-page-url.ts';
import { schemaOrgType } from '../export/record-json-ld.ts';
import { PREFIXES } from './vocabularies.ts';

/** What the linked-data views are built from: the database and the site's public URL and name. */
export interface LinkedDataDeps {
  db: Database;
  site: LinkedDataSite;
}

export const DATACITE_MEDIA_TYPE = 'application/vnd.datacite.datacite+xml';

/** Media types of a record's descriptions besides its page and its schema.org JSON-LD, with their format. */
const RECORD_RDF_FORMATS: Record<string, RdfFormat> = {
  [RDF_MEDIA_TYPES.turtle]: 'turtle',
  [RDF_MEDIA_TYPES.rdfxml]: 'rdfxml',
  [RDF_MEDIA_TYPES.ntriples]: 'ntriples',
};

/** What a record URL answers besides `text/html` and `application/ld+json` (schema.org). */
export const RECORD_DESCRIPTION_MEDIA_TYPES: readonly string[] = [...Object.keys(RECORD_RDF_FORMATS), DATACITE_MEDIA_TYPE];

/** Every description of a record the signposting links name, with its media type. */
const DESCRIBED_BY: readonly string[] = ['application/ld+json', RDF_MEDIA_TYPES.turtle, RDF_MEDIA_TYPES.rdfxml, DATACITE_MEDIA_TYPE];

/** The record in DCAT (Turtle, RDF/XML, N-Triples) or DataCite XML; null when it is not public. */
export async function recordDescription({ db, site }: LinkedDataDeps, id: number, mediaType: string): Promise<string | null> {
  if (mediaType === DATACITE_MEDIA_TYPE) {
    const [record, facts] = await Promise.all([readLinkedRecord(db, id), publicRecordFacts(db, [id]).then((found) => found.get(id))]);
    if (!record || !facts) return null;
    // The year the record was published here; one without dates takes the year it entered this registry.
    const publicationYear = new Date(record.createdAt ?? record.updatedAt ?? record.describedAt).getUTCFullYear();
    return dataciteXml({ ...facts, publicationYear }, site);
  }
  const format = RECORD_RDF_FORMATS[mediaType];
  const record = format ? await readLinkedRecord(db, id) : null;
  return record ? serialise(recordTriples(record, site), format) : null;
}

/** A withdrawn record's tombstone in a linked-data media type: DCAT (Turtle, RDF/XML, N-Triples), JSON-LD or DataCite XML. */
export function withdrawnDescription({ site }: LinkedDataDeps, withdrawn: WithdrawnRecord, mediaType: string): Promise<string> | null {
  if (mediaType === DATACITE_MEDIA_TYPE) return Promise.resolve(withdrawnDataciteXml(withdrawn, site));
  const format = RECORD_RDF_FORMATS[mediaType] ?? (mediaType === 'application/ld+json' || mediaType === 'application/json' ? 'jsonld' : undefined);
  return format ? serialise(withdrawnTriples(withdrawn, site), format) : null;
}

/** RFC 8288 `Link` header value of a record page (FAIR Signposting level 1). */
export function signpostingLinks(record: LinkedRecord, site: LinkedDataSite): string {
  const page = recordPageUrl(site.publicUrl, record.id);
  const links = [
    ...(record.doi ? [`<${recordResourceIri(record, site)}>; rel="cite-as"`] : []),
    ...DESCRIBED_BY.map((type) => `<${page}>; rel="describedby"; type="${type}"`),
    `<https://schema.org/${schemaOrgType(record.registry, record.recordType)}>; rel="type"`,
    '<https://schema.org/AboutPage>; rel="type"',
    ...record.licences.flatMap((licence) => {
      const url = httpIri(licence.url);
      return url ? [`<${url}>; rel="license"`] : [];
    }),
  ];
  return links.join(', ');
}

export async function recordSignposting({ db, site }: LinkedDataDeps, id: number): Promise<string | null> {
  const record = await readLinkedRecord(db, id);
  return record ? signpostingLinks(record, site) : null;
}

async function* catalogueQuads(db: Database, site: LinkedDataSite): AsyncGenerator<Quad> {
  yield* catalogueTriples(site);
  for await (const batch of readLinkedRecordBatches(db)) {
    for (const record of batch) yield* recordTriples(record, site);
  }
}

/** The catalogue as Turtle or N-Triples, written as the records are read. */
export function catalogueRdfStream({ db, site }: LinkedDataDeps, format: 'turtle' | 'ntriples'): Readable {
  const writer = new StreamWriter(format === 'turtle' ? { format: 'Turtle', prefixes: { ...PREFIXES } } : { format: 'N-Triples' });
  return writer.import(Readable.from(catalogueQuads(db, site))) as Readable;
}

/** The catalogue as one JSON-LD document whose @graph is written batch by batch. */
export function catalogueJsonLdStream({ db, site }: LinkedDataDeps): Readable {
  async function* chunks(): AsyncGenerator<string> {
    yield `{"@context":${JSON.stringify(JSON_LD_CONTEXT)},"@graph":[`;
    let first = true;
    const nodes = async function* () {
      yield await toJsonLdNodes(catalogueTriples(site));
      for await (const batch of readLinkedRecordBatches(db)) yield await toJsonLdNodes(batch.flatMap((record) => recordTriples(record, site)));
    };
    for await (const batchNodes of nodes()) {
      for (const node of batchNodes) {
        yield `${first ? '\n' : ',\n'}${JSON.stringify(node)}`;
        first = false;
      }
    }
    yield '\n]}\n';
  }
  return Readable.from(chunks());
}

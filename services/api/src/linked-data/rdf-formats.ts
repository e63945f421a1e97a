/**
 * Serialisations of the linked-data triples: Turtle and N-Triples (n3's writer), JSON-LD
 * (jsonld, compacted under the vocabularies' prefixes, no remote context) and RDF/XML (written
 * with xmlbuilder2 in the striped syntax: one rdf:Description per subject, a property element per
 * triple; every predicate of ours ends in a name an XML element can carry).
 */
import { Writer, type Quad } from 'n3';
import jsonld from 'jsonld';
import { create } from 'xmlbuilder2';
import { PREFIXES } from './vocabularies.ts';

/** Media types the linked-data views answer, by format. */
export const RDF_MEDIA_TYPES = {
  turtle: 'text/turtle',
  ntriples: 'application/n-triples',
  rdfxml: 'application/rdf+xml',
  jsonld: 'application/ld+json',
} as const;

export type RdfFormat = keyof typeof RDF_MEDIA_TYPES;

/** The JSON-LD context of our documents: the prefixes, inline (a reader needs nothing remote). */
export const JSON_LD_CONTEXT: Record<string, string> = { ...PREFIXES };

function written(quads: readonly Quad[], options: ConstructorParameters<typeof Writer>[0]): Promise<string> {
  const writer = new Writer(options);
  writer.addQuads([...quads]);
  return new Promise((resolve, reject) => writer.end((error, text) => (error ? reject(error) : resolve(text))));
}

export function toTurtle(quads: readonly Quad[]): Promise<string> {
  return written(quads, { format: 'Turtle', prefixes: { ...PREFIXES } });
}

export function toNTriples(quads: readonly Quad[]): Promise<string> {
  return written(quads, { format: 'N-Triples' });
}

/** The graph's node objects, compacted under JSON_LD_CONTEXT (for a document or a streamed @graph). */
export async function toJsonLdNodes(quads: readonly Quad[]): Promise<Record<string, unknown>[]> {
  const expanded = await jsonld.fromRDF(quads as unknown as Parameters<typeof jsonld.fromRDF>[0]);
  const compacted = await jsonld.compact(expanded, JSON_LD_CONTEXT, { graph: true });
  return (compacted['@graph'] as Record<string, unknown>[] | undefined) ?? [];
}

export async function toJsonLd(quads: readonly Quad[]): Promise<string> {
  return JSON.stringify({ '@context': JSON_LD_CONTEXT, '@graph': await toJsonLdNodes(quads) });
}

/** `http://purl.org/dc/terms/title` → ['dct', 'title'] for the prefixes we declare. */
function qualifiedName(iri: string): [prefix: string, local: string] {
  for (const [prefix, namespace] of Object.entries(PREFIXES)) {
    const local = iri.slice(namespace.length);
    if (iri.startsWith(namespace) && /^[A-Za-z_][\w.-]*$/.test(local)) return [prefix, local];
  }
  throw new Error(`No XML name for the predicate ${iri}`);
}

export function toRdfXml(quads: readonly Quad[]): string {
  const document = create({ version: '1.0', encoding: 'UTF-8' });
  const root = document.ele(PREFIXES.rdf, 'rdf:RDF');
  for (const [prefix, namespace] of Object.entries(PREFIXES)) {
    if (prefix !== 'rdf') root.att(`xmlns:${prefix}`, namespace);
  }
  const bySubject = new Map<string, Quad[]>();
  for (const item of quads) {
    const list = bySubject.get(item.subject.value) ?? [];
    list.push(item);
    bySubject.set(item.subject.value, list);
  }
  for (const [subject, items] of bySubject) {
    const description = root.ele(PREFIXES.rdf, 'rdf:Description').att(PREFIXES.rdf, 'rdf:about', subject);
    for (const { predicate, object } of items) {
      const [prefix, local] = qualifiedName(predicate.value);
      const property = description.ele(PREFIXES[prefix as keyof typeof PREFIXES], `${prefix}:${local}`);
      if (object.termType === 'NamedNode') {
        property.att(PREFIXES.rdf, 'rdf:resource', object.value);
      } else if (object.termType === 'Literal') {
        if (object.language) property.att('xml:lang', object.language);
        else if (object.datatype.value !== `${PREFIXES.xsd}string`) property.att(PREFIXES.rdf, 'rdf:datatype', object.datatype.value);
        property.txt(object.value);
      }
    }
  }
  return document.end({ prettyPrint: true });
}

export function serialise(quads: readonly Quad[], format: RdfFormat): Promise<string> {
  switch (format) {
    case 'turtle':
      return toTurtle(quads);
    case 'ntriples':
      return toNTriples(quads);
    case 'jsonld':
      return toJsonLd(quads);
    case 'rdfxml':
      return Promise.resolve(toRdfXml(quads));
  }
}

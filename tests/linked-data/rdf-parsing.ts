/** Parsing what the linked-data views send with third-party RDF libraries, into comparable N-Triples lines. */
import { Parser, Store, Writer, type Quad } from 'n3';
import { RdfXmlParser } from 'rdfxml-streaming-parser';
import jsonld from 'jsonld';

export function parseTurtle(text: string, format: 'text/turtle' | 'application/n-triples' = 'text/turtle'): Quad[] {
  return new Parser({ format }).parse(text);
}

export function parseRdfXml(text: string): Promise<Quad[]> {
  const parser = new RdfXmlParser();
  const quads: Quad[] = [];
  return new Promise((resolve, reject) => {
    parser.on('data', (item: Quad) => quads.push(item)).on('error', reject).on('end', () => resolve(quads));
    parser.write(text);
    parser.end();
  });
}

export async function parseJsonLd(text: string): Promise<Quad[]> {
  const nquads = (await jsonld.toRDF(JSON.parse(text), { format: 'application/n-quads' })) as unknown as string;
  return new Parser({ format: 'application/n-quads' }).parse(nquads);
}

/** The graph as sorted, de-duplicated N-Triples lines (no blank nodes in our graphs, so equal graphs give equal lines). */
export function canonicalLines(quads: readonly Quad[]): string[] {
  const writer = new Writer({ format: 'N-Triples' });
  return [...new Set(quads.map((item) => writer.quadToString(item.subject, item.predicate, item.object)))].sort();
}

export function storeOf(quads: readonly Quad[]): Store {
  return new Store([...quads]);
}

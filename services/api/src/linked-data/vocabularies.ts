/** The RDF vocabularies of the linked-data views, and the prefixes every serialisation declares. */
export const PREFIXES = {
  dcat: 'http://www.w3.org/ns/dcat#',
  dct: 'http://purl.org/dc/terms/',
  dctype: 'http://purl.org/dc/dcmitype/',
  foaf: 'http://xmlns.com/foaf/0.1/',
  owl: 'http://www.w3.org/2002/07/owl#',
  rdf: 'http://www.w3.org/1999/02/22-rdf-syntax-ns#',
  rdfs: 'http://www.w3.org/2000/01/rdf-schema#',
  schema: 'http://schema.org/',
  skos: 'http://www.w3.org/2004/02/skos/core#',
  xsd: 'http://www.w3.org/2001/XMLSchema#',
} as const;

export type Prefix = keyof typeof PREFIXES;

/** `term('dct', 'title')` → the full IRI. */
export function term(prefix: Prefix, local: string): string {
  return `${PREFIXES[prefix]}${local}`;
}

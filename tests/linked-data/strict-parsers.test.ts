/**
 * Every RDF serialisation of the catalogue, read by two independent strict parsers, with no error
 * and no warning, after a curator saved homepages holding characters an IRI may not hold on real
 * records (a private copy of the demo catalogue). What parses what:
 *
 * | document                                   | in Node                                   | outside Node                      |
 * | ------------------------------------------ | ----------------------------------------- | --------------------------------- |
 * | /catalog.ttl, a record as text/turtle      | n3's Parser                               | Jena's riot; raptor's rapper      |
 * | /export/records.nt, as application/n-triples | n3's Parser (N-Triples)                 | Jena's riot; raptor's rapper (its Turtle parser too: its N-Triples one lets `|^` through) |
 * | a record as application/rdf+xml            | rdfxml-streaming-parser                   | Jena's riot; raptor's rapper      |
 * | /catalog.jsonld (= /export/records.jsonld) | jsonld.js toRDF in safe mode, then n3     | Jena's riot (Titanium JSON-LD)    |
 * | a record as application/ld+json (schema.org) | jsonld.js toRDF in safe mode, then n3   | Jena's riot (Titanium JSON-LD)    |
 *
 * The Node parsers check IRIs by their syntax's grammar (n3 and rdfxml-streaming-parser refuse
 * `|`, `^`, `{`… but not `[`, `]`, a bare `%` or a second `#`), so every IRI they read is also
 * checked against RFC 3987's grammar (strict-parsers.ts). riot checks IRIs itself (its "Illegal character in IRI" and "Bad IRI" warnings fail here) and
 * counts the same triples as the Node parser. The schema.org document names its context by URL
 * (https://schema.org): both parsers are given that context's entries for the terms it uses.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import jsonld from 'jsonld';
import { Parser, type Quad } from 'n3';
import { signUserToken } from '@registry/api/http/auth.ts';
import { seedDemoCatalogue } from '../../scripts/seed/seed-demo-catalogue.ts';
import { createIsolatedEnvironment, type IsolatedEnvironment } from '../support/environment.ts';
import { buildTestApp } from '../api/support.ts';
import { parseRdfXml, parseTurtle } from './rdf-parsing.ts';
import { invalidIris, parseWithRapper, parseWithRiot, type RapperSyntax, type RiotSyntax } from './strict-parsers.ts';

const FOAF_HOMEPAGE = 'http://xmlns.com/foaf/0.1/homepage';
/** The homepage of the report, then one with such characters in its query and fragment. */
const ODD_HOMEPAGES = ['https://example.org/a%3Eb%3Cc%22d%7Be%7D|^%60/x/', 'https://example.org/search/a[1]?q={x}|y^`z\\w&s=[2]#{frag}|#^`'];
/** The same, as IRIs (RFC 3987): what every serialisation must name. */
const HOMEPAGE_IRIS = [
  'https://example.org/a%3Eb%3Cc%22d%7Be%7D%7C%5E%60/x/',
  'https://example.org/search/a%5B1%5D?q=%7Bx%7D%7Cy%5E%60z%5Cw&s=%5B2%5D#%7Bfrag%7D%7C%23%5E%60',
];
/** schema.org's published context, its entries for the terms a record's document uses (url and sameAs are typed as IRIs there). */
const SCHEMA_ORG_CONTEXT = { '@vocab': 'http://schema.org/', url: { '@type': '@id' }, sameAs: { '@type': '@id' } };

type Format = 'turtle' | 'ntriples' | 'rdfxml' | 'jsonld' | 'schemaorg';

interface Document {
  label: string;
  url: string;
  accept?: string;
  format: Format;
}

let env: IsolatedEnvironment;
let app: FastifyInstance;
let folder: string;
let recordIds: number[] = [];
const bodies = new Map<string, string>();
const saved: { status: number; body: string }[] = [];

const documents = (): Document[] => [
  { label: 'the catalogue in Turtle', url: '/catalog.ttl', format: 'turtle' },
  { label: 'the catalogue in N-Triples', url: '/export/records.nt', format: 'ntriples' },
  { label: 'the catalogue in JSON-LD', url: '/catalog.jsonld', format: 'jsonld' },
  { label: 'the JSON-LD dump', url: '/export/records.jsonld', format: 'jsonld' },
  ...recordIds.flatMap((id): Document[] => [
    { label: `record ${id} in Turtle`, url: `/${id}`, accept: 'text/turtle', format: 'turtle' },
    { label: `record ${id} in N-Triples`, url: `/${id}`, accept: 'application/n-triples', format: 'ntriples' },
    { label: `record ${id} in RDF/XML`, url: `/${id}`, accept: 'application/rdf+xml', format: 'rdfxml' },
    { label: `record ${id} in schema.org JSON-LD`, url: `/${id}`, accept: 'application/ld+json', format: 'schemaorg' },
  ]),
];

const EXTENSIONS: Record<Format, string> = { turtle: 'ttl', ntriples: 'nt', rdfxml: 'rdf', jsonld: 'jsonld', schemaorg: 'jsonld' };
const RIOT_SYNTAX: Record<Format, RiotSyntax> = { turtle: 'turtle', ntriples: 'ntriples', rdfxml: 'rdfxml', jsonld: 'jsonld', schemaorg: 'jsonld' };
/** raptor reads no JSON-LD; N-Triples is read by its Turtle parser too (N-Triples is Turtle), which checks IRI characters. */
const RAPPER_SYNTAXES: Record<Format, RapperSyntax[]> = { turtle: ['turtle'], ntriples: ['ntriples', 'turtle'], rdfxml: ['rdfxml'], jsonld: [], schemaorg: [] };

/** The document as the Node parser of its format reads it (throws on what it refuses). */
async function parsedInNode(text: string, format: Format): Promise<Quad[]> {
  if (format === 'turtle') return parseTurtle(text);
  if (format === 'ntriples') return parseTurtle(text, 'application/n-triples');
  if (format === 'rdfxml') return parseRdfXml(text);
  // Safe mode: a term, IRI or value the conversion would drop is an error, not a silent loss.
  // (jsonld.js takes `safe`; its type declarations predate it.)
  const options = { format: 'application/n-quads', safe: true } as Parameters<typeof jsonld.toRDF>[1];
  const nquads = (await jsonld.toRDF(JSON.parse(text), options)) as unknown as string;
  return new Parser({ format: 'application/n-quads' }).parse(nquads);
}

/** The text the parsers read: the schema.org document with its context given inline (no network here). */
function readable(text: string, format: Format): string {
  if (format !== 'schemaorg') return text;
  const document = JSON.parse(text) as Record<string, unknown>;
  expect(document['@context']).toBe('https://schema.org');
  return JSON.stringify({ ...document, '@context': SCHEMA_ORG_CONTEXT });
}

async function saveHomepage(token: string, id: number, homepage: string): Promise<{ status: number; body: string }> {
  const current = await env.db('records').where({ id }).first('name', 'abbreviation', 'description', 'status', 'record_type_id');
  const response = await app.inject({
    method: 'PUT',
    url: `/fairsharing_records/${id}`,
    headers: { authorization: `Bearer ${token}` },
    payload: {
      fairsharing_record: { metadata: { name: current.name, abbreviation: current.abbreviation, homepage, description: current.description, status: current.status }, record_type_id: current.record_type_id },
      section: 'generalInformation',
    },
  });
  return { status: response.statusCode, body: response.body };
}

beforeAll(async () => {
  env = await createIsolatedEnvironment('strict_rdf');
  await seedDemoCatalogue(env.db);
  app = await buildTestApp(env.config, { db: env.db });
  const [curator] = await env.db('users').insert({ username: 'iri-curator', email: 'iri-curator@example.org', role: 'curator', confirmed_at: env.db.fn.now() }).returning('id');
  const token = await signUserToken(app, Number(curator.id));
  // LOINC (a standard with a DOI) and the first public database with its description long enough to save.
  const database = await env.db('records as r').join('registries as g', 'g.id', 'r.registry_id').where({ 'g.name': 'Database', 'r.is_hidden': false, 'r.is_approved': true })
    .whereRaw('length(r.description) >= 40').whereIn('r.status', ['ready', 'in_development', 'uncertain']).orderBy('r.id').first('r.id');
  recordIds = [2, Number(database.id)];
  for (const [index, id] of recordIds.entries()) saved.push(await saveHomepage(token, id, ODD_HOMEPAGES[index]));
  folder = mkdtempSync(join(tmpdir(), 'strict-rdf-'));
  // One at a time: downloads count against a client's expensive requests in flight.
  for (const document of documents()) {
    const response = await app.inject({ url: document.url, headers: document.accept ? { accept: document.accept } : {} });
    expect(response.statusCode, `${document.label}: ${response.body.slice(0, 200)}`).toBe(200);
    bodies.set(document.label, response.body);
  }
}, 300_000);

afterAll(async () => {
  if (folder) rmSync(folder, { recursive: true, force: true });
  await app?.close();
  await env?.cleanup();
});

describe('homepages holding characters an IRI may not hold', () => {
  it('are saved as written by a curator', async () => {
    for (const answer of saved) expect(answer.status, answer.body).toBe(200);
    for (const [index, id] of recordIds.entries()) expect((await env.db('records').where({ id }).first('homepage')).homepage).toBe(ODD_HOMEPAGES[index]);
  });
});

describe.each([0, 1])('record %# with such a homepage', (recordIndex) => {
  it.each(['turtle', 'ntriples', 'rdfxml', 'schemaorg'] as const)('as %s: parsed without error or warning by two strict parsers, naming its homepage as an IRI', async (format) => {
    const id = recordIds[recordIndex];
    const document = documents().find((candidate) => candidate.url === `/${id}` && candidate.format === format) as Document;
    await expectStrictlyParsed(document, (quads) => {
      const homepages = quads.filter((item) => item.predicate.value === (format === 'schemaorg' ? 'http://schema.org/sameAs' : FOAF_HOMEPAGE)).map((item) => item.object.value);
      expect(homepages).toEqual([HOMEPAGE_IRIS[recordIndex]]);
    });
  }, 120_000);
});

describe('the dumps', () => {
  // Reading the whole catalogue twice (in Node, then in a JVM) takes a while on a loaded machine.
  const WHOLE_CATALOGUE_TIMEOUT = 300_000;

  it('answer the same JSON-LD at /catalog.jsonld and /export/records.jsonld (read once below)', () => {
    expect(bodies.get('the JSON-LD dump')).toBe(bodies.get('the catalogue in JSON-LD'));
  });

  it.each(['the catalogue in Turtle', 'the catalogue in N-Triples', 'the catalogue in JSON-LD'])('%s: parsed without error or warning by two strict parsers, naming the homepages as IRIs', async (label) => {
    const document = documents().find((candidate) => candidate.label === label) as Document;
    await expectStrictlyParsed(document, (quads) => {
      const homepages = new Set(quads.filter((item) => item.predicate.value === FOAF_HOMEPAGE).map((item) => item.object.value));
      for (const iri of HOMEPAGE_IRIS) expect(homepages.has(iri), iri).toBe(true);
      expect(quads.length).toBeGreaterThan(10_000);
    });
  }, WHOLE_CATALOGUE_TIMEOUT);
});

async function expectStrictlyParsed(document: Document, check: (quads: Quad[]) => void): Promise<void> {
  const text = readable(bodies.get(document.label) as string, document.format);
  const file = join(folder, `${document.label.replace(/\W+/g, '-')}.${EXTENSIONS[document.format]}`);
  writeFileSync(file, text);
  const quads = await parsedInNode(text, document.format);
  expect(invalidIris(quads), `${document.label}: IRIs RFC 3987 refuses`).toEqual([]);
  check(quads);
  const riot = parseWithRiot(file, RIOT_SYNTAX[document.format]);
  expect(riot.problems.slice(0, 10), `${document.label}: riot`).toEqual([]);
  expect(riot.triples, `${document.label}: riot's triples`).toBe(quads.length);
  for (const syntax of RAPPER_SYNTAXES[document.format]) {
    const rapper = parseWithRapper(file, syntax, `${app.config.publicUrl}/`);
    expect(rapper.problems.slice(0, 10), `${document.label}: rapper -i ${syntax}`).toEqual([]);
    expect(rapper.triples, `${document.label}: rapper's triples`).toBe(quads.length);
  }
}

/**
 * The strict RDF parsers outside Node that the linked-data tests read our serialisations with:
 * Apache Jena's `riot` (laid out from Maven Central by scripts/fetch-jena.sh, which this calls: it
 * only fetches once) and Debian's raptor `rapper` (raptor2-utils, scripts/install.sh). Each answers
 * the triples it read and every error or warning it printed; a document they accept answers none.
 * Also an RFC 3987 IRI check for the IRIs the npm parsers read (their grammars are the RDF
 * syntaxes', which let `[`, `]`, a bare `%` or a second `#` through), written from the RFC's ABNF
 * independently of services/api/src/kernel/iri.ts.
 */
import { execFileSync, spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import type { Quad } from 'n3';

const FETCH_JENA = fileURLToPath(new URL('../../scripts/fetch-jena.sh', import.meta.url));
let riotPath: string | undefined;

export type RiotSyntax = 'turtle' | 'ntriples' | 'rdfxml' | 'jsonld';
export type RapperSyntax = 'turtle' | 'ntriples' | 'rdfxml';

export interface StrictParse {
  triples: number;
  /** Errors and warnings, one line each. */
  problems: string[];
}

function linesOf(text: string): string[] {
  return text.split('\n').map((line) => line.trim()).filter((line) => line !== '');
}

/** `riot --strict --count`: Jena's IRI checks (RFC 3986/3987) and the syntax's grammar, warnings included. */
export function parseWithRiot(file: string, syntax: RiotSyntax): StrictParse {
  riotPath ??= execFileSync('bash', [FETCH_JENA], { encoding: 'utf8' }).trim();
  const run = spawnSync(riotPath, ['--strict', '--count', `--syntax=${syntax}`, file], { encoding: 'utf8', maxBuffer: 64 * 1024 * 1024 });
  // The count comes as `<file> : Triples = 86,883` among the messages (on stderr).
  const count = /^.* : Triples = ([\d,]+)$/;
  const lines = linesOf(`${run.stdout}\n${run.stderr}`);
  const counted = lines.map((line) => count.exec(line)).find((match) => match !== null);
  const problems = lines.filter((line) => !count.test(line));
  if (run.status !== 0) problems.push(`riot exited with ${run.status ?? run.signal}: ${run.error?.message ?? ''}`);
  return { triples: counted ? Number(counted[1].replaceAll(',', '')) : 0, problems };
}

/** `rapper -q -i <syntax>`: raptor's parser, its triples written as N-Triples and counted. */
export function parseWithRapper(file: string, syntax: RapperSyntax, baseIri: string): StrictParse {
  const run = spawnSync('rapper', ['-q', '-i', syntax, '-o', 'ntriples', file, baseIri], { encoding: 'utf8', maxBuffer: 512 * 1024 * 1024 });
  if (run.error) return { triples: 0, problems: [`rapper could not run (scripts/install.sh installs Debian's raptor2-utils): ${run.error.message}`] };
  const problems = linesOf(run.stderr);
  if (run.status !== 0) problems.push(`rapper exited with ${run.status ?? run.signal}`);
  return { triples: linesOf(run.stdout).length, problems };
}

// RFC 3987 §2.2, for absolute IRIs: scheme ":" ihier-part [ "?" iquery ] [ "#" ifragment ].
const UCSCHAR = '\\u{A0}-\\u{D7FF}\\u{F900}-\\u{FDCF}\\u{FDF0}-\\u{FFEF}\\u{10000}-\\u{1FFFD}\\u{20000}-\\u{2FFFD}\\u{30000}-\\u{3FFFD}'
  + '\\u{40000}-\\u{4FFFD}\\u{50000}-\\u{5FFFD}\\u{60000}-\\u{6FFFD}\\u{70000}-\\u{7FFFD}\\u{80000}-\\u{8FFFD}\\u{90000}-\\u{9FFFD}'
  + '\\u{A0000}-\\u{AFFFD}\\u{B0000}-\\u{BFFFD}\\u{C0000}-\\u{CFFFD}\\u{D0000}-\\u{DFFFD}\\u{E1000}-\\u{EFFFD}';
const IPRIVATE = '\\u{E000}-\\u{F8FF}\\u{F0000}-\\u{FFFFD}\\u{100000}-\\u{10FFFD}';
const IUNRESERVED = `A-Za-z0-9\\-._~${UCSCHAR}`;
const SUB_DELIMS = "!$&'()*+,;=";
const PCT_ENCODED = '%[0-9A-Fa-f]{2}';
const IPCHAR = `(?:[${IUNRESERVED}${SUB_DELIMS}:@]|${PCT_ENCODED})`;
const IAUTHORITY = `(?:(?:[${IUNRESERVED}${SUB_DELIMS}:]|${PCT_ENCODED})*@)?(?:\\[[0-9A-Fa-f:.vV${SUB_DELIMS}]+\\]|(?:[${IUNRESERVED}${SUB_DELIMS}]|${PCT_ENCODED})*)(?::[0-9]*)?`;
const ABSOLUTE_IRI = new RegExp(
  `^[A-Za-z][A-Za-z0-9+.-]*:(?://${IAUTHORITY}(?:/${IPCHAR}*)*|(?:/|${IPCHAR})(?:${IPCHAR}|/)*)?(?:\\?(?:${IPCHAR}|[/?${IPRIVATE}])*)?(?:#(?:${IPCHAR}|[/?])*)?$`,
  'u',
);

/** The IRIs among the quads' terms that RFC 3987's grammar refuses. */
export function invalidIris(quads: readonly Quad[]): string[] {
  const invalid = new Set<string>();
  for (const item of quads) {
    for (const term of [item.subject, item.predicate, item.object, item.graph]) {
      if (term.termType === 'NamedNode' && !ABSOLUTE_IRI.test(term.value)) invalid.add(term.value);
      if (term.termType === 'Literal' && !ABSOLUTE_IRI.test(term.datatype.value)) invalid.add(term.datatype.value);
    }
  }
  return [...invalid];
}

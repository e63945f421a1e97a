/**
 * IRIs as RFC 3987 writes them, for every description that names a resource by IRI (Turtle,
 * N-Triples, RDF/XML and JSON-LD of records and the catalogue, schema.org JSON-LD, DataCite XML,
 * Signposting links). A stored link may hold characters no IRI may (space, `<>"{}|\^` and the
 * backtick, controls, a `%` that starts no escape, `[` `]` outside a host, a second `#`): strict
 * parsers (Jena's, raptor's Turtle) refuse the whole document at such an IRI. Each is written
 * percent-encoded as UTF-8, which names the same resource; characters an IRI may hold, escapes
 * already there (their hex upper-cased, RFC 3986 §6.2.2.1) and non-ASCII letters stay as they are.
 */

/** ASCII an IRI may hold in each part (RFC 3987 §2.2: iunreserved, sub-delims and the part's delimiters). */
const UNRESERVED_AND_SUB_DELIMS = "A-Za-z0-9\\-._~!$&'()*+,;=";
const ASCII_ALLOWED = {
  authority: new RegExp(`^[${UNRESERVED_AND_SUB_DELIMS}:@\\[\\]]$`),
  path: new RegExp(`^[${UNRESERVED_AND_SUB_DELIMS}:@/]$`),
  queryOrFragment: new RegExp(`^[${UNRESERVED_AND_SUB_DELIMS}:@/?]$`),
};

/** RFC 3987's ucschar: the non-ASCII characters an IRI may hold anywhere. */
function isUcschar(codePoint: number): boolean {
  if (codePoint >= 0xa0 && codePoint <= 0xd7ff) return true;
  if (codePoint >= 0xf900 && codePoint <= 0xfdcf) return true;
  if (codePoint >= 0xfdf0 && codePoint <= 0xffef) return true;
  // %x10000-1FFFD / %x20000-2FFFD / … / %xE1000-EFFFD: every plane but its last two code points.
  return codePoint >= 0x10000 && codePoint <= 0xefffd && (codePoint & 0xffff) <= 0xfffd;
}

/** RFC 3987's iprivate: private-use characters, allowed in the query only. */
function isIprivate(codePoint: number): boolean {
  return (codePoint >= 0xe000 && codePoint <= 0xf8ff) || (codePoint >= 0xf0000 && codePoint <= 0xffffd) || (codePoint >= 0x100000 && codePoint <= 0x10fffd);
}

const utf8 = new TextEncoder();

function percentEncoded(character: string): string {
  // A lone surrogate encodes as U+FFFD (the encoder's replacement), the only text it can stand for.
  return [...utf8.encode(character)].map((byte) => `%${byte.toString(16).toUpperCase().padStart(2, '0')}`).join('');
}

function encodedPart(text: string, asciiAllowed: RegExp, privateUseAllowed: boolean): string {
  let written = '';
  let index = 0;
  while (index < text.length) {
    const codePoint = text.codePointAt(index) as number;
    const character = String.fromCodePoint(codePoint);
    index += character.length;
    const escape = text.slice(index, index + 2);
    if (character === '%' && /^[0-9A-Fa-f]{2}$/.test(escape)) {
      written += `%${escape.toUpperCase()}`;
      index += 2;
    } else if (codePoint < 0x80 ? asciiAllowed.test(character) : isUcschar(codePoint) || (privateUseAllowed && isIprivate(codePoint))) {
      written += character;
    } else {
      written += percentEncoded(character);
    }
  }
  return written;
}

/** RFC 3986 appendix B's split: scheme, `//authority`, path, `?query`, `#fragment`. */
const IRI_PARTS = /^([A-Za-z][A-Za-z0-9+.-]*:)?(\/\/[^/?#]*)?([^?#]*)(\?[^#]*)?(#[\s\S]*)?$/;

/** `value` as an RFC 3987 IRI: every character an IRI may not hold in its part, percent-encoded. */
export function rfc3987Iri(value: string): string {
  const [, scheme = '', authority = '', path, query = '', fragment = ''] = IRI_PARTS.exec(value) as RegExpExecArray;
  return [
    scheme,
    authority && `//${encodedPart(authority.slice(2), ASCII_ALLOWED.authority, false)}`,
    encodedPart(path, ASCII_ALLOWED.path, false),
    query && `?${encodedPart(query.slice(1), ASCII_ALLOWED.queryOrFragment, true)}`,
    fragment && `#${encodedPart(fragment.slice(1), ASCII_ALLOWED.queryOrFragment, false)}`,
  ].join('');
}

const DOI_RESOLVER = 'https://doi.org/';

/** A DOI's resolver IRI: `%`, `?` and `#` in a DOI name are part of the name, so they are escaped before the rest. */
export function doiIri(doi: string): string {
  return rfc3987Iri(`${DOI_RESOLVER}${doi.replace(/[%?#]/g, (character) => percentEncoded(character))}`);
}

/**
 * The bounds of everything a client can store, declared once: the longest text of each kind of
 * stored string, the most ids one list may name, and the range of an id. The yup form schemas
 * (web forms and API services), the REST route schemas and the boundary fuzz test all read them
 * from here, so a limit changes in one place.
 *
 * Why these numbers: an id is a Postgres `integer` (int4), so anything outside 1..2^31-1 cannot
 * name a row; a list is bound to at most 65,535 query parameters, and one name may sit in a
 * btree index whose row limit (~2.7 KB) is reached by ~680 four-byte characters. Each maximum is
 * well above the longest value in the demo catalogue (`data/catalogue/records.json`): names
 * 145 characters, abbreviations 63, descriptions 3,146, publication authors 661, titles 208,
 * urls 128.
 */
import { array, number, string } from 'yup';

/** The largest value of a Postgres `integer` column, and so of every id. */
export const INT4_MAX = 2_147_483_647;
/** The range of an id, as JSON Schema (TypeBox route schemas spread it). */
export const ID_RANGE = { minimum: 1, maximum: INT4_MAX } as const;
/** The most ids one list in a request may name (record links, saved-search links, vocabularies …). */
export const MAX_IDS_PER_LIST = 2_000;
/** The most items of any other list in a request (contacts, support links, alternative names …). */
export const MAX_ITEMS_PER_LIST = 200;

/** The longest text, in characters, of each kind of stored string. */
export const TEXT_MAX = {
  /** Record, organisation, grant, licence, support-link and contact names; tags; journal; saved-search names. */
  name: 255,
  abbreviation: 100,
  /** Publication titles. */
  title: 1_000,
  /** Record, grant and organisation descriptions; publication author lists. */
  description: 10_000,
  /** Curator notes on a record. */
  notes: 10_000,
  /** Why a curator withdrew (deleted) a public record, shown on its tombstone. */
  withdrawalReason: 2_000,
  url: 2_048,
  /** RFC 5321: 64 + 1 + 255, bounded in practice by the 254 of a forward path. */
  email: 254,
  /** Identifiers and codes: DOIs, PubMed ids, ORCIDs, ROR links, status words, link types. */
  code: 255,
} as const;
export type TextKind = keyof typeof TEXT_MAX;

export const BOUND_MESSAGES = {
  textLength: (max: number) => `Must be at most ${max} characters`,
  id: `An id is a whole number from 1 to ${INT4_MAX}`,
  idCount: `A list names at most ${MAX_IDS_PER_LIST} ids`,
  itemCount: `A list has at most ${MAX_ITEMS_PER_LIST} items`,
  duplicateIds: 'The same id is listed twice',
  httpUrl: 'Invalid URL: a web address starting with http:// or https://',
} as const;

/**
 * The names of the yup tests that check a stored URL, one per rule: every URL-typed field of every
 * form carries one of them (`stored-url-fields.test.ts` walks the forms and the REST bodies).
 */
export const STORED_URL_TESTS = {
  /** An absolute http(s) URL of any site: `httpUrl`. */
  httpUrl: 'http-url',
  /** A path of this site: `sitePath`. */
  sitePath: 'site-path',
  /** A support link: an http(s) URL as `httpUrl` takes it, or an e-mail address. */
  httpUrlOrEmail: 'http-url-or-email',
} as const;

/** Space and control characters: the URL parser drops or encodes them, so a stored URL would not say what it reaches. */
function hasSpaceOrControl(value: string): boolean {
  for (let index = 0; index < value.length; index += 1) {
    const code = value.charCodeAt(index);
    if (code <= 0x20 || code === 0x7f) return true;
  }
  return false;
}

/** Two pages of different schemes: a URL that reads the same from both names its target by itself. */
const PROBE_BASES = ['http://base.invalid/', 'https://base.invalid/'] as const;

/**
 * The URL `value` names on its own, read by the WHATWG parser (as browsers read an href); null when
 * it does not parse, holds spaces or control characters, or depends on the page it is read from
 * (`//host/x`, `/path`, `http:host` — the last is relative on an http page).
 */
function standaloneUrl(value: string): URL | null {
  if (hasSpaceOrControl(value)) return null;
  try {
    const url = new URL(value);
    return PROBE_BASES.every((base) => new URL(value, base).href === url.href) ? url : null;
  } catch {
    return null;
  }
}

/** Whether a text is an absolute http(s) URL with a host (javascript:, data:, ftp:, //host … are not). */
export function isHttpUrl(value: string): boolean {
  const url = standaloneUrl(value);
  return url !== null && (url.protocol === 'http:' || url.protocol === 'https:') && url.hostname !== '';
}

/** The origin site paths are read against when the site's own is not given: relative references resolve alike on every origin. */
const SOME_ORIGIN = 'https://site.invalid';

/**
 * The path, query and fragment `value` names on the site at `origin`, read by the WHATWG parser
 * against that origin; null when it leads elsewhere. `/\evil.example/path` and `/\/evil.example`
 * are links to evil.example (a browser reads `\` as `/`), and a path that would read as another
 * host once stored (`/.//evil.example` becomes `//evil.example`) is refused too.
 */
export function sitePathOf(value: string, origin: string = SOME_ORIGIN): string | null {
  if (value === '' || hasSpaceOrControl(value)) return null;
  const site = new URL(origin).origin;
  try {
    const url = new URL(value, `${site}/`);
    if (url.origin !== site) return null;
    const path = `${url.pathname}${url.search}${url.hash}`;
    return new URL(path, `${site}/`).origin === site ? path : null;
  } catch {
    return null;
  }
}

/** Trimmed text of one stored kind, at most its maximum length. */
export function boundedText(kind: TextKind) {
  return string().trim().max(TEXT_MAX[kind], BOUND_MESSAGES.textLength(TEXT_MAX[kind]));
}

/** An optional http(s) URL; the empty string stays allowed (a cleared field). */
export function httpUrl(message: string = BOUND_MESSAGES.httpUrl) {
  return boundedText('url').test(STORED_URL_TESTS.httpUrl, message, (value) => value === undefined || value === null || value === '' || isHttpUrl(value));
}

/**
 * A stored path of this site (a saved search's page): kept as the path, query and fragment the
 * parser reads against the site's origin (`context.siteOrigin` when the caller gives it, so a whole
 * address of this very site is taken too), refused when it leads anywhere else.
 */
export function sitePath(message: string) {
  return boundedText('url')
    .transform((value: unknown, _original: unknown, _schema: unknown, options: { context?: { siteOrigin?: string } }) =>
      (typeof value === 'string' ? (sitePathOf(value, options.context?.siteOrigin) ?? value) : value))
    .test(STORED_URL_TESTS.sitePath, message, (value) => value === undefined || value === null || sitePathOf(value) === value);
}

/** An id: a whole number in the int4 range. */
export function idNumber() {
  return number().integer(BOUND_MESSAGES.id).min(1, BOUND_MESSAGES.id).max(INT4_MAX, BOUND_MESSAGES.id);
}

/** Whether a list holds no value twice. */
export function hasNoDuplicates(list: readonly unknown[] | null | undefined): boolean {
  return !list || new Set(list).size === list.length;
}

/** A list of ids: at most MAX_IDS_PER_LIST, none twice. Absent stays absent (the field is not changed). */
export function idList() {
  return array(idNumber().required())
    .max(MAX_IDS_PER_LIST, BOUND_MESSAGES.idCount)
    .test('unique-ids', BOUND_MESSAGES.duplicateIds, hasNoDuplicates)
    .default(undefined);
}

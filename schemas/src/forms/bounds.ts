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

/** Whether a text is an absolute http(s) URL with a host (javascript:, data:, ftp: … are not). */
export function isHttpUrl(value: string): boolean {
  if (!/^https?:\/\/\S+$/i.test(value)) return false;
  try {
    const url = new URL(value);
    return (url.protocol === 'http:' || url.protocol === 'https:') && url.hostname !== '';
  } catch {
    return false;
  }
}

/** Trimmed text of one stored kind, at most its maximum length. */
export function boundedText(kind: TextKind) {
  return string().trim().max(TEXT_MAX[kind], BOUND_MESSAGES.textLength(TEXT_MAX[kind]));
}

/** An optional http(s) URL; the empty string stays allowed (a cleared field). */
export function httpUrl(message: string = BOUND_MESSAGES.httpUrl) {
  return boundedText('url').test('http-url', message, (value) => value === undefined || value === null || value === '' || isHttpUrl(value));
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

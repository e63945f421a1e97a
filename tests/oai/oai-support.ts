/** Calls /oai through `inject` and reads the answer as an object (xmlbuilder2's object form). */
import type { FastifyInstance } from 'fastify';
import { convert } from 'xmlbuilder2';
import { expect } from 'vitest';

export type XmlObject = { [name: string]: XmlValue };
export type XmlValue = string | XmlObject | XmlValue[];

export interface OaiAnswer {
  xml: string;
  /** The children of `<OAI-PMH>`. */
  body: XmlObject;
}

/** Every value of an element that may occur once or many times. */
export function all(value: XmlValue | undefined): XmlValue[] {
  if (value === undefined) return [];
  return Array.isArray(value) ? value : [value];
}

export function element(value: XmlValue | undefined): XmlObject {
  expect(value, 'element').toBeTypeOf('object');
  return value as XmlObject;
}

/** The text of an element (with or without attributes). */
export function text(value: XmlValue | undefined): string {
  if (typeof value === 'string') return value;
  return String((value as XmlObject | undefined)?.['#'] ?? '');
}

export async function oai(app: FastifyInstance, query: string): Promise<OaiAnswer> {
  const response = await app.inject({ method: 'GET', url: `/oai?${query}` });
  expect(response.statusCode, response.body).toBe(200);
  expect(response.headers['content-type']).toBe('text/xml; charset=utf-8');
  const parsed = convert(response.body, { format: 'object' }) as unknown as XmlObject;
  return { xml: response.body, body: element(parsed['OAI-PMH']) };
}

/** The OAI error code of an answer, or null when it has none. */
export function errorCode(answer: OaiAnswer): string | null {
  const error = answer.body.error;
  return error === undefined ? null : String(element(all(error)[0])['@code']);
}

export interface Header {
  identifier: string;
  datestamp: string;
  deleted: boolean;
  setSpecs: string[];
}

export function headerOf(value: XmlValue): Header {
  const header = element(value);
  return {
    identifier: text(header.identifier),
    datestamp: text(header.datestamp),
    deleted: header['@status'] === 'deleted',
    setSpecs: all(header.setSpec).map(text),
  };
}

/** Walks a ListIdentifiers or ListRecords list through its resumption tokens. */
export async function walk(app: FastifyInstance, verb: 'ListIdentifiers' | 'ListRecords', query: string): Promise<{ items: XmlValue[]; pages: OaiAnswer[] }> {
  const items: XmlValue[] = [];
  const pages: OaiAnswer[] = [];
  let next: string | null = `verb=${verb}&${query}`;
  while (next !== null) {
    const answer = await oai(app, next);
    pages.push(answer);
    if (errorCode(answer) === 'noRecordsMatch') break;
    expect(errorCode(answer)).toBeNull();
    const list = element(answer.body[verb]);
    items.push(...all(verb === 'ListIdentifiers' ? list.header : list.record));
    const token = list.resumptionToken === undefined ? '' : text(list.resumptionToken);
    next = token ? `verb=${verb}&resumptionToken=${encodeURIComponent(token)}` : null;
  }
  return { items, pages };
}

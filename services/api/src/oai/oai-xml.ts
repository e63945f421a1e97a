/**
 * OAI-PMH 2.0 answers as XML (xmlbuilder2): the envelope, record headers, `oai_dc` metadata, and
 * the `about` of a merged record naming its replacement (dcterms:isReplacedBy). Pure.
 */
import { create } from 'xmlbuilder2';
import type { XMLBuilder } from 'xmlbuilder2/lib/interfaces.js';
import { datestamp, type OaiErrorCode } from './oai-arguments.ts';

export const OAI_NAMESPACE = 'http://www.openarchives.org/OAI/2.0/';
const OAI_SCHEMA = 'http://www.openarchives.org/OAI/2.0/OAI-PMH.xsd';
export const OAI_DC_NAMESPACE = 'http://www.openarchives.org/OAI/2.0/oai_dc/';
export const OAI_DC_SCHEMA = 'http://www.openarchives.org/OAI/2.0/oai_dc.xsd';
const DC_NAMESPACE = 'http://purl.org/dc/elements/1.1/';
const DCTERMS_NAMESPACE = 'http://purl.org/dc/terms/';
const XSI_NAMESPACE = 'http://www.w3.org/2001/XMLSchema-instance';
const XMLNS_NAMESPACE = 'http://www.w3.org/2000/xmlns/';
/** Characters XML 1.0 cannot carry (control characters in imported descriptions) are dropped. */
export const XML_BUILDER_OPTIONS = { version: '1.0', encoding: 'UTF-8', invalidCharReplacement: '' } as const;

export interface OaiEnvelope {
  document: XMLBuilder;
  root: XMLBuilder;
}

/**
 * The `<OAI-PMH>` root with its response date and `<request>` (the arguments are echoed only
 * when they were legal: not for badVerb and badArgument).
 */
export function oaiEnvelope(baseUrl: string, now: Date, requestArguments: Record<string, string> | null): OaiEnvelope {
  const document = create(XML_BUILDER_OPTIONS);
  const root = document
    .ele(OAI_NAMESPACE, 'OAI-PMH')
    .att(XSI_NAMESPACE, 'xsi:schemaLocation', `${OAI_NAMESPACE} ${OAI_SCHEMA}`);
  root.ele('responseDate').txt(datestamp(now));
  root.ele('request', requestArguments ?? {}).txt(baseUrl);
  return { document, root };
}

export function oaiErrorXml(baseUrl: string, now: Date, requestArguments: Record<string, string> | null, code: OaiErrorCode, message: string): string {
  const { document, root } = oaiEnvelope(baseUrl, now, requestArguments);
  root.ele('error', { code }).txt(message);
  return document.end();
}

export interface OaiHeader {
  identifier: string;
  datestamp: Date;
  deleted: boolean;
  setSpecs: readonly string[];
}

export function appendHeader(parent: XMLBuilder, header: OaiHeader): void {
  const element = parent.ele('header', header.deleted ? { status: 'deleted' } : {});
  element.ele('identifier').txt(header.identifier);
  element.ele('datestamp').txt(datestamp(header.datestamp));
  for (const setSpec of header.setSpecs) element.ele('setSpec').txt(setSpec);
}

/** A merged record's `<about>`: the OAI identifier of the record it was merged into. */
export function appendReplacement(record: XMLBuilder, replacementIdentifier: string): void {
  record.ele('about').ele(DCTERMS_NAMESPACE, 'dcterms:isReplacedBy').txt(replacementIdentifier);
}

export interface DublinCoreFields {
  title: string[];
  creator: string[];
  subject: string[];
  description: string[];
  publisher: string[];
  date: string[];
  type: string[];
  identifier: string[];
  relation: string[];
  rights: string[];
}

const DC_ORDER: (keyof DublinCoreFields)[] = ['title', 'creator', 'subject', 'description', 'publisher', 'date', 'type', 'identifier', 'relation', 'rights'];

export function appendOaiDc(parent: XMLBuilder, fields: DublinCoreFields): void {
  const dc = parent
    .ele(OAI_DC_NAMESPACE, 'oai_dc:dc')
    .att(XMLNS_NAMESPACE, 'xmlns:dc', DC_NAMESPACE)
    .att(XSI_NAMESPACE, 'xsi:schemaLocation', `${OAI_DC_NAMESPACE} ${OAI_DC_SCHEMA}`);
  for (const name of DC_ORDER) {
    for (const value of fields[name]) dc.ele(DC_NAMESPACE, `dc:${name}`).txt(value);
  }
}

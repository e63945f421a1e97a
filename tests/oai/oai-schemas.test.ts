/**
 * Our OAI-PMH answers validated by xmllint (Debian's libxml2-utils) against the official XML
 * schemas vendored in services/api/src/oai/schemas/, offline through that folder's XML catalog:
 * every verb's answer and the error answers against OAI-PMH.xsd (which checks the oai_dc and
 * oai_datacite payloads inside `<metadata>` strictly against oai_dc.xsd and DataCite 4.5's
 * metadata.xsd, see oai-answers.xsd), full harvests page by page, standalone payloads against their
 * own schema, and the DataCite XML that DOI URLs answer. Altered documents are refused. The shared
 * catalogue has no deleted record: oai-harvester.test.ts validates deleted headers.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { create } from 'xmlbuilder2';
import { OAI_NAMESPACE } from '@registry/api/oai/oai-xml.ts';
import { buildTestApp } from '../api/support.ts';
import { sharedCatalogueConfig } from '../support/environment.ts';
import { element, errorCode, headerOf, oai, walk } from './oai-support.ts';
import { ANSWERS_XSD, DATACITE_XSD, OAI_DC_XSD, validateXml as validate } from './oai-schema-validation.ts';

/** The payloads of an OAI-PMH answer (each child of an OAI `<metadata>`) as standalone documents. */
function payloads(xml: string): string[] {
  return create(xml)
    .root()
    .filter(({ node }) => {
      const parent = node.parentNode as { localName?: string; namespaceURI?: string | null } | null;
      return parent?.localName === 'metadata' && parent.namespaceURI === OAI_NAMESPACE;
    }, false, true)
    .map((payload) => payload.toString());
}

let app: FastifyInstance;
let host: string;

beforeAll(async () => {
  app = await buildTestApp(sharedCatalogueConfig());
  host = new URL(app.config.publicUrl).hostname;
}, 60_000);

afterAll(async () => {
  await app?.close();
});

describe('answers against OAI-PMH.xsd, with the payloads inside', () => {
  it('Identify, ListMetadataFormats, ListSets and GetRecord in both formats are valid', async () => {
    const queries = [
      'verb=Identify',
      'verb=ListMetadataFormats',
      `verb=ListMetadataFormats&identifier=oai:${host}:2`,
      'verb=ListSets',
      `verb=GetRecord&identifier=oai:${host}:2&metadataPrefix=oai_dc`,
      `verb=GetRecord&identifier=oai:${host}:2&metadataPrefix=oai_datacite`,
    ];
    const answers = await Promise.all(queries.map(async (query) => (await oai(app, query)).xml));
    expect(await validate(ANSWERS_XSD, answers)).toEqual({ valid: true, report: '' });
  });

  it('every page of full ListIdentifiers and ListRecords harvests, in both formats, is valid', async () => {
    const pages: string[] = [];
    for (const metadataPrefix of ['oai_dc', 'oai_datacite']) {
      const records = await walk(app, 'ListRecords', `metadataPrefix=${metadataPrefix}`);
      const liveRecords = records.items.filter((item) => !headerOf(element(item).header).deleted).length;
      expect(liveRecords).toBeGreaterThan(0);
      expect(records.pages.flatMap((page) => payloads(page.xml))).toHaveLength(liveRecords);
      pages.push(...records.pages.map((page) => page.xml));
    }
    pages.push(...(await walk(app, 'ListIdentifiers', 'metadataPrefix=oai_dc')).pages.map((page) => page.xml));
    expect(await validate(ANSWERS_XSD, pages)).toEqual({ valid: true, report: '' });
  }, 180_000);

  it('error answers are valid', async () => {
    const errors: [string, string][] = [
      ['verb=Delete', 'badVerb'],
      ['verb=GetRecord&metadataPrefix=oai_dc', 'badArgument'],
      ['verb=ListRecords&resumptionToken=not-a-token', 'badResumptionToken'],
      ['verb=ListRecords&metadataPrefix=marc21', 'cannotDisseminateFormat'],
      [`verb=GetRecord&identifier=oai:${host}:999999999&metadataPrefix=oai_dc`, 'idDoesNotExist'],
      ['verb=ListRecords&metadataPrefix=oai_dc&from=2999-01-01', 'noRecordsMatch'],
    ];
    // One after another, as a harvester sends them: list pages are expensive requests, two in flight per client.
    const answers: string[] = [];
    for (const [query, code] of errors) {
      const answer = await oai(app, query);
      expect(errorCode(answer), query).toBe(code);
      answers.push(answer.xml);
    }
    expect(await validate(ANSWERS_XSD, answers)).toEqual({ valid: true, report: '' });
  });

  it('refuses an answer whose datestamp is not UTC to the second, or whose payload breaks its schema', async () => {
    const answer = (await oai(app, `verb=GetRecord&identifier=oai:${host}:2&metadataPrefix=oai_dc`)).xml;
    const localTime = answer.replace(/<datestamp>([^<]+)Z<\/datestamp>/, '<datestamp>$1+01:00</datestamp>');
    const foreignElement = answer.replace('<dc:title>', '<dc:heading>x</dc:heading><dc:title>');
    for (const altered of [localTime, foreignElement]) {
      expect(altered).not.toBe(answer);
      expect((await validate(ANSWERS_XSD, [altered])).valid).toBe(false);
    }
  });
});

describe('payloads against their own schema', () => {
  it.each([
    { prefix: 'oai_dc', schema: OAI_DC_XSD, valid: '<dc:title>', invalid: '<dc:heading>x</dc:heading><dc:title>', named: 'heading' },
    { prefix: 'oai_datacite', schema: DATACITE_XSD, valid: 'resourceTypeGeneral="Standard"', invalid: 'resourceTypeGeneral="Specification"', named: 'Specification' },
  ])('$prefix from GetRecord is valid, and refused once altered beyond its schema', async ({ prefix, schema, valid, invalid, named }) => {
    const [payload] = payloads((await oai(app, `verb=GetRecord&identifier=oai:${host}:2&metadataPrefix=${prefix}`)).xml);
    expect(await validate(schema, [payload])).toEqual({ valid: true, report: '' });

    const altered = payload.replace(valid, invalid);
    expect(altered).not.toBe(payload);
    const refused = await validate(schema, [altered]);
    expect(refused.valid).toBe(false);
    expect(refused.report).toContain(named);
  });

  it('the DataCite XML that DOI URLs answer is valid', async () => {
    const rows: { doi: string }[] = await app.db('records').where({ is_hidden: false, is_approved: true }).whereNotNull('doi').orderBy('id').limit(25).select('doi');
    expect(rows.length).toBeGreaterThan(0);
    const documents = await Promise.all(
      rows.map(async ({ doi }) => {
        const response = await app.inject({ url: `/${doi}`, headers: { accept: 'application/vnd.datacite.datacite+xml' } });
        expect(response.statusCode, doi).toBe(200);
        return response.body;
      }),
    );
    expect(await validate(DATACITE_XSD, documents)).toEqual({ valid: true, report: '' });
  });
});

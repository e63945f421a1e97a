/**
 * OAI-PMH 2.0 at /oai on the run's shared catalogue (read only): the six verbs, both metadata
 * formats, sets, from/until, resumption tokens (paging, completeListSize, expiry) and every
 * error code the repository can answer, each inside an HTTP 200 OAI-PMH document.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { encodeResumptionToken, type ListState } from '@registry/api/oai/resumption-token.ts';
import { buildTestApp } from '../api/support.ts';
import { sharedCatalogueConfig } from '../support/environment.ts';
import { all, element, errorCode, headerOf, oai, text, walk } from './oai-support.ts';

let app: FastifyInstance;

/** The list state a token carries (its JSON, before the signature). */
const stateOf = (token: string) => JSON.parse(Buffer.from(token.split('.')[0]!, 'base64url').toString('utf8')) as ListState;
let host: string;
let publicIds: number[];

beforeAll(async () => {
  app = await buildTestApp(sharedCatalogueConfig());
  host = new URL(app.config.publicUrl).hostname;
  const rows: { id: number }[] = await app.db('records').where({ is_hidden: false, is_approved: true }).select('id').orderBy('id');
  publicIds = rows.map((row) => row.id);
}, 60_000);

afterAll(async () => {
  await app?.close();
});

const idOf = (identifier: string) => Number(identifier.split(':').pop());

describe('OAI-PMH verbs', () => {
  it('Identify describes the repository', async () => {
    const answer = await oai(app, 'verb=Identify');
    expect(errorCode(answer)).toBeNull();
    expect(element(answer.body.request)['@verb']).toBe('Identify');
    const identify = element(answer.body.Identify);
    expect(text(identify.repositoryName)).toBe(app.config.siteName);
    expect(text(identify.baseURL)).toBe(`${app.config.publicUrl}/oai`);
    expect(text(identify.protocolVersion)).toBe('2.0');
    expect(text(identify.deletedRecord)).toBe('persistent');
    expect(text(identify.granularity)).toBe('YYYY-MM-DDThh:mm:ssZ');
    expect(text(identify.earliestDatestamp)).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\dZ$/);
    expect(text(identify.adminEmail)).toContain('@');
  });

  it('ListMetadataFormats offers oai_dc and oai_datacite, for the repository and for one record', async () => {
    for (const query of ['verb=ListMetadataFormats', `verb=ListMetadataFormats&identifier=oai:${host}:2`]) {
      const formats = all(element((await oai(app, query)).body.ListMetadataFormats).metadataFormat).map((format) => text(element(format).metadataPrefix));
      expect(formats).toEqual(['oai_dc', 'oai_datacite']);
    }
  });

  it('ListSets names a set per registry and per record type', async () => {
    const specs = all(element((await oai(app, 'verb=ListSets')).body.ListSets).set).map((set) => text(element(set).setSpec));
    expect(specs).toEqual(expect.arrayContaining(['registry:standard', 'registry:database', 'registry:policy', 'registry:collection', 'type:terminology_artefact', 'type:repository']));
  });

  it('GetRecord answers LOINC in Dublin Core and in DataCite', async () => {
    const loinc: { doi: string; name: string } = await app.db('records').where({ id: 2 }).first('doi', 'name');
    const dc = element(element(element((await oai(app, `verb=GetRecord&identifier=oai:${host}:2&metadataPrefix=oai_dc`)).body.GetRecord).record));
    expect(headerOf(dc.header)).toMatchObject({ identifier: `oai:${host}:2`, deleted: false, setSpecs: expect.arrayContaining(['registry:standard']) });
    const fields = element(element(dc.metadata)['oai_dc:dc']);
    expect(all(fields['dc:title']).map(text)).toEqual([loinc.name]);
    expect(all(fields['dc:identifier']).map(text)).toContain(`https://doi.org/${loinc.doi}`);
    expect(all(fields['dc:subject']).length).toBeGreaterThan(0);

    const datacite = element(element(element(element((await oai(app, `verb=GetRecord&identifier=oai:${host}:2&metadataPrefix=oai_datacite`)).body.GetRecord).record).metadata).resource);
    expect(datacite['@xmlns']).toBe('http://datacite.org/schema/kernel-4');
    expect(element(datacite.identifier)).toMatchObject({ '@identifierType': 'DOI', '#': loinc.doi });
    expect(text(all(element(datacite.titles).title)[0])).toBe(loinc.name);
    expect(element(datacite.resourceType)['@resourceTypeGeneral']).toBe('Standard');
    const subjects = all(element(datacite.subjects).subject).map(element);
    expect(subjects.length).toBeGreaterThan(0);
    for (const subject of subjects) expect(String(subject['@schemeURI'])).toMatch(/^https:\/\/github\.com\/FAIRsharing\/(subject|domain)-ontology$/);
  });

  it('a form POST answers as the GET does', async () => {
    const response = await app.inject({ method: 'POST', url: '/oai', headers: { 'content-type': 'application/x-www-form-urlencoded' }, payload: `verb=GetRecord&identifier=oai:${host}:2&metadataPrefix=oai_dc` });
    expect(response.statusCode).toBe(200);
    const get = await oai(app, `verb=GetRecord&identifier=oai:${host}:2&metadataPrefix=oai_dc`);
    expect(response.body.replace(/<responseDate>[^<]+/, '')).toBe(get.xml.replace(/<responseDate>[^<]+/, ''));
  });
});

describe('OAI-PMH lists', () => {
  it('ListIdentifiers walks the whole catalogue through resumption tokens, each record once', async () => {
    const { items, pages } = await walk(app, 'ListIdentifiers', 'metadataPrefix=oai_dc');
    const headers = items.map(headerOf);
    const live = headers.filter((header) => !header.deleted).map((header) => idOf(header.identifier));
    expect(live).toEqual(publicIds);
    expect(new Set(headers.map((header) => header.identifier)).size).toBe(headers.length);
    expect(pages.length).toBeGreaterThan(1);
    const tokens = pages.map((page) => element(element(page.body.ListIdentifiers).resumptionToken));
    for (const token of tokens) expect(Number(token['@completeListSize'])).toBe(headers.length);
    expect(tokens.map((token) => Number(token['@cursor']))).toEqual(pages.map((_page, index) => index * 1000));
    expect(text(tokens[tokens.length - 1])).toBe('');
    expect(tokens[0]['@expirationDate']).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\dZ$/);
  });

  it('ListRecords pages carry full records', async () => {
    const answer = await oai(app, 'verb=ListRecords&metadataPrefix=oai_datacite');
    const records = all(element(answer.body.ListRecords).record).map(element);
    expect(records.length).toBe(200);
    for (const record of records) expect(element(element(record.metadata).resource).identifier).toBeDefined();
  });

  it('a set selects one registry or one record type', async () => {
    const [{ count }] = await app.db('records as r').join('registries as g', 'g.id', 'r.registry_id').where({ 'r.is_hidden': false, 'r.is_approved': true }).whereRaw("lower(g.name) = 'policy'").count<{ count: string }[]>('* as count');
    const policies = (await walk(app, 'ListIdentifiers', 'metadataPrefix=oai_dc&set=registry:policy')).items.map(headerOf).filter((header) => !header.deleted);
    expect(policies.length).toBe(Number(count));
    for (const header of policies) expect(header.setSpecs).toContain('registry:policy');
    const terminologies = (await walk(app, 'ListIdentifiers', 'metadataPrefix=oai_dc&set=type:terminology_artefact')).items.map(headerOf).filter((header) => !header.deleted);
    expect(terminologies.length).toBeGreaterThan(0);
    for (const header of terminologies) expect(header.setSpecs).toEqual(['registry:standard', 'type:terminology_artefact']);
  });

  it('from and until select on the datestamp, to the second, both inclusive', async () => {
    const dated: { id: number; updated_at: Date } = await app.db('records').whereNotNull('updated_at').where({ is_hidden: false, is_approved: true }).orderBy('updated_at', 'desc').first('id', 'updated_at');
    const second = `${dated.updated_at.toISOString().slice(0, 19)}Z`;
    const exact = (await walk(app, 'ListIdentifiers', `metadataPrefix=oai_dc&from=${second}&until=${second}`)).items.map(headerOf);
    expect(exact.map((header) => idOf(header.identifier))).toContain(dated.id);
    for (const header of exact) expect(header.datestamp).toBe(second);
    const day = second.slice(0, 10);
    const sameDay = (await walk(app, 'ListIdentifiers', `metadataPrefix=oai_dc&from=${day}&until=${day}`)).items.map(headerOf);
    expect(sameDay.map((header) => idOf(header.identifier))).toContain(dated.id);
    for (const header of sameDay) expect(header.datestamp.slice(0, 10)).toBe(day);
    const later = new Date(dated.updated_at.getTime() + 1000).toISOString().slice(0, 19);
    const after = (await walk(app, 'ListIdentifiers', `metadataPrefix=oai_dc&from=${later}Z`)).items.map(headerOf);
    expect(after.map((header) => idOf(header.identifier))).not.toContain(dated.id);
  });
});

describe('OAI-PMH errors, each in an HTTP 200 document', () => {
  it.each([
    ['', 'badVerb'],
    ['verb=Delete', 'badVerb'],
    ['verb=Identify&verb=Identify', 'badVerb'],
    ['verb=Identify&metadataPrefix=oai_dc', 'badArgument'],
    ['verb=ListRecords', 'badArgument'],
    ['verb=GetRecord&metadataPrefix=oai_dc', 'badArgument'],
    ['verb=ListRecords&metadataPrefix=oai_dc&metadataPrefix=oai_dc', 'badArgument'],
    ['verb=ListRecords&metadataPrefix=oai_dc&from=2020-13-01', 'badArgument'],
    ['verb=ListRecords&metadataPrefix=oai_dc&from=2020-01-01&until=2020-02-01T00:00:00Z', 'badArgument'],
    ['verb=ListRecords&metadataPrefix=oai_dc&from=2021-01-01&until=2020-01-01', 'badArgument'],
    ['verb=ListRecords&metadataPrefix=oai_dc&resumptionToken=abc', 'badArgument'],
    ['verb=ListRecords&resumptionToken=not-a-token', 'badResumptionToken'],
    ['verb=ListSets&resumptionToken=anything', 'badResumptionToken'],
    ['verb=ListRecords&metadataPrefix=marc21', 'cannotDisseminateFormat'],
    ['verb=GetRecord&identifier=oai:HOST:2&metadataPrefix=mods', 'cannotDisseminateFormat'],
    ['verb=GetRecord&identifier=oai:HOST:999999999&metadataPrefix=oai_dc', 'idDoesNotExist'],
    ['verb=GetRecord&identifier=oai:elsewhere.org:2&metadataPrefix=oai_dc', 'idDoesNotExist'],
    ['verb=ListMetadataFormats&identifier=nothing', 'idDoesNotExist'],
    ['verb=ListRecords&metadataPrefix=oai_dc&from=2999-01-01', 'noRecordsMatch'],
    ['verb=ListIdentifiers&metadataPrefix=oai_dc&set=registry:nothing', 'noRecordsMatch'],
    ['verb=ListIdentifiers&metadataPrefix=oai_dc&set=unknown', 'noRecordsMatch'],
  ])('%s → %s', async (query, code) => {
    const answer = await oai(app, query.replace('HOST', host));
    expect(errorCode(answer)).toBe(code);
    // badVerb and badArgument echo no arguments (the request is the base URL alone); the other errors echo them all.
    if (code === 'badVerb' || code === 'badArgument') expect(answer.body.request).toBe(`${app.config.publicUrl}/oai`);
    else expect(element(answer.body.request)['@verb']).toBeDefined();
  });

  it('a resumption token expires, and serves only its own verb', async () => {
    const first = await oai(app, 'verb=ListIdentifiers&metadataPrefix=oai_dc');
    const token = text(element(first.body.ListIdentifiers).resumptionToken);
    const state = stateOf(token);
    // Tokens signed with the server's own secret, as if it had issued them: its other checks still hold.
    const issued = (changed: Partial<ListState> | Record<string, unknown>) => encodeResumptionToken({ ...state, ...changed } as ListState, app.config.jwtSecret);
    expect(errorCode(await oai(app, `verb=ListIdentifiers&resumptionToken=${encodeURIComponent(token)}`))).toBeNull();
    expect(errorCode(await oai(app, `verb=ListIdentifiers&resumptionToken=${issued({ expires: Date.now() - 1000 })}`))).toBe('badResumptionToken');
    expect(errorCode(await oai(app, `verb=ListRecords&resumptionToken=${encodeURIComponent(token)}`))).toBe('badResumptionToken');
    for (const altered of [{ earliest: 'garbage' }, { afterId: 2 ** 40 }, { from: '2020-02-30' }, { set: 'nothing' }, { metadataPrefix: 'marc21' }]) {
      const answer = await oai(app, `verb=ListIdentifiers&resumptionToken=${issued(altered)}`);
      expect(errorCode(answer), JSON.stringify(altered)).toBe('badResumptionToken');
    }
  });

  it('an altered resumption token is badResumptionToken: the server signs what it issues (docs/api.md)', async () => {
    const first = await oai(app, 'verb=ListIdentifiers&metadataPrefix=oai_dc');
    const token = text(element(first.body.ListIdentifiers).resumptionToken);
    const [, signature] = token.split('.');
    const state = stateOf(token);
    /** The issued signature kept beside a payload changed by hand. */
    const altered = (changed: Partial<ListState>) => `${Buffer.from(JSON.stringify({ ...state, ...changed })).toString('base64url')}.${signature}`;
    // The report's example first: a list size set at will.
    const hugeList = await oai(app, `verb=ListIdentifiers&resumptionToken=${encodeURIComponent(altered({ completeListSize: 900_719_925_474_112 }))}`);
    expect(errorCode(hugeList)).toBe('badResumptionToken');
    expect(hugeList.xml).not.toContain('900719925474112');
    for (const changed of [{ cursor: 0 }, { cursor: state.cursor + 1 }, { expires: state.expires + 86_400_000 }, { afterId: 1 }, { from: '2000-01-01' }]) {
      expect(errorCode(await oai(app, `verb=ListIdentifiers&resumptionToken=${encodeURIComponent(altered(changed))}`)), JSON.stringify(changed)).toBe('badResumptionToken');
    }
    const unsigned = Buffer.from(JSON.stringify(state)).toString('base64url');
    const lastCharacter = signature!.at(-1) === 'A' ? 'B' : 'A';
    for (const forged of [unsigned, `${unsigned}.`, `${unsigned}.${signature!.slice(0, -1)}${lastCharacter}`, `${token}.x`, encodeResumptionToken(state, 'another server secret of enough length')]) {
      expect(errorCode(await oai(app, `verb=ListIdentifiers&resumptionToken=${encodeURIComponent(forged)}`)), forged).toBe('badResumptionToken');
    }
  });
});

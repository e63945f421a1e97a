/**
 * Our OAI-PMH metadata validated by xmllint (Debian's libxml2-utils) against the official XML
 * schemas vendored in services/api/src/oai/schemas/, offline through that folder's XML catalog:
 * every oai_dc payload of a full ListRecords harvest and of GetRecord against oai_dc.xsd, every
 * oai_datacite payload against DataCite 4.5's metadata.xsd, and the DataCite XML that DOI URLs
 * answer. OAI-PMH.xsd itself is in no reachable package (that folder's README), so the envelopes
 * are not validated here.
 */
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { execFile } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { create } from 'xmlbuilder2';
import { OAI_NAMESPACE } from '@registry/api/oai/oai-xml.ts';
import { buildTestApp } from '../api/support.ts';
import { sharedCatalogueConfig } from '../support/environment.ts';
import { element, headerOf, oai, walk } from './oai-support.ts';

const run = promisify(execFile);
const SCHEMAS = fileURLToPath(new URL('../../services/api/src/oai/schemas/', import.meta.url));
const CATALOG = join(SCHEMAS, 'catalog.xml');
const OAI_DC_XSD = join(SCHEMAS, 'dublin-core/oai_dc.xsd');
const DATACITE_XSD = join(SCHEMAS, 'datacite-kernel-4.5/metadata.xsd');

interface Validation {
  valid: boolean;
  report: string;
}

/** Validates each document (one file each) with `xmllint --schema`, never going to the network. */
async function validate(schema: string, documents: readonly string[]): Promise<Validation> {
  const folder = await mkdtemp(join(tmpdir(), 'oai-schemas-'));
  try {
    const files = documents.map((_, index) => join(folder, `${index}.xml`));
    await Promise.all(documents.map((document, index) => writeFile(files[index], document)));
    try {
      await run('xmllint', ['--nonet', '--noout', '--schema', schema, ...files], {
        env: { ...process.env, XML_CATALOG_FILES: CATALOG },
        maxBuffer: 64 * 1024 * 1024,
      });
      return { valid: true, report: '' };
    } catch (error) {
      return { valid: false, report: String((error as { stderr?: string }).stderr ?? error) };
    }
  } finally {
    await rm(folder, { recursive: true, force: true });
  }
}

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

async function harvestPayloads(metadataPrefix: string): Promise<{ payloads: string[]; liveRecords: number }> {
  const { items, pages } = await walk(app, 'ListRecords', `metadataPrefix=${metadataPrefix}`);
  const liveRecords = items.filter((item) => !headerOf(element(item).header).deleted).length;
  return { payloads: pages.flatMap((page) => payloads(page.xml)), liveRecords };
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

describe('oai_dc against oai_dc.xsd', () => {
  it('every record of a full ListRecords harvest is valid', async () => {
    const harvest = await harvestPayloads('oai_dc');
    expect(harvest.liveRecords).toBeGreaterThan(0);
    expect(harvest.payloads).toHaveLength(harvest.liveRecords);
    const validation = await validate(OAI_DC_XSD, harvest.payloads);
    expect(validation.report).toBe('');
    expect(validation.valid).toBe(true);
  }, 120_000);

  it('GetRecord is valid, and an element Dublin Core lacks is refused', async () => {
    const [payload] = payloads((await oai(app, `verb=GetRecord&identifier=oai:${host}:2&metadataPrefix=oai_dc`)).xml);
    expect(await validate(OAI_DC_XSD, [payload])).toEqual({ valid: true, report: '' });

    const altered = payload.replace('<dc:title>', '<dc:heading>x</dc:heading><dc:title>');
    expect(altered).not.toBe(payload);
    const refused = await validate(OAI_DC_XSD, [altered]);
    expect(refused.valid).toBe(false);
    expect(refused.report).toContain('heading');
  });
});

describe('oai_datacite against DataCite 4.5 metadata.xsd', () => {
  it('every record of a full ListRecords harvest is valid', async () => {
    const harvest = await harvestPayloads('oai_datacite');
    expect(harvest.liveRecords).toBeGreaterThan(0);
    expect(harvest.payloads).toHaveLength(harvest.liveRecords);
    const validation = await validate(DATACITE_XSD, harvest.payloads);
    expect(validation.report).toBe('');
    expect(validation.valid).toBe(true);
  }, 120_000);

  it('GetRecord is valid, and a resourceTypeGeneral DataCite lacks is refused', async () => {
    const [payload] = payloads((await oai(app, `verb=GetRecord&identifier=oai:${host}:2&metadataPrefix=oai_datacite`)).xml);
    expect(await validate(DATACITE_XSD, [payload])).toEqual({ valid: true, report: '' });

    const altered = payload.replace('resourceTypeGeneral="Standard"', 'resourceTypeGeneral="Specification"');
    expect(altered).not.toBe(payload);
    const refused = await validate(DATACITE_XSD, [altered]);
    expect(refused.valid).toBe(false);
    expect(refused.report).toContain('Specification');
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

/**
 * xmllint (Debian's libxml2-utils) validation against the official schemas vendored in
 * services/api/src/oai/schemas/, offline through that folder's XML catalog.
 */
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { execFile } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';

const run = promisify(execFile);
const SCHEMAS = fileURLToPath(new URL('../../services/api/src/oai/schemas/', import.meta.url));
const CATALOG = join(SCHEMAS, 'catalog.xml');
/** A whole OAI-PMH answer, with oai_dc and DataCite checked strictly inside `<metadata>`. */
export const ANSWERS_XSD = fileURLToPath(new URL('./oai-answers.xsd', import.meta.url));
export const OAI_DC_XSD = join(SCHEMAS, 'dublin-core/oai_dc.xsd');
export const DATACITE_XSD = join(SCHEMAS, 'datacite-kernel-4.5/metadata.xsd');

export interface Validation {
  valid: boolean;
  /** xmllint's report when a document is invalid (empty when all are valid). */
  report: string;
}

/** Validates each document (one file each) with `xmllint --schema`, never going to the network. */
export async function validateXml(schema: string, documents: readonly string[]): Promise<Validation> {
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

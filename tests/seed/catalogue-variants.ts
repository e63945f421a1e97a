/**
 * Writes a modified copy of the vendored catalogue (with its ontology files) to a temporary
 * directory, to test how the seed treats corrupt, partial or edited input.
 */
import { copyFile, mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { payloadChecksum, type CatalogueFile } from '../../scripts/seed/catalogue-file.ts';
import { defaultCatalogueFile, ontologyDirectory } from '../../scripts/seed/paths.ts';

export interface CatalogueVariant {
  file: string;
  remove(): Promise<void>;
}

export async function writeCatalogueVariant(options: {
  /** Edits the parsed file; the checksum is recomputed afterwards unless `keepChecksum`. */
  edit?: (catalogue: CatalogueFile) => void;
  keepChecksum?: boolean;
  /** Edits the final text (e.g. truncation). */
  text?: (text: string) => string;
}): Promise<CatalogueVariant> {
  const directory = await mkdtemp(join(tmpdir(), 'registry-seed-'));
  await mkdir(join(directory, 'catalogue'));
  await mkdir(join(directory, 'ontologies'));
  for (const name of ['SRAO.terms.json', 'DRAO.terms.json']) {
    await copyFile(join(ontologyDirectory, name), join(directory, 'ontologies', name));
  }
  const catalogue = JSON.parse(await readFile(defaultCatalogueFile, 'utf8')) as CatalogueFile;
  if (options.edit) {
    options.edit(catalogue);
    if (!options.keepChecksum) catalogue.checksum = payloadChecksum(catalogue.payload);
  }
  const text = JSON.stringify(catalogue);
  const file = join(directory, 'catalogue', 'records.json');
  await writeFile(file, options.text ? options.text(text) : text);
  return { file, remove: () => rm(directory, { recursive: true, force: true }) };
}

/** Where the seed reads from: the vendored `data/` folder, and (for the build script only) the shared source data. */
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

export const repositoryRoot = resolve(dirname(fileURLToPath(import.meta.url)), '../..');

/** Upstream source files; only `build-catalogue-file.ts` reads them, never `npm start`. */
export const sharedDataDirectory = resolve(repositoryRoot, '../shared/data');

export const vendoredDataDirectory = resolve(repositoryRoot, 'data');
export const defaultCatalogueFile = resolve(vendoredDataDirectory, 'catalogue/records.json');
export const ontologyDirectory = resolve(vendoredDataDirectory, 'ontologies');

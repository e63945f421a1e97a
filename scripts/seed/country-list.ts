/**
 * ISO 3166-1 countries from the `world-countries` package. Loaded through `require` because
 * its ESM entry re-exports JSON without an import attribute, which Node's loader rejects
 * when the module is not bundled (e.g. in the test runner's global setup).
 */
import { createRequire } from 'node:module';
import type { Country } from 'world-countries';

const require = createRequire(import.meta.url);

export const worldCountries = require('world-countries') as Country[];

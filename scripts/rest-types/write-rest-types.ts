/** `npm run rest-types`: writes the web's REST types from the routes (rest-types.ts). */
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { loadConfig } from '@registry/platform';
import { buildApp } from '@registry/api/app.ts';
import { REST_TYPES_FILE, restTypesSource } from './rest-types.ts';

const app = await buildApp({ config: loadConfig(), logger: false });
try {
  await app.ready();
  writeFileSync(join(import.meta.dirname, '..', '..', REST_TYPES_FILE), await restTypesSource(app));
} finally {
  await app.close();
}

/**
 * The GraphQL SDL of the public API, one `.gql` file per domain. The API server concatenates
 * them (plus the search arguments it generates from the facet registry) into one schema.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { join } from 'node:path';

const SDL_DIRECTORY = fileURLToPath(new URL('.', import.meta.url));

/** Every `.gql` file of this folder, in a stable order, as one SDL string. */
export function readGraphqlSdl(): string {
  return readdirSync(SDL_DIRECTORY)
    .filter((file) => file.endsWith('.gql'))
    .sort()
    .map((file) => `# ---- ${file}\n${readFileSync(join(SDL_DIRECTORY, file), 'utf8')}`)
    .join('\n');
}

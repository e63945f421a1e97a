/**
 * The layers of web/README.md: an import only goes down a layer, and features import the kit,
 * never each other's insides, except the blocks a feature offers other pages (listed below).
 * Test files are held to the same rule: a test sits beside the code it tests.
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';

const WEB_SOURCE = import.meta.dirname;
const FEATURES = new Set(['account', 'advanced-search', 'browse', 'curator', 'editor', 'graph', 'graphiql', 'home', 'organisations', 'record', 'saved-searches', 'search', 'statistics', 'static']);
/** Below the features: each may import only the layers listed (and itself). */
const LOWER_LAYERS: Readonly<Record<string, readonly string[]>> = {
  api: [],
  theme: [],
  kit: ['api', 'theme', 'state'],
  state: ['api', 'theme', 'kit'],
  shell: ['api', 'theme', 'kit', 'state'],
};
/** A feature's blocks that other features' pages show. */
const SHARED_BLOCKS = new Set(['saved-searches/SavedSearchesList.tsx', 'saved-searches/SaveSearchButton.tsx', 'statistics/StatsBlock.tsx', 'search/SearchPage.tsx']);

function sourceFiles(directory: string): string[] {
  return readdirSync(directory).flatMap((name) => {
    const path = join(directory, name);
    if (statSync(path).isDirectory()) return sourceFiles(path);
    return /\.tsx?$/.test(name) ? [path] : [];
  });
}

/** Every `from '…'` of a file that stays inside web/src, as a path relative to it. */
function localImports(path: string): string[] {
  const text = readFileSync(path, 'utf8');
  return [...text.matchAll(/from '(\.{1,2}\/[^']+)'/g)].map((match) => relative(WEB_SOURCE, join(path, '..', match[1]!)));
}

const topFolder = (path: string) => path.split('/')[0]!;

describe('web layers', () => {
  it('has features import no other feature but its shared blocks, and lower layers import no feature', () => {
    const offenders: string[] = [];
    for (const path of sourceFiles(WEB_SOURCE)) {
      const from = relative(WEB_SOURCE, path);
      const layer = topFolder(from);
      if (!from.includes('/')) continue; // main.tsx and this test: the entry sees everything
      for (const target of localImports(path)) {
        const to = topFolder(target);
        if (to === layer) continue;
        const allowed = FEATURES.has(layer)
          ? !FEATURES.has(to) ? to !== 'app' : SHARED_BLOCKS.has(target)
          : layer === 'app' || (LOWER_LAYERS[layer]?.includes(to) ?? false);
        if (!allowed) offenders.push(`${from} → ${target}`);
      }
    }
    expect(offenders).toEqual([]);
  });
});

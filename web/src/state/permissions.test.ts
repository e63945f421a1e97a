/**
 * The web app decides what to offer from the access module (`can()` and the field table) with a
 * Viewer built from the session, never from role flags: the same answers as the API.
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';
import { objectTypesRequired } from '@registry/schemas/forms/record-sections.ts';
import { buildSearchFilters } from './searchFiltersSlice.ts';
import { sessionViewer } from './sessionViewer.ts';

const viewerOf = (role: string) => sessionViewer({ isLoggedIn: true, user: { id: 7, credentials: { username: 'ada', token: 't', validity: 0 }, flags: { role } } });
const WEB_SOURCE = join(import.meta.dirname, '..');
/** Where the session's flags become a Viewer; nothing else reads them. */
const VIEWER_BUILDERS = new Set(['state/sessionViewer.ts', 'state/sessionSlice.ts']);

function sourceFiles(directory: string): string[] {
  return readdirSync(directory).flatMap((name) => {
    const path = join(directory, name);
    if (statSync(path).isDirectory()) return sourceFiles(path);
    return /\.tsx?$/.test(name) && !/\.test\.tsx?$/.test(name) ? [path] : [];
  });
}

describe('web permissions', () => {
  it('reads no role flag outside the Viewer built from the session', () => {
    const offenders = sourceFiles(WEB_SOURCE)
      .filter((path) => !VIEWER_BUILDERS.has(relative(WEB_SOURCE, path)))
      .filter((path) => /flags\??\.(is_curator|is_super_curator|role)\b|\.(isCurator|isSuperCurator)\b/.test(readFileSync(path, 'utf8')))
      .map((path) => relative(WEB_SOURCE, path));
    expect(offenders).toEqual([]);
  });

  it('builds the curator-only search filters for curators alone', () => {
    const keys = (role: string) => buildSearchFilters(viewerOf(role)).map((facet) => facet.key);
    expect(keys('curator').length).toBeGreaterThan(keys('user').length);
    expect(keys('user')).not.toContain('is_approved');
    expect(keys('curator')).toContain('is_approved');
  });

  it('asks one rule whether a record type needs object types (collections do not)', () => {
    expect(objectTypesRequired('Collection')).toBe(false);
    expect(objectTypesRequired('collection')).toBe(false);
    expect(objectTypesRequired('Standard')).toBe(true);
    expect(objectTypesRequired(undefined)).toBe(true);
  });
});

import { describe, expect, it } from 'vitest';
import { cleanSearchParams } from './search-route-guard.ts';

const clean = (query: string) => cleanSearchParams(new URLSearchParams(query))?.toString() ?? null;

describe('cleanSearchParams', () => {
  it('leaves a clean query alone', () => {
    expect(clean('q=gene&fairsharingRegistry=standard')).toBeNull();
    expect(clean('')).toBeNull();
  });

  it('removes empty values and search_state keys', () => {
    expect(clean('q=gene&subjects=&search_state=abc&search_state%5Bpage%5D=2')).toBe('q=gene');
  });

  it('renames content and maps biodbcore to database', () => {
    expect(clean('content=biodbcore&page=2')).toBe('fairsharingRegistry=database&page=2');
    expect(clean('fairsharingRegistry=standard,BioDBCore')).toBe('fairsharingRegistry=standard%2Cdatabase');
  });
});

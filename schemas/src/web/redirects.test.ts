import { describe, expect, it } from 'vitest';
import { REDIRECTS, isOffSiteTarget } from './redirects.ts';

function target(path: string, params: Record<string, string> = {}): string {
  const rule = REDIRECTS.find((candidate) => candidate.path === path);
  if (!rule) throw new Error(`no rule for ${path}`);
  return rule.to(params);
}

describe('redirect table', () => {
  it('has one row per path', () => {
    const paths = REDIRECTS.map((rule) => rule.path.toLowerCase());
    expect(new Set(paths).size).toBe(paths.length);
  });

  it('maps articles by name and anything else to /', () => {
    expect(target('/article/:name', { name: 'live_list_journal_policies' })).toBe(
      '/search?fairsharingRegistry=Policy&recordType=journal&page=1',
    );
    expect(target('/article/:name', { name: 'nope' })).toBe('/');
  });

  it('sends numeric collection hashes to the record and others to /3533', () => {
    expect(target('/collection/:hash', { hash: '3541' })).toBe('/3541');
    expect(target('/collection/:hash', { hash: 'ISOCD20691CollectionDRAFT' })).toBe('/3533');
  });

  it('sends ontology names to their repositories, case-insensitively, and others home', () => {
    expect(target('/ontology/:name', { name: 'SRAO' })).toBe('https://github.com/FAIRsharing/subject-ontology');
    expect(target('/ontology/:name', { name: 'drao' })).toBe('https://github.com/FAIRsharing/domain-ontology');
    expect(target('/ontology/:name', { name: 'x' })).toBe('/');
  });

  it('covers the singular and plural legacy listing paths', () => {
    expect(target('/policies/societies')).toBe('/search?fairsharingRegistry=Policy&recordType=society&page=1');
    expect(target('/policies/society')).toBe('/search?fairsharingRegistry=Policy&recordType=society&page=1');
    expect(REDIRECTS.filter((rule) => /^\/(databases|standards|policies)\//.test(rule.path))).toHaveLength(28);
  });

  it('tells off-site targets apart', () => {
    expect(isOffSiteTarget('https://github.com/x')).toBe(true);
    expect(isOffSiteTarget('/search?q=x')).toBe(false);
  });
});

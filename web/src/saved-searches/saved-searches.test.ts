import { describe, expect, it } from 'vitest';
import { savedSearchSchema } from '@registry/schemas/forms/community.ts';
import { ownAndLinked, policiesAmong, saveSearchInput, savedSearchPath, searchParamsObject } from './saved-searches.ts';

const values = { name: '  Journal policies  ', comments: '  ', fairsharing_record_ids: [3], organisations: [{ id: '7', label: 'ELIXIR' }], users: [{ id: 9, label: 'ada' }] };

describe('saved searches', () => {
  it('keeps the search path and query exactly, parameters as one value or a list', () => {
    const input = saveSearchInput(values, '/search', '?fairsharingRegistry=Policy&subjects=genomics&subjects=biology&page=2');
    expect(input.url).toBe('/search?fairsharingRegistry=Policy&subjects=genomics&subjects=biology&page=2');
    expect(input.params).toEqual({ fairsharingRegistry: 'Policy', subjects: ['genomics', 'biology'], page: '2' });
    expect(input).toMatchObject({ name: 'Journal policies', comments: null, fairsharing_record_ids: [3], organisation_ids: [7], user_ids: [9] });
    expect(savedSearchSchema.isValidSync(input)).toBe(true);
  });

  it('saves a listing page without a query as its path', () => {
    expect(saveSearchInput({ ...values, comments: 'Mine' }, '/standards', '')).toMatchObject({ url: '/standards', params: {}, comments: 'Mine' });
  });

  it('re-opens a site path, also from a saved whole address', () => {
    expect(savedSearchPath('/search?q=rna')).toBe('/search?q=rna');
    expect(savedSearchPath('https://fairsharing.org/search?q=rna')).toBe('/search?q=rna');
  });

  it('re-opens the search page for a stored value that leads off the site (stored before the parser rule)', () => {
    for (const url of ['/\\evil.example/path', '/\\/evil.example', '//evil.example/x', '/\t/evil.example', '/.//evil.example', 'https://evil.example//evil.example/x', 'javascript:alert(1)']) {
      expect(savedSearchPath(url), JSON.stringify(url)).toBe('/search');
    }
  });

  it('refuses to save a path that leads off the site', () => {
    for (const url of ['/\\evil.example/path', '/\\/evil.example']) expect(savedSearchSchema.isValidSync({ ...saveSearchInput(values, '/search', ''), url }), url).toBe(false);
  });

  it('keeps only policies among maintained records', () => {
    expect(policiesAmong([{ id: 1, registry: 'Policy' }, { id: 2, registry: 'Standard' }, { id: 3, registry: null }, { id: 4, registry: 'policy' }]).map((r) => r.id)).toEqual([1, 4]);
  });

  it('reads repeated parameters in order', () => {
    expect(searchParamsObject('a=1&b=2&a=3')).toEqual({ a: ['1', '3'], b: '2' });
  });

  it('lists the own saved searches of a profile first, then those linked to the person, each once', () => {
    const search = (id: string) => ({ id, name: id, url: '/search' });
    expect(ownAndLinked([search('1'), search('2')], [search('2'), search('3')]).map((entry) => entry.id)).toEqual(['1', '2', '3']);
  });
});

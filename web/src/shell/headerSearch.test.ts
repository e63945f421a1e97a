import { describe, expect, it } from 'vitest';
import { cleanHeaderSearchText, headerSearchTarget } from './headerSearch.ts';

describe('header search', () => {
  it('turns non-alphanumeric characters into spaces', () => {
    expect(cleanHeaderSearchText('gene-ontology (GO)!')).toBe('gene ontology GO');
    expect(cleanHeaderSearchText('Ångström  données')).toBe('Ångström données');
  });

  it('goes to /search with q, and nowhere without text', () => {
    expect(headerSearchTarget('MIAME', { pathname: '/', search: '' })).toBe('/search?q=MIAME');
    expect(headerSearchTarget(' -- ', { pathname: '/', search: '' })).toBeNull();
  });

  it('on /search replaces q, keeps filters and resets the page', () => {
    expect(
      headerSearchTarget('new', { pathname: '/search', search: '?q=old&fairsharingRegistry=standard&page=4' }),
    ).toBe('/search?q=new&fairsharingRegistry=standard');
  });
});

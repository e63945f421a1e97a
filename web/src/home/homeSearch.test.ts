import { describe, expect, it } from 'vitest';
import { homeSearchTarget } from './homeSearch.ts';

describe('home search', () => {
  it('sends q alone when all four registries are ticked', () => {
    expect(homeSearchTarget('gene', ['collection', 'policy', 'database', 'standard'])).toBe('/search?q=gene');
  });

  it('sends the chosen registries in the usual order with searchAnd=false', () => {
    expect(homeSearchTarget('gene', ['database', 'standard'])).toBe(
      '/search?q=gene&fairsharingRegistry=standard,database&searchAnd=false',
    );
  });

  it('does nothing without text or without a registry', () => {
    expect(homeSearchTarget('  ', ['standard'])).toBeNull();
    expect(homeSearchTarget('gene', [])).toBeNull();
  });
});

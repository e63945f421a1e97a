import { describe, expect, it } from 'vitest';
import { browserLinksOf } from './vocabularies.ts';

describe('browserLinksOf', () => {
  it('links a term of a browsable vocabulary to the browser at that term', () => {
    const link = browserLinksOf('subjects')?.('Life Science & Biomedicine');
    expect(link).toBe('/browse/subject?term=Life+Science+%26+Biomedicine');
    expect(browserLinksOf('userDefinedTags')?.('FAIR')).toBe('/browse/userdefinedtag?term=FAIR');
  });

  it('has no browser link for terms the browser does not show', () => {
    expect(browserLinksOf('objectTypes')).toBeUndefined();
  });
});

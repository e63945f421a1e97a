import { describe, expect, it } from 'vitest';
import { supportLinkUrl } from './support-links.ts';

describe('supportLinkUrl', () => {
  it('turns a Twitter handle into the address of its profile', () => {
    expect(supportLinkUrl('@FGED', 'Twitter')).toBe('https://twitter.com/FGED');
    expect(supportLinkUrl('@KiMoSys_', 'Twitter')).toBe('https://twitter.com/KiMoSys_');
  });

  it('writes bare e-mail addresses as mailto: links and keeps web addresses', () => {
    expect(supportLinkUrl('help@example.org', 'Support email')).toBe('mailto:help@example.org');
    expect(supportLinkUrl('https://twitter.com/uniprot', 'Twitter')).toBe('https://twitter.com/uniprot');
  });

  it('leaves an at-sign word alone when the link is not a Twitter link', () => {
    expect(supportLinkUrl('@FGED', 'Other')).toBe('@FGED');
  });
});

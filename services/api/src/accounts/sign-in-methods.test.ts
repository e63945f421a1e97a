import { describe, expect, it } from 'vitest';
import { signInMethodsFor } from './sign-in-methods.ts';

describe('signInMethodsFor', () => {
  const bothEnabled = { orcid: true, github: true };

  it('offers password first, then the configured providers', () => {
    expect(signInMethodsFor('someone', bothEnabled)).toEqual({ methods: ['password', 'orcid', 'github'], suggested: 'password' });
    expect(signInMethodsFor('someone', { orcid: false, github: true })).toEqual({ methods: ['password', 'github'], suggested: 'password' });
  });

  it('suggests ORCID for an ORCID iD, bare or as its address, only when ORCID sign-in is configured', () => {
    expect(signInMethodsFor('0000-0002-1825-0097', bothEnabled).suggested).toBe('orcid');
    expect(signInMethodsFor('https://orcid.org/0000-0002-1825-009X', bothEnabled).suggested).toBe('orcid');
    expect(signInMethodsFor('0000-0002-1825-0097', { orcid: false, github: false })).toEqual({ methods: ['password'], suggested: 'password' });
  });
});

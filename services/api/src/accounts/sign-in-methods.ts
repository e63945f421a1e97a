/**
 * POST /users/auth/identify_user: which ways the sign-in page offers for what a person typed.
 * The answer never depends on whether an account exists or how it was made (that would let
 * anyone list accounts and learn which have no password): it is built from the site's enabled
 * sign-in methods and the shape of the login alone (an ORCID iD suggests ORCID sign-in).
 */
import { ORCID_PATTERN } from '@registry/schemas';
import { THIRD_PARTY_PROVIDERS, type ThirdPartyProvider } from './third-party-sign-in.ts';

export type SignInMethod = 'password' | ThirdPartyProvider;

export interface SignInMethodsAnswer {
  /** Every way this site signs anyone in, password first. */
  methods: SignInMethod[];
  /** The way to offer first for this login. */
  suggested: SignInMethod;
}

const ORCID_IN_LOGIN = new RegExp(`^(https?://orcid\\.org/)?${ORCID_PATTERN.source.slice(1, -1)}$`, 'i');

export function signInMethodsFor(login: string, enabled: Record<ThirdPartyProvider, boolean>): SignInMethodsAnswer {
  const methods: SignInMethod[] = ['password', ...THIRD_PARTY_PROVIDERS.filter((provider) => enabled[provider])];
  const suggested: SignInMethod = enabled.orcid && ORCID_IN_LOGIN.test(login.trim()) ? 'orcid' : 'password';
  return { methods, suggested };
}

/**
 * Third-party sign-in with openid-client: ORCID over OpenID Connect (discovery, ID token, nonce)
 * and GitHub over plain OAuth 2 (its fixed endpoints, then its user API). Both use the
 * authorization-code flow with PKCE and a one-time state kept in Redis for ten minutes, so a
 * callback can be used once and only by the browser that started it.
 */
import * as oidc from 'openid-client';
import type { Redis } from 'ioredis';
import type { OAuthClientConfig, RegistryConfig } from '@registry/platform';
import type { ProviderIdentity } from './session-service.ts';

export const THIRD_PARTY_PROVIDERS = ['orcid', 'github'] as const;
export type ThirdPartyProvider = (typeof THIRD_PARTY_PROVIDERS)[number];

const STATE_LIFETIME_SECONDS = 600;

interface PendingSignIn {
  provider: ThirdPartyProvider;
  codeVerifier: string;
  nonce: string | null;
}

interface ProviderClient {
  configuration(): Promise<oidc.Configuration>;
  scope: string;
  usesNonce: boolean;
  identity(configuration: oidc.Configuration, tokens: oidc.TokenEndpointResponse & oidc.TokenEndpointResponseHelpers): Promise<ProviderIdentity>;
}

/** Local test providers speak plain http; anything else must be https. */
function executeFor(url: string): ((configuration: oidc.Configuration) => void)[] {
  return new URL(url).protocol === 'http:' ? [oidc.allowInsecureRequests] : [];
}

function text(value: unknown): string | null {
  return typeof value === 'string' && value.trim() !== '' ? value.trim() : null;
}

/** Discovery happens on first use and is kept; a failed discovery is retried next time. */
function cached<T>(load: () => Promise<T>): () => Promise<T> {
  let value: Promise<T> | null = null;
  return () => {
    value ??= load().catch((error: unknown) => {
      value = null;
      throw error;
    });
    return value;
  };
}

function orcidClient(settings: OAuthClientConfig): ProviderClient {
  return {
    scope: 'openid',
    usesNonce: true,
    configuration: cached(() =>
      oidc.discovery(new URL(settings.issuerUrl), settings.clientId, undefined, oidc.ClientSecretPost(settings.clientSecret), {
        execute: executeFor(settings.issuerUrl),
      }),
    ),
    async identity(configuration, tokens) {
      const claims = tokens.claims();
      if (!claims) throw new Error('ORCID answered without an ID token');
      const info = await oidc.fetchUserInfo(configuration, tokens.access_token, claims.sub).catch(() => ({}) as Record<string, unknown>);
      const all: Record<string, unknown> = { ...info, ...claims };
      return {
        provider: 'orcid',
        subject: claims.sub,
        email: all.email_verified === true ? text(all.email) : null,
        preferredUsername: text(all.given_name) && text(all.family_name) ? `${text(all.given_name)}${text(all.family_name)}` : claims.sub,
        firstName: text(all.given_name),
        lastName: text(all.family_name),
        orcid: /^\d{4}-\d{4}-\d{4}-\d{3}[\dX]$/.test(claims.sub) ? claims.sub : null,
      };
    },
  };
}

interface GithubUser {
  id: number;
  login: string;
  name?: string | null;
}

interface GithubEmail {
  email: string;
  verified: boolean;
  primary: boolean;
}

function githubClient(settings: OAuthClientConfig): ProviderClient {
  const configuration = new oidc.Configuration(
    {
      issuer: settings.issuerUrl,
      authorization_endpoint: `${settings.issuerUrl}/login/oauth/authorize`,
      token_endpoint: `${settings.issuerUrl}/login/oauth/access_token`,
    },
    settings.clientId,
    undefined,
    oidc.ClientSecretPost(settings.clientSecret),
  );
  for (const execute of executeFor(settings.issuerUrl)) execute(configuration);
  const get = async <T>(path: string, accessToken: string): Promise<T> => {
    const headers = new Headers({ accept: 'application/vnd.github+json' });
    const response = await oidc.fetchProtectedResource(configuration, accessToken, new URL(`${settings.apiUrl}${path}`), 'GET', undefined, headers);
    if (!response.ok) throw new Error(`GitHub ${path} answered ${response.status}`);
    return (await response.json()) as T;
  };
  return {
    scope: 'read:user user:email',
    usesNonce: false,
    configuration: async () => configuration,
    async identity(_configuration, tokens) {
      const user = await get<GithubUser>('/user', tokens.access_token);
      const emails = await get<GithubEmail[]>('/user/emails', tokens.access_token).catch(() => []);
      const email = emails.find((entry) => entry.primary && entry.verified) ?? emails.find((entry) => entry.verified);
      const [firstName, ...rest] = (user.name ?? '').trim().split(/\s+/);
      return {
        provider: 'github',
        subject: String(user.id),
        email: email?.email ?? null,
        preferredUsername: user.login,
        firstName: firstName || null,
        lastName: rest.join(' ') || null,
        orcid: null,
      };
    },
  };
}

export interface ThirdPartySignIn {
  /** Providers with credentials configured (the others' buttons stay hidden). */
  enabled: Record<ThirdPartyProvider, boolean>;
  /** Where to send the browser to start; the state is stored for the callback. */
  start(provider: ThirdPartyProvider): Promise<URL>;
  /** Checks the callback (state, PKCE, ID token) and answers who the provider says this is. */
  finish(provider: ThirdPartyProvider, callbackUrl: URL): Promise<ProviderIdentity>;
}

export function callbackPath(provider: ThirdPartyProvider): string {
  return `/users/auth/${provider}/callback`;
}

export function createThirdPartySignIn(config: Pick<RegistryConfig, 'orcid' | 'github' | 'publicUrl' | 'queuePrefix'>, redis: Redis): ThirdPartySignIn {
  const clients: Partial<Record<ThirdPartyProvider, ProviderClient>> = {};
  if (config.orcid) clients.orcid = orcidClient(config.orcid);
  if (config.github) clients.github = githubClient(config.github);
  const stateKey = (state: string) => `${config.queuePrefix}:sign-in-state:${state}`;
  const clientOf = (provider: ThirdPartyProvider) => {
    const client = clients[provider];
    if (!client) throw new Error(`${provider} sign-in is not configured`);
    return client;
  };

  return {
    enabled: { orcid: !!clients.orcid, github: !!clients.github },

    async start(provider) {
      const client = clientOf(provider);
      const configuration = await client.configuration();
      const codeVerifier = oidc.randomPKCECodeVerifier();
      const state = oidc.randomState();
      const nonce = client.usesNonce ? oidc.randomNonce() : null;
      const pending: PendingSignIn = { provider, codeVerifier, nonce };
      await redis.set(stateKey(state), JSON.stringify(pending), 'EX', STATE_LIFETIME_SECONDS);
      return oidc.buildAuthorizationUrl(configuration, {
        redirect_uri: `${config.publicUrl}${callbackPath(provider)}`,
        scope: client.scope,
        state,
        code_challenge: await oidc.calculatePKCECodeChallenge(codeVerifier),
        code_challenge_method: 'S256',
        ...(nonce ? { nonce } : {}),
      });
    },

    async finish(provider, callbackUrl) {
      const client = clientOf(provider);
      const state = callbackUrl.searchParams.get('state') ?? '';
      // GETDEL: a state works once, whatever happens next.
      const stored = state === '' ? null : await redis.getdel(stateKey(state));
      if (stored === null) throw new Error('unknown or used sign-in state');
      const pending = JSON.parse(stored) as PendingSignIn;
      if (pending.provider !== provider) throw new Error('sign-in state of another provider');
      const configuration = await client.configuration();
      const tokens = await oidc.authorizationCodeGrant(configuration, callbackUrl, {
        pkceCodeVerifier: pending.codeVerifier,
        expectedState: state,
        ...(pending.nonce ? { expectedNonce: pending.nonce, idTokenExpected: true } : {}),
      });
      return client.identity(configuration, tokens);
    },
  };
}

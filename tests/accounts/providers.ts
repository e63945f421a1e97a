/**
 * Local sign-in providers speaking the real protocols, on 127.0.0.1: an OpenID Connect provider
 * (oidc-provider) standing in for ORCID, and a small OAuth 2 server with GitHub's endpoints and
 * answer shapes. `signInAt` plays the browser: it follows the redirects, keeps the cookies and
 * fills in the provider's login and consent forms.
 */
import { createHash, randomBytes } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import Provider from 'oidc-provider';

export const TEST_CLIENT = { clientId: 'registry-test-client', clientSecret: 'registry-test-client-secret-0123456789' };

export interface LocalProvider {
  url: string;
  close(): Promise<void>;
}

function listen(server: Server): Promise<string> {
  return new Promise((resolve) => server.listen(0, '127.0.0.1', () => resolve(`http://127.0.0.1:${(server.address() as AddressInfo).port}`)));
}

/** ORCID people: the account id is the ORCID iD; like ORCID, no e-mail claim. */
export const ORCID_PEOPLE: Record<string, { given_name: string; family_name: string }> = {
  '0000-0002-1825-0097': { given_name: 'Josiah', family_name: 'Carberry' },
};

export async function startOrcidStandIn(redirectUri: string): Promise<LocalProvider> {
  const server = createServer();
  const url = await listen(server);
  const provider = new Provider(url, {
    clients: [{
      client_id: TEST_CLIENT.clientId,
      client_secret: TEST_CLIENT.clientSecret,
      redirect_uris: [redirectUri],
      token_endpoint_auth_method: 'client_secret_post',
    }],
    // ORCID puts the names in the ID token for scope openid.
    claims: { openid: ['sub', 'given_name', 'family_name'] },
    conformIdTokenClaims: false,
    features: { devInteractions: { enabled: true } },
    async findAccount(_context, id) {
      return { accountId: id, claims: async () => ({ sub: id, ...(ORCID_PEOPLE[id] ?? {}) }) };
    },
  });
  server.on('request', provider.callback());
  return { url, close: () => new Promise((resolve) => server.close(() => resolve())) };
}

export interface GithubPerson {
  id: number;
  login: string;
  name: string;
  emails: { email: string; verified: boolean; primary: boolean }[];
}

/** GitHub's OAuth web flow and user API, approving at once as `person()`. */
export async function startGithubStandIn(person: () => GithubPerson): Promise<LocalProvider> {
  const codes = new Map<string, { challenge: string; redirectUri: string }>();
  const tokens = new Map<string, GithubPerson>();
  const server = createServer((request, response) => {
    const requestUrl = new URL(request.url ?? '/', 'http://127.0.0.1');
    const json = (status: number, body: unknown) => {
      response.writeHead(status, { 'content-type': 'application/json' });
      response.end(JSON.stringify(body));
    };
    if (request.method === 'GET' && requestUrl.pathname === '/login/oauth/authorize') {
      const params = requestUrl.searchParams;
      if (params.get('client_id') !== TEST_CLIENT.clientId || params.get('code_challenge_method') !== 'S256') return json(400, { error: 'invalid_request' });
      const code = randomBytes(10).toString('hex');
      codes.set(code, { challenge: params.get('code_challenge') ?? '', redirectUri: params.get('redirect_uri') ?? '' });
      const back = new URL(params.get('redirect_uri') ?? '');
      back.searchParams.set('code', code);
      back.searchParams.set('state', params.get('state') ?? '');
      response.writeHead(302, { location: back.href });
      return response.end();
    }
    if (request.method === 'POST' && requestUrl.pathname === '/login/oauth/access_token') {
      let body = '';
      request.on('data', (chunk: Buffer) => (body += chunk.toString()));
      request.on('end', () => {
        const form = new URLSearchParams(body);
        const grant = codes.get(form.get('code') ?? '');
        codes.delete(form.get('code') ?? '');
        const verifierHash = createHash('sha256').update(form.get('code_verifier') ?? '').digest('base64url');
        if (form.get('client_secret') !== TEST_CLIENT.clientSecret || !grant || grant.challenge !== verifierHash || grant.redirectUri !== form.get('redirect_uri')) {
          return json(400, { error: 'bad_verification_code' });
        }
        const accessToken = `gho_${randomBytes(16).toString('hex')}`;
        tokens.set(accessToken, person());
        return json(200, { access_token: accessToken, token_type: 'bearer', scope: 'read:user,user:email' });
      });
      return;
    }
    const holder = tokens.get((request.headers.authorization ?? '').replace(/^Bearer /i, ''));
    if (!holder) return json(401, { message: 'Bad credentials' });
    if (requestUrl.pathname === '/user') return json(200, { id: holder.id, login: holder.login, name: holder.name });
    if (requestUrl.pathname === '/user/emails') return json(200, holder.emails);
    return json(404, { message: 'Not Found' });
  });
  const url = await listen(server);
  return { url, close: () => new Promise((resolve) => server.close(() => resolve())) };
}

/**
 * Follows a sign-in from the provider's authorize URL until the provider sends the browser back
 * to `callbackPrefix`; signs in as `login` and consents where the provider asks. Answers the
 * callback URL (with code and state).
 */
export async function signInAt(authorizeUrl: string, callbackPrefix: string, login: string): Promise<URL> {
  const cookies = new Map<string, string>();
  let next: { url: string; init?: RequestInit } = { url: authorizeUrl };
  for (let step = 0; step < 20; step += 1) {
    const response = await fetch(next.url, {
      ...next.init,
      redirect: 'manual',
      headers: { ...(next.init?.headers as Record<string, string> | undefined), cookie: [...cookies].map(([name, value]) => `${name}=${value}`).join('; ') },
    });
    for (const line of response.headers.getSetCookie()) {
      const [pair] = line.split(';');
      const at = pair.indexOf('=');
      cookies.set(pair.slice(0, at), pair.slice(at + 1));
    }
    const location = response.headers.get('location');
    if (location) {
      const target = new URL(location, next.url);
      if (target.href.startsWith(callbackPrefix)) return target;
      next = { url: target.href };
      continue;
    }
    const page = await response.text();
    const action = /<form[^>]*action="([^"]+)"/.exec(page)?.[1];
    const prompt = /name="prompt" value="(\w+)"/.exec(page)?.[1];
    if (!action || !prompt) throw new Error(`provider page without a form (status ${response.status})`);
    const form: Record<string, string> = prompt === 'login' ? { prompt, login, password: 'any' } : { prompt };
    next = {
      url: new URL(action.replace(/&amp;/g, '&'), next.url).href,
      init: { method: 'POST', body: new URLSearchParams(form).toString(), headers: { 'content-type': 'application/x-www-form-urlencoded' } },
    };
  }
  throw new Error('sign-in did not come back to the registry');
}

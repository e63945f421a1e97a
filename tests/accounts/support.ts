/**
 * An accounts test environment: a private database, a real SMTP sink the app mails to, and the
 * app with a logger whose every line the test can read (to prove no secret is ever logged).
 */
import { Writable } from 'node:stream';
import type { FastifyInstance, InjectOptions } from 'fastify';
import { buildApp } from '@registry/api';
import type { RegistryConfig } from '@registry/platform';
import { startMailSink, type MailSink, type ReceivedMail } from '../../scripts/mail-sink/mail-sink.ts';
import { createIsolatedEnvironment, type IsolatedEnvironment } from '../support/environment.ts';

export interface AccountsHarness {
  env: IsolatedEnvironment;
  app: FastifyInstance;
  sink: MailSink;
  config: RegistryConfig;
  /** Every line the app logged so far. */
  logLines: string[];
  close(): Promise<void>;
}

export async function startAccountsHarness(name: string, configChanges: Partial<RegistryConfig> = {}): Promise<AccountsHarness> {
  const env = await createIsolatedEnvironment(name);
  const sink = await startMailSink();
  const logLines: string[] = [];
  const stream = new Writable({
    write(chunk: Buffer, _encoding, done) {
      logLines.push(...chunk.toString('utf8').split('\n').filter(Boolean));
      done();
    },
  });
  const config = { ...env.config, smtpUrl: sink.url, publicUrl: 'http://registry.test', ...configChanges };
  const app = await buildApp({ config, db: env.db, logger: { level: 'debug', stream }, rateLimitMax: 1_000_000 });
  await app.ready();
  return {
    env,
    app,
    sink,
    config,
    logLines,
    async close() {
      await app.close();
      await sink.close();
      await env.cleanup();
    },
  };
}

let addressCounter = 0;

/** A distinct client address per call, so one test's attempts do not spend another's rate limit. */
export function freshIp(): string {
  addressCounter += 1;
  return `10.1.${Math.floor(addressCounter / 250)}.${(addressCounter % 250) + 1}`;
}

export async function call(app: FastifyInstance, options: InjectOptions & { token?: string }) {
  const { token, headers, ...rest } = options;
  const response = await app.inject({
    remoteAddress: freshIp(),
    ...rest,
    headers: { accept: 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}), ...headers },
  });
  return { status: response.statusCode, body: response.json() as Record<string, unknown> & { message?: string }, headers: response.headers };
}

/** The token in a mailed link (`?name=...`), read from the plain-text body. */
export function tokenInMail(mail: ReceivedMail, parameter: 'confirmation_token' | 'reset_password_token'): string {
  const match = new RegExp(`[?&]${parameter}=([^\\s&]+)`).exec(mail.text);
  if (!match) throw new Error(`no ${parameter} in mail "${mail.subject}"`);
  return decodeURIComponent(match[1]);
}

/** Signs up through the API, confirms through the mailed link and signs in: the answer of sign-in. */
export async function signedUpUser(harness: AccountsHarness, username: string, password = 'correct horse battery') {
  const email = `${username}@example.org`;
  const signUp = await call(harness.app, { method: 'POST', url: '/users', payload: { user: { username, email, password, password_confirmation: password } } });
  if (signUp.status !== 201) throw new Error(`sign-up failed: ${JSON.stringify(signUp.body)}`);
  const mail = await harness.sink.waitFor((m) => m.to.includes(email) && /confirm/i.test(m.subject));
  const confirmed = await call(harness.app, { url: `/users/confirmation?confirmation_token=${encodeURIComponent(tokenInMail(mail, 'confirmation_token'))}` });
  if (confirmed.status !== 200) throw new Error(`confirmation failed: ${JSON.stringify(confirmed.body)}`);
  const signIn = await call(harness.app, { method: 'POST', url: '/users/sign_in', payload: { user: { login: username, password } } });
  if (signIn.status !== 200) throw new Error(`sign-in failed: ${JSON.stringify(signIn.body)}`);
  return { ...(signIn.body as { jwt: string; id: number; expiry: number }), email, password, username };
}

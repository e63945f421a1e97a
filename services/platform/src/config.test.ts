import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ConfigError, DEFAULT_JWT_SECRET_FILE, loadConfig } from './config.ts';

const STRONG_SECRET = 'q3N1x0Vb7yZ2kP9sT4wE6rU8iO0aS2dF4gH6jK8l';

function secretFile(): string {
  return join(mkdtempSync(join(tmpdir(), 'registry-config-')), '.local', 'jwt-secret');
}

describe('JWT_SECRET in production', () => {
  it.each([
    ['missing', undefined, /JWT_SECRET must be set in production/],
    ['empty', '', /JWT_SECRET must be set in production/],
    ['short', 'changeme', /JWT_SECRET is too weak/],
    ['the old built-in default', 'development-only-secret-change-me-in-production', /JWT_SECRET is too weak/],
  ])('refuses a %s secret', (_label, secret, message) => {
    const file = secretFile();
    const load = () => loadConfig({ NODE_ENV: 'production', JWT_SECRET: secret, JWT_SECRET_FILE: file });
    expect(load).toThrow(ConfigError);
    expect(load).toThrow(message);
  });

  it('never falls back to a local file', () => {
    const file = secretFile();
    expect(() => loadConfig({ NODE_ENV: 'production', JWT_SECRET_FILE: file })).toThrow(ConfigError);
    expect(() => statSync(file)).toThrow();
  });

  it('accepts a long random secret', () => {
    expect(loadConfig({ NODE_ENV: 'production', JWT_SECRET: STRONG_SECRET }).jwtSecret).toBe(STRONG_SECRET);
  });
});

describe('JWT_SECRET outside production', () => {
  afterEach(() => vi.restoreAllMocks());

  it('uses the given secret as is', () => {
    expect(loadConfig({ JWT_SECRET: 'dev', JWT_SECRET_FILE: secretFile() }).jwtSecret).toBe('dev');
  });

  it('generates a random secret once into a private file, says so, and reuses it', () => {
    const notice = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    const file = secretFile();
    const first = loadConfig({ JWT_SECRET_FILE: file }).jwtSecret;
    expect(first).toMatch(/^[\w-]{64}$/);
    expect(readFileSync(file, 'utf8').trim()).toBe(first);
    expect(statSync(file).mode & 0o777).toBe(0o600);
    expect(notice).toHaveBeenCalledTimes(1);
    expect(notice.mock.calls[0][0]).toMatch(/JWT_SECRET is not set; generated a random one into/);

    expect(loadConfig({ JWT_SECRET_FILE: file }).jwtSecret).toBe(first);
    expect(notice).toHaveBeenCalledTimes(1);
    expect(loadConfig({ JWT_SECRET_FILE: secretFile() }).jwtSecret).not.toBe(first);
  });

  it('refuses a local file that holds no usable secret', () => {
    const file = secretFile();
    vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    loadConfig({ JWT_SECRET_FILE: file });
    writeFileSync(file, '\n');
    expect(() => loadConfig({ JWT_SECRET_FILE: file })).toThrow(/holds no usable JWT secret/);
  });

  it('keeps the generated file out of git', () => {
    const check = spawnSync('git', ['check-ignore', '--quiet', DEFAULT_JWT_SECRET_FILE], { cwd: join(DEFAULT_JWT_SECRET_FILE, '../..') });
    expect(check.status).toBe(0);
  });
});

describe('accounts configuration', () => {
  const base = { JWT_SECRET: STRONG_SECRET };

  it('mails to the local sink and keeps sessions a week by default, with no third-party sign-in', () => {
    const config = loadConfig(base);
    expect(config.smtpUrl).toBe('smtp://127.0.0.1:1025');
    expect(config.sessionLifetimeSeconds).toBe(604_800);
    expect(config.orcid).toBeNull();
    expect(config.github).toBeNull();
  });

  it('turns a provider on with its client id and secret, and refuses an id without a secret', () => {
    const config = loadConfig({ ...base, ORCID_CLIENT_ID: 'APP-1', ORCID_CLIENT_SECRET: 'secret', GITHUB_CLIENT_ID: 'gh', GITHUB_CLIENT_SECRET: 's' });
    expect(config.orcid).toEqual({ clientId: 'APP-1', clientSecret: 'secret', issuerUrl: 'https://orcid.org', apiUrl: 'https://pub.orcid.org' });
    expect(config.github?.apiUrl).toBe('https://api.github.com');
    expect(() => loadConfig({ ...base, GITHUB_CLIENT_ID: 'gh' })).toThrow(/GITHUB_CLIENT_SECRET must be set/);
  });

  it('refuses a mail URL that is not SMTP and a session lifetime that is not a positive whole number', () => {
    expect(() => loadConfig({ ...base, SMTP_URL: 'http://mail.example.org' })).toThrow(/SMTP_URL must start with smtp: or smtps:/);
    expect(() => loadConfig({ ...base, SESSION_LIFETIME_SECONDS: '-5' })).toThrow(/SESSION_LIFETIME_SECONDS must be a positive whole number/);
  });
});

describe('timed work', () => {
  it('looks for due change digests every 5 minutes unless DIGEST_CHECK_INTERVAL_MS says otherwise, and refuses a value that is not a positive whole number', () => {
    expect(loadConfig({ JWT_SECRET: STRONG_SECRET }).digestCheckIntervalMs).toBe(300_000);
    expect(loadConfig({ JWT_SECRET: STRONG_SECRET, DIGEST_CHECK_INTERVAL_MS: '2000' }).digestCheckIntervalMs).toBe(2_000);
    expect(() => loadConfig({ JWT_SECRET: STRONG_SECRET, DIGEST_CHECK_INTERVAL_MS: '0' })).toThrow(/DIGEST_CHECK_INTERVAL_MS must be a positive whole number/);
  });
});

describe('webhook lanes and bounds', () => {
  it('waits 1 s for a receiver in a batch and allows 20 webhooks an account, 5 to one host, unless WEBHOOK_* says otherwise', () => {
    expect(loadConfig({ JWT_SECRET: STRONG_SECRET }).webhooks).toMatchObject({ fastLaneMs: 1_000, maxPerAccount: 20, maxPerHost: 5 });
    const changed = loadConfig({ JWT_SECRET: STRONG_SECRET, WEBHOOK_FAST_LANE_MS: '250', WEBHOOK_MAX_PER_ACCOUNT: '50', WEBHOOK_MAX_PER_HOST: '10' });
    expect(changed.webhooks).toMatchObject({ fastLaneMs: 250, maxPerAccount: 50, maxPerHost: 10 });
    expect(() => loadConfig({ JWT_SECRET: STRONG_SECRET, WEBHOOK_MAX_PER_HOST: '0' })).toThrow(/WEBHOOK_MAX_PER_HOST must be a positive whole number/);
  });
});

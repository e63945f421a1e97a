/**
 * Runtime configuration, read once from environment variables.
 * Every process (API, indexer, scripts, tests) builds its connections from this one object.
 */
import { randomBytes } from 'node:crypto';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, relative } from 'node:path';
import { fileURLToPath } from 'node:url';

export interface RegistryConfig {
  databaseUrl: string;
  redisUrl: string;
  opensearchUrl: string;
  port: number;
  host: string;
  siteName: string;
  /** Prefix of every OpenSearch index and alias this deployment owns (tests use a per-run prefix). */
  indexPrefix: string;
  /** BullMQ key prefix in Redis (tests use a per-run prefix). */
  queuePrefix: string;
  jwtSecret: string;
  /** Public base URL used in sitemap, JSON-LD and e-mails. */
  publicUrl: string;
  maintenanceMode: boolean;
  readOnlyMode: boolean;
}

export class ConfigError extends Error {
  override name = 'ConfigError';
}

function parsePort(raw: string | undefined, fallback: number): number {
  if (raw === undefined || raw === '') return fallback;
  const port = Number(raw);
  if (!Number.isInteger(port) || port < 0 || port > 65535) {
    throw new ConfigError(`PORT must be a whole number from 0 to 65535, got "${raw}"`);
  }
  return port;
}

function parseUrl(name: string, raw: string, protocols: string[]): string {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    throw new ConfigError(`${name} is not a valid URL: "${raw}"`);
  }
  if (!protocols.includes(url.protocol)) {
    throw new ConfigError(`${name} must start with ${protocols.join(' or ')}, got "${raw}"`);
  }
  return raw;
}

function parseFlag(raw: string | undefined): boolean {
  return raw === 'true' || raw === '1';
}

/** Shorter secrets can be guessed offline from one signed token. */
export const MIN_JWT_SECRET_LENGTH = 32;
/** Secrets that have been printed in this project's code or docs: known to everyone. */
const PUBLISHED_JWT_SECRETS: readonly string[] = ['development-only-secret-change-me-in-production'];
/** Where a machine without JWT_SECRET keeps the secret generated for it (git-ignored). */
export const DEFAULT_JWT_SECRET_FILE = fileURLToPath(new URL('../../../.local/jwt-secret', import.meta.url));

function productionJwtSecret(raw: string): string {
  if (raw === '') {
    throw new ConfigError(
      `JWT_SECRET must be set in production (a random value of at least ${MIN_JWT_SECRET_LENGTH} characters, e.g. from \`openssl rand -base64 48\`)`,
    );
  }
  if (raw.length < MIN_JWT_SECRET_LENGTH || PUBLISHED_JWT_SECRETS.includes(raw)) {
    throw new ConfigError(
      `JWT_SECRET is too weak for production: use a random value of at least ${MIN_JWT_SECRET_LENGTH} characters that has never been published`,
    );
  }
  return raw;
}

/**
 * The secret of a development machine: generated once, so tokens survive restarts and every
 * process of `npm start` signs alike. `wx` makes concurrent first starts agree on one file.
 */
function localJwtSecret(file: string): string {
  try {
    mkdirSync(dirname(file), { recursive: true });
    writeFileSync(file, `${randomBytes(48).toString('base64url')}\n`, { flag: 'wx', mode: 0o600 });
    console.warn(`note: JWT_SECRET is not set; generated a random one into ${relative(process.cwd(), file) || file}`);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') {
      throw new ConfigError(`JWT_SECRET is not set and ${file} cannot be written: ${(error as Error).message}`);
    }
  }
  const secret = readFileSync(file, 'utf8').trim();
  if (secret.length < MIN_JWT_SECRET_LENGTH) {
    throw new ConfigError(`${file} holds no usable JWT secret: delete it to generate a new one, or set JWT_SECRET`);
  }
  return secret;
}

function jwtSecret(env: NodeJS.ProcessEnv): string {
  const raw = env.JWT_SECRET ?? '';
  if (env.NODE_ENV === 'production') return productionJwtSecret(raw);
  return raw !== '' ? raw : localJwtSecret(env.JWT_SECRET_FILE || DEFAULT_JWT_SECRET_FILE);
}

export function loadConfig(env: NodeJS.ProcessEnv = process.env): RegistryConfig {
  const port = parsePort(env.PORT, 3000);
  return {
    databaseUrl: parseUrl(
      'DATABASE_URL',
      env.DATABASE_URL || 'postgres://postgres@127.0.0.1:5432/registry',
      ['postgres:', 'postgresql:'],
    ),
    redisUrl: parseUrl('REDIS_URL', env.REDIS_URL || 'redis://127.0.0.1:6379', ['redis:', 'rediss:']),
    opensearchUrl: parseUrl('OPENSEARCH_URL', env.OPENSEARCH_URL || 'http://127.0.0.1:9200', [
      'http:',
      'https:',
    ]),
    port,
    host: env.HOST || '0.0.0.0',
    siteName: env.SITE_NAME || 'FAIRsharing',
    indexPrefix: env.INDEX_PREFIX ?? 'registry_',
    queuePrefix: env.QUEUE_PREFIX || 'registry',
    jwtSecret: jwtSecret(env),
    publicUrl: (env.PUBLIC_URL || `http://localhost:${port}`).replace(/\/$/, ''),
    maintenanceMode: parseFlag(env.MAINTENANCE_MODE),
    readOnlyMode: parseFlag(env.READ_ONLY_MODE),
  };
}

/**
 * Runtime configuration, read once from environment variables.
 * Every process (API, indexer, scripts, tests) builds its connections from this one object.
 */
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
    jwtSecret: env.JWT_SECRET || 'development-only-secret-change-me-in-production',
    publicUrl: (env.PUBLIC_URL || `http://localhost:${port}`).replace(/\/$/, ''),
    maintenanceMode: parseFlag(env.MAINTENANCE_MODE),
    readOnlyMode: parseFlag(env.READ_ONLY_MODE),
  };
}

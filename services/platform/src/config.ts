/**
 * Runtime configuration, read once from environment variables.
 * Every process (API, indexer, scripts, tests) builds its connections from this one object.
 */
import { randomBytes } from 'node:crypto';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describeTrustedProxies, parseTrustedProxies, TrustedProxyError } from './client-address.ts';

export interface RegistryConfig {
  databaseUrl: string;
  redisUrl: string;
  /** One OpenSearch node URL, or the nodes of a cluster separated by commas. */
  opensearchUrl: string;
  /** Shards and replicas of a records index written from now on (`OPENSEARCH_SHARDS`, `OPENSEARCH_REPLICAS`). */
  searchIndexLayout: SearchIndexLayout;
  port: number;
  host: string;
  /**
   * The proxies in front (`TRUST_PROXY`: addresses or CIDR ranges, canonical): only a connection
   * from one of them may say in `X-Forwarded-For` who the client is (client-address.ts). None by default.
   */
  trustProxy: string[];
  /** Where Prometheus reads an `api` process's `/metrics` (`METRICS_PORT`, `METRICS_TOKEN`); neither: not served. */
  metrics: MetricsAccess;
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
  /** Where account mails go (`smtp://host:port`, `smtps://user:pass@host`). */
  smtpUrl: string;
  /** Sender of account mails. */
  mailFrom: string;
  /** Lifetime of a sign-in session and its token, in seconds. */
  sessionLifetimeSeconds: number;
  /** How often the leading scheduler looks for change digests due; each person still gets at most one an hour. */
  digestCheckIntervalMs: number;
  /** Third-party sign-in; a provider without a client id is off (its button stays hidden). */
  orcid: OAuthClientConfig | null;
  github: OAuthClientConfig | null;
  /** Where the worker's publication look-ups go: Crossref's REST API (DOIs), NCBI E-utilities (PubMed ids) and Zenodo's REST API. */
  publicationResolvers: { crossrefUrl: string; ncbiUrl: string; zenodoUrl: string };
  /** How long a request waits for the worker's publication look-up before answering 503 (`PUBLICATION_LOOKUP_WAIT_MS`). */
  publicationLookupWaitMs: number;
  /** DOI registration through DataCite's REST API; off (no DOIs minted) without a repository id. */
  datacite: DataciteConfig | null;
  /** Hosts or host:port pairs outbound calls may reach though the egress policy refuses their address (`EGRESS_ALLOW`, comma-separated). */
  egressAllow: string[];
  /** Link health: one pass over every public record's URLs takes this long (`LINK_CHECK_PERIOD_HOURS`, default 72). */
  linkCheckPeriodMs: number;
  /** A link counts as broken once it has failed for this many days (`LINK_BROKEN_DAYS`, default 7). */
  linkBrokenDays: number;
  /** A name that resolves wherever there is DNS; when it does not, failed look-ups mean "no network" (`LINK_CHECK_PROBE_HOST`). */
  linkCheckProbeHost: string;
  /** Webhook deliveries: retries, secret rotation, disabling (`WEBHOOK_*`, see `docs/webhooks.md`). */
  webhooks: WebhookSettings;
}

export interface WebhookSettings {
  /** Attempts per delivery (`WEBHOOK_RETRY_ATTEMPTS`, default 15). */
  retryAttempts: number;
  /** The longest time from a delivery's first attempt to its last (`WEBHOOK_RETRY_WINDOW_SECONDS`, default 24 h). */
  retryWindowMs: number;
  /** How long the previous secret still signs after a rotation (`WEBHOOK_SECRET_OVERLAP_SECONDS`, default 24 h). */
  secretOverlapMs: number;
  /** A webhook is disabled once every attempt to it has failed for this long (`WEBHOOK_DISABLE_AFTER_SECONDS`, default 24 h). */
  disableAfterMs: number;
  /**
   * The most a batch waits for one receiver (`WEBHOOK_FAST_LANE_MS`, default 1000): a delivery not
   * taken within it is sent on in its receiver's own lane, and the webhook stays there a while.
   */
  fastLaneMs: number;
  /** Webhooks an account may have (`WEBHOOK_MAX_PER_ACCOUNT`, default 20). */
  maxPerAccount: number;
  /** Webhooks an account may have to one host, whatever the port (`WEBHOOK_MAX_PER_HOST`, default 5). */
  maxPerHost: number;
}

export interface MetricsAccess {
  /** A listener of its own for /metrics (and /healthz, /readyz); 0 takes a free port. */
  port: number | null;
  /** A bearer token that opens GET /metrics on the public port. */
  token: string | null;
}

export interface SearchIndexLayout {
  shards: number;
  /** Copies of each shard beside its primary: 0 on one node, 1 by default when OPENSEARCH_URL names several. */
  replicas: number;
}

export interface DataciteConfig {
  /** The REST API, e.g. https://api.test.datacite.org or https://api.datacite.org. */
  apiUrl: string;
  /** The DOI prefix of the repository, e.g. 10.25504. */
  prefix: string;
  /** The repository id and password (HTTP basic authentication). */
  repositoryId: string;
  password: string;
}

export interface OAuthClientConfig {
  clientId: string;
  clientSecret: string;
  /** ORCID: the OpenID Connect issuer. GitHub: the site that serves `/login/oauth/authorize` and `/login/oauth/access_token`. */
  issuerUrl: string;
  /** GitHub only: the API serving `/user` and `/user/emails`. */
  apiUrl: string;
}

export class ConfigError extends Error {
  override name = 'ConfigError';
}

function parsePort(raw: string | undefined, fallback: number, name = 'PORT'): number {
  if (raw === undefined || raw === '') return fallback;
  const port = Number(raw);
  if (!Number.isInteger(port) || port < 0 || port > 65535) {
    throw new ConfigError(`${name} must be a whole number from 0 to 65535, got "${raw}"`);
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

function parseNodeUrls(raw: string): string {
  const urls = raw.split(',').map((url) => url.trim());
  for (const url of urls) parseUrl('OPENSEARCH_URL', url, ['http:', 'https:']);
  return urls.join(',');
}

function parseCount(name: string, raw: string | undefined, fallback: number): number {
  if (raw === undefined || raw === '') return fallback;
  const value = Number(raw);
  if (!Number.isSafeInteger(value) || value < 0) throw new ConfigError(`${name} must be a whole number of at least 0, got "${raw}"`);
  return value;
}

function searchIndexLayout(env: NodeJS.ProcessEnv, opensearchUrl: string): SearchIndexLayout {
  const nodes = opensearchUrl.split(',').length;
  return {
    shards: parsePositiveInteger('OPENSEARCH_SHARDS', env.OPENSEARCH_SHARDS, 1),
    replicas: parseCount('OPENSEARCH_REPLICAS', env.OPENSEARCH_REPLICAS, nodes > 1 ? 1 : 0),
  };
}

function parsePositiveInteger(name: string, raw: string | undefined, fallback: number): number {
  if (raw === undefined || raw === '') return fallback;
  const value = Number(raw);
  if (!Number.isSafeInteger(value) || value <= 0) throw new ConfigError(`${name} must be a positive whole number, got "${raw}"`);
  return value;
}

/** One provider from `<NAME>_CLIENT_ID`, `<NAME>_CLIENT_SECRET` and its URLs; off without a client id. */
function oauthClient(env: NodeJS.ProcessEnv, name: 'ORCID' | 'GITHUB', issuerUrl: string, apiUrl: string): OAuthClientConfig | null {
  const clientId = env[`${name}_CLIENT_ID`] ?? '';
  if (clientId === '') return null;
  const clientSecret = env[`${name}_CLIENT_SECRET`] ?? '';
  if (clientSecret === '') throw new ConfigError(`${name}_CLIENT_SECRET must be set when ${name}_CLIENT_ID is`);
  return {
    clientId,
    clientSecret,
    issuerUrl: parseUrl(`${name}_ISSUER_URL`, env[`${name}_ISSUER_URL`] || issuerUrl, ['http:', 'https:']).replace(/\/$/, ''),
    apiUrl: parseUrl(`${name}_API_URL`, env[`${name}_API_URL`] || apiUrl, ['http:', 'https:']).replace(/\/$/, ''),
  };
}

function datacite(env: NodeJS.ProcessEnv): DataciteConfig | null {
  const repositoryId = env.DATACITE_REPOSITORY_ID ?? '';
  if (repositoryId === '') return null;
  const password = env.DATACITE_PASSWORD ?? '';
  const prefix = env.DATACITE_PREFIX ?? '';
  if (password === '') throw new ConfigError('DATACITE_PASSWORD must be set when DATACITE_REPOSITORY_ID is');
  if (!/^10\.\d{4,9}$/.test(prefix)) throw new ConfigError(`DATACITE_PREFIX must be a DOI prefix such as 10.25504, got "${prefix}"`);
  return {
    apiUrl: parseUrl('DATACITE_URL', env.DATACITE_URL || 'https://api.datacite.org', ['http:', 'https:']).replace(/\/$/, ''),
    prefix,
    repositoryId,
    password,
  };
}

/** `TRUST_PROXY`: entries separated by commas or spaces, each an address or CIDR range. */
function trustedProxyRanges(raw: string | undefined): string[] {
  const entries = (raw ?? '').split(/[\s,]+/).filter((entry) => entry !== '');
  try {
    return describeTrustedProxies(parseTrustedProxies(entries));
  } catch (error) {
    if (error instanceof TrustedProxyError) throw new ConfigError(`TRUST_PROXY: ${error.message} (list the load balancer's addresses or ranges, separated by commas)`);
    throw error;
  }
}

/** Shorter tokens could be guessed by asking. */
export const MIN_METRICS_TOKEN_LENGTH = 16;

function metricsAccess(env: NodeJS.ProcessEnv): MetricsAccess {
  const token = env.METRICS_TOKEN ?? '';
  if (token !== '' && token.length < MIN_METRICS_TOKEN_LENGTH) {
    throw new ConfigError(`METRICS_TOKEN must be at least ${MIN_METRICS_TOKEN_LENGTH} characters (a random value, e.g. from \`openssl rand -hex 24\`)`);
  }
  const port = env.METRICS_PORT === undefined || env.METRICS_PORT === '' ? null : parsePort(env.METRICS_PORT, 0, 'METRICS_PORT');
  return { port, token: token === '' ? null : token };
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
  const opensearchUrl = parseNodeUrls(env.OPENSEARCH_URL || 'http://127.0.0.1:9200');
  return {
    databaseUrl: parseUrl(
      'DATABASE_URL',
      env.DATABASE_URL || 'postgres://postgres@127.0.0.1:5432/registry',
      ['postgres:', 'postgresql:'],
    ),
    redisUrl: parseUrl('REDIS_URL', env.REDIS_URL || 'redis://127.0.0.1:6379', ['redis:', 'rediss:']),
    opensearchUrl,
    searchIndexLayout: searchIndexLayout(env, opensearchUrl),
    port,
    host: env.HOST || '0.0.0.0',
    trustProxy: trustedProxyRanges(env.TRUST_PROXY),
    metrics: metricsAccess(env),
    siteName: env.SITE_NAME || 'FAIRsharing',
    indexPrefix: env.INDEX_PREFIX ?? 'registry_',
    queuePrefix: env.QUEUE_PREFIX || 'registry',
    jwtSecret: jwtSecret(env),
    publicUrl: (env.PUBLIC_URL || `http://localhost:${port}`).replace(/\/$/, ''),
    maintenanceMode: parseFlag(env.MAINTENANCE_MODE),
    readOnlyMode: parseFlag(env.READ_ONLY_MODE),
    smtpUrl: parseUrl('SMTP_URL', env.SMTP_URL || 'smtp://127.0.0.1:1025', ['smtp:', 'smtps:']),
    mailFrom: env.MAIL_FROM || `${env.SITE_NAME || 'FAIRsharing'} <no-reply@registry.localhost>`,
    sessionLifetimeSeconds: parsePositiveInteger('SESSION_LIFETIME_SECONDS', env.SESSION_LIFETIME_SECONDS, 7 * 24 * 3600),
    digestCheckIntervalMs: parsePositiveInteger('DIGEST_CHECK_INTERVAL_MS', env.DIGEST_CHECK_INTERVAL_MS, 5 * 60 * 1000),
    orcid: oauthClient(env, 'ORCID', 'https://orcid.org', 'https://pub.orcid.org'),
    github: oauthClient(env, 'GITHUB', 'https://github.com', 'https://api.github.com'),
    publicationResolvers: {
      crossrefUrl: parseUrl('CROSSREF_URL', env.CROSSREF_URL || 'https://api.crossref.org', ['http:', 'https:']).replace(/\/$/, ''),
      ncbiUrl: parseUrl('NCBI_EUTILS_URL', env.NCBI_EUTILS_URL || 'https://eutils.ncbi.nlm.nih.gov/entrez/eutils', ['http:', 'https:']).replace(/\/$/, ''),
      zenodoUrl: parseUrl('ZENODO_API_URL', env.ZENODO_API_URL || 'https://zenodo.org/api', ['http:', 'https:']).replace(/\/$/, ''),
    },
    publicationLookupWaitMs: parsePositiveInteger('PUBLICATION_LOOKUP_WAIT_MS', env.PUBLICATION_LOOKUP_WAIT_MS, 10_000),
    datacite: datacite(env),
    egressAllow: (env.EGRESS_ALLOW ?? '').split(',').map((entry) => entry.trim().toLowerCase()).filter((entry) => entry !== ''),
    linkCheckPeriodMs: parsePositiveInteger('LINK_CHECK_PERIOD_HOURS', env.LINK_CHECK_PERIOD_HOURS, 72) * 3_600_000,
    linkBrokenDays: parsePositiveInteger('LINK_BROKEN_DAYS', env.LINK_BROKEN_DAYS, 7),
    linkCheckProbeHost: env.LINK_CHECK_PROBE_HOST || 'example.org',
    webhooks: {
      retryAttempts: parsePositiveInteger('WEBHOOK_RETRY_ATTEMPTS', env.WEBHOOK_RETRY_ATTEMPTS, 15),
      retryWindowMs: parsePositiveInteger('WEBHOOK_RETRY_WINDOW_SECONDS', env.WEBHOOK_RETRY_WINDOW_SECONDS, 86_400) * 1000,
      secretOverlapMs: parsePositiveInteger('WEBHOOK_SECRET_OVERLAP_SECONDS', env.WEBHOOK_SECRET_OVERLAP_SECONDS, 86_400) * 1000,
      disableAfterMs: parsePositiveInteger('WEBHOOK_DISABLE_AFTER_SECONDS', env.WEBHOOK_DISABLE_AFTER_SECONDS, 86_400) * 1000,
      fastLaneMs: parsePositiveInteger('WEBHOOK_FAST_LANE_MS', env.WEBHOOK_FAST_LANE_MS, 1_000),
      maxPerAccount: parsePositiveInteger('WEBHOOK_MAX_PER_ACCOUNT', env.WEBHOOK_MAX_PER_ACCOUNT, 20),
      maxPerHost: parsePositiveInteger('WEBHOOK_MAX_PER_HOST', env.WEBHOOK_MAX_PER_HOST, 5),
    },
  };
}

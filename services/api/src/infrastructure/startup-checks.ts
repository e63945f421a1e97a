/**
 * Start-up check: every backing service answers within a few seconds, or the server does not
 * start and says which one is missing (runCli prints the message as one line).
 */
import { Redis } from 'ioredis';
import {
  createDatabase,
  pingDatabase,
  createSearchClient,
  ServiceUnavailableError,
  type RegistryConfig,
} from '@registry/platform';

const STARTUP_CHECK_TIMEOUT_MS = 5_000;

async function within<T>(what: string, work: Promise<T>): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  try {
    return await Promise.race([
      work,
      new Promise<never>((_, reject) => {
        timer = setTimeout(
          () => reject(new ServiceUnavailableError(`${what} did not answer within ${STARTUP_CHECK_TIMEOUT_MS / 1000} s`)),
          STARTUP_CHECK_TIMEOUT_MS,
        );
      }),
    ]);
  } finally {
    clearTimeout(timer);
  }
}

function reason(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

/** Fails with a ServiceUnavailableError naming the first service that does not answer. */
export async function checkServices(config: RegistryConfig): Promise<void> {
  const db = createDatabase(config.databaseUrl, { min: 0, max: 1 });
  try {
    await within(`Postgres at ${new URL(config.databaseUrl).host}`, pingDatabase(db));
  } catch (error) {
    throw error instanceof ServiceUnavailableError
      ? error
      : new ServiceUnavailableError(`cannot reach Postgres (DATABASE_URL): ${reason(error)}`);
  } finally {
    await db.destroy();
  }

  const search = createSearchClient(config);
  try {
    await within(`OpenSearch at ${config.opensearchUrl}`, search.ping({}, { requestTimeout: STARTUP_CHECK_TIMEOUT_MS, maxRetries: 0 }));
  } catch (error) {
    throw error instanceof ServiceUnavailableError
      ? error
      : new ServiceUnavailableError(`cannot reach OpenSearch at ${config.opensearchUrl} (OPENSEARCH_URL): ${reason(error)}`);
  } finally {
    await search.close();
  }

  const redis = new Redis(config.redisUrl, { lazyConnect: true, maxRetriesPerRequest: 0, retryStrategy: () => null });
  redis.on('error', () => undefined);
  try {
    await within(`Redis at ${config.redisUrl}`, redis.connect().then(() => redis.ping()));
  } catch (error) {
    throw error instanceof ServiceUnavailableError
      ? error
      : new ServiceUnavailableError(`cannot reach Redis at ${config.redisUrl} (REDIS_URL): ${reason(error)}`);
  } finally {
    redis.disconnect();
  }
}

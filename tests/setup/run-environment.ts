/**
 * Names of everything one test run owns (database, index prefix, queue prefix), so that
 * concurrent runs on one machine never see each other's data.
 */
import { randomBytes } from 'node:crypto';

export interface RunEnvironment {
  DATABASE_URL: string;
  REDIS_URL: string;
  OPENSEARCH_URL: string;
  INDEX_PREFIX: string;
  QUEUE_PREFIX: string;
  TEST_RUN_ID: string;
  /** Tests sign with their own secret, never the machine's `.local/jwt-secret`. */
  JWT_SECRET: string;
}

const postgresBase = process.env.TEST_POSTGRES_URL || 'postgres://postgres@127.0.0.1:5432';

export function runEnvironment(runId: string, suffix = ''): RunEnvironment {
  const name = `t_${runId}${suffix ? `_${suffix}` : ''}`.toLowerCase().replace(/[^a-z0-9_]/g, '_');
  return {
    DATABASE_URL: `${postgresBase}/registry_${name}`,
    REDIS_URL: process.env.REDIS_URL || 'redis://127.0.0.1:6379',
    OPENSEARCH_URL: process.env.OPENSEARCH_URL || 'http://127.0.0.1:9200',
    INDEX_PREFIX: `${name}_`,
    QUEUE_PREFIX: `registry_${name}`,
    TEST_RUN_ID: runId,
    JWT_SECRET: randomBytes(48).toString('base64url'),
  };
}

export function newRunId(): string {
  return `${Date.now().toString(36)}${process.pid.toString(36)}`;
}

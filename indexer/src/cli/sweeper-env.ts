import { ConfigError } from '@registry/platform';
import type { SweeperOptions } from '../sweeper.ts';

function milliseconds(env: NodeJS.ProcessEnv, name: string): number | undefined {
  const raw = env[name];
  if (raw === undefined || raw === '') return undefined;
  const value = Number(raw);
  if (!Number.isInteger(value) || value < 0) throw new ConfigError(`${name} must be a whole number of milliseconds, got "${raw}"`);
  return value;
}

export function sweeperOptionsFromEnv(env: NodeJS.ProcessEnv): Partial<SweeperOptions> {
  const options: Partial<SweeperOptions> = {};
  const intervalMs = milliseconds(env, 'INDEXER_SWEEP_INTERVAL_MS');
  const minAgeMs = milliseconds(env, 'INDEXER_SWEEP_MIN_AGE_MS');
  if (intervalMs !== undefined) options.intervalMs = intervalMs;
  if (minAgeMs !== undefined) options.minAgeMs = minAgeMs;
  return options;
}

/** The roles' settings from the environment, checked like the rest of the configuration. */
import { ConfigError } from '@registry/platform';

function wholeNumber(env: NodeJS.ProcessEnv, name: string, max = Number.MAX_SAFE_INTEGER): number | undefined {
  const raw = env[name];
  if (raw === undefined || raw === '') return undefined;
  const value = Number(raw);
  if (!Number.isInteger(value) || value < 0 || value > max) throw new ConfigError(`${name} must be a whole number from 0 to ${max}, got "${raw}"`);
  return value;
}

/** HEALTH_PORT: the worker's or scheduler's /healthz, /readyz and /metrics (0: any free port; unset: none). */
export function healthPortFromEnv(env: NodeJS.ProcessEnv): number | undefined {
  return wholeNumber(env, 'HEALTH_PORT', 65535);
}

/** SCHEDULER_ELECTION_INTERVAL_MS: how often a waiting scheduler tries to lead [2000]. */
export function electionIntervalFromEnv(env: NodeJS.ProcessEnv): number | undefined {
  return wholeNumber(env, 'SCHEDULER_ELECTION_INTERVAL_MS');
}

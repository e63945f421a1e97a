/** Every test worker sees the run's connection settings through the ordinary environment variables. */
import { inject } from 'vitest';

Object.assign(process.env, inject('registryEnv'));

// The suites lift the door for clients refused as too costly, as they lift the rate limit: many
// send a refused request and then another. tests/api/refusal-backoff.test.ts closes it on purpose.
process.env.REFUSAL_BACKOFF_MS ??= '0';

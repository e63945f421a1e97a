/** Every test worker sees the run's connection settings through the ordinary environment variables. */
import { inject } from 'vitest';

Object.assign(process.env, inject('registryEnv'));

// The suites lift the door for clients refused as too costly, as they lift the rate limit: many
// send a refused request and then another. tests/api/refusal-backoff.test.ts closes it on purpose.
process.env.REFUSAL_BACKOFF_MS ??= '0';

// Each app a test builds keeps its own rate limit counts (many build one with a limit of 1 and
// call it from the same address); tests/cluster/shared-limits.test.ts shares them in Redis.
process.env.RATE_LIMIT_STORE ??= 'memory';

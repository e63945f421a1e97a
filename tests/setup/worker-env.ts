/** Every test worker sees the run's connection settings through the ordinary environment variables. */
import { inject } from 'vitest';

Object.assign(process.env, inject('registryEnv'));

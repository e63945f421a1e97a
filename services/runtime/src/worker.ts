/** `npm run worker`: the worker role alone (HEALTH_PORT for /healthz, /readyz, /metrics). */
import { loadConfig } from '@registry/platform';
import { runRolesUntilSignalled } from '@registry/platform/process-roles.ts';
import { healthPortFromEnv } from './role-env.ts';
import { createRoleLogger } from './role-logger.ts';
import { startWorkerRole } from './worker-role.ts';

runRolesUntilSignalled(async () => [await startWorkerRole(loadConfig(), { logger: createRoleLogger('worker'), healthPort: healthPortFromEnv(process.env) })]);

/** `npm run scheduler`: the scheduler role alone (HEALTH_PORT for /healthz, /readyz, /metrics). */
import { sweeperOptionsFromEnv } from '@registry/indexer/src/cli/sweeper-env.ts';
import { loadConfig } from '@registry/platform';
import { runRolesUntilSignalled } from '@registry/platform/process-roles.ts';
import { electionIntervalFromEnv, healthPortFromEnv } from './role-env.ts';
import { createRoleLogger } from './role-logger.ts';
import { startSchedulerRole } from './scheduler-role.ts';

runRolesUntilSignalled(async () => [
  await startSchedulerRole(loadConfig(), {
    logger: createRoleLogger('scheduler'),
    healthPort: healthPortFromEnv(process.env),
    electionIntervalMs: electionIntervalFromEnv(process.env),
    sweeper: sweeperOptionsFromEnv(process.env),
  }),
]);

/**
 * `npm start`'s server: the api, worker and scheduler roles in one process (the convenience of a
 * single machine; a cluster runs each role as its own processes, docs/deployment.md). The API's
 * /readyz and /metrics cover the process.
 */
import { drainMsFromEnv, startApiServer } from '@registry/api/api-server.ts';
import { sweeperOptionsFromEnv } from '@registry/indexer/src/cli/sweeper-env.ts';
import { loadConfig } from '@registry/platform';
import { runRolesUntilSignalled } from '@registry/platform/process-roles.ts';
import { createRoleLogger } from './role-logger.ts';
import { startSchedulerRole } from './scheduler-role.ts';
import { startWorkerRole } from './worker-role.ts';

runRolesUntilSignalled(async () => {
  const config = loadConfig();
  const api = await startApiServer(config, { drainMs: drainMsFromEnv(process.env) });
  const worker = await startWorkerRole(config, { logger: createRoleLogger('worker') });
  const scheduler = await startSchedulerRole(config, { logger: createRoleLogger('scheduler'), sweeper: sweeperOptionsFromEnv(process.env) });
  return [api, worker, scheduler];
});

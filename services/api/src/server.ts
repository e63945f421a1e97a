/**
 * The `api` role alone (`npm run api` runs its build): the HTTP server, stateless, any number
 * behind a load balancer. Index jobs and schedules run in the `worker` and `scheduler` roles
 * (`services/runtime/`); `npm start` runs all three in one process.
 * A bad configuration or an unreachable service ends with one clear line.
 */
import { loadConfig } from '@registry/platform';
import { runRolesUntilSignalled } from '@registry/platform/process-roles.ts';
import { drainMsFromEnv, startApiServer } from './api-server.ts';

runRolesUntilSignalled(async () => [await startApiServer(loadConfig(), { drainMs: drainMsFromEnv(process.env) })]);

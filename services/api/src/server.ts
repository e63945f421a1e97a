/**
 * Starts the registry server: checks that Postgres, OpenSearch and Redis answer, builds the app,
 * listens on PORT, and runs the indexer worker in the same process unless INDEXER=off.
 * A bad configuration or an unreachable service ends with one clear line.
 */
import { loadConfig, runCli, type RegistryConfig } from '@registry/platform';
import { startIndexer, type RunningIndexer } from '@registry/indexer/src/worker.ts';
import { buildApp } from './app.ts';
import { checkServices } from './plugins/startup-checks.ts';
import { scheduleChangeDigests } from './watching/digest-schedule.ts';
import { scheduleDoiMinting } from './dois/doi-schedule.ts';

/** The indexer worker runs inside the server process unless INDEXER=off (then run `npm run indexer`). */
async function startInProcessIndexer(config: RegistryConfig): Promise<RunningIndexer | undefined> {
  if (process.env.INDEXER === 'off') return undefined;
  return startIndexer(config);
}

async function main(): Promise<void> {
  const config = loadConfig();
  await checkServices(config);
  const app = await buildApp({ config });
  const indexer = await startInProcessIndexer(config);
  if (indexer) app.addHook('onClose', async () => indexer.stop());
  scheduleChangeDigests(app);
  scheduleDoiMinting(app);

  for (const signal of ['SIGINT', 'SIGTERM'] as const) {
    process.once(signal, () => {
      app.log.info(`${signal}: closing`);
      app.close().then(
        () => process.exit(0),
        () => process.exit(1),
      );
    });
  }

  await app.listen({ port: config.port, host: config.host });
  // Keep running until a signal closes the app (runCli exits when main resolves).
  await new Promise<void>(() => undefined);
}

runCli(main);

/**
 * Starts the registry server: checks that Postgres, OpenSearch and Redis answer, builds the app,
 * listens on PORT, and runs the indexer worker in the same process unless INDEXER=off.
 * A bad configuration or an unreachable service ends with one clear line.
 */
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { loadConfig, runCli, type RegistryConfig } from '@registry/platform';
import { buildApp } from './app.ts';
import { checkServices } from './plugins/startup-checks.ts';

interface RunningIndexer {
  close(): Promise<void>;
}

/** The in-process indexer worker (indexer/src/worker.ts), when that module is present. */
async function startInProcessIndexer(config: RegistryConfig): Promise<RunningIndexer | undefined> {
  if (process.env.INDEXER === 'off') return undefined;
  const workerUrl = new URL('../../../indexer/src/worker.ts', import.meta.url);
  if (!existsSync(fileURLToPath(workerUrl))) return undefined;
  const module = (await import(workerUrl.href)) as {
    startIndexer?: (config: RegistryConfig) => Promise<RunningIndexer>;
  };
  return module.startIndexer ? module.startIndexer(config) : undefined;
}

async function main(): Promise<void> {
  const config = loadConfig();
  await checkServices(config);
  const app = await buildApp({ config });
  const indexer = await startInProcessIndexer(config);
  if (indexer) app.addHook('onClose', async () => indexer.close());

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

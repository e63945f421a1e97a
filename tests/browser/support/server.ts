/**
 * A real server for browser tests: the API app (`buildApp` from services/api) with the built
 * web app, against the run's shared catalogue, on an ephemeral port. `env` overrides settings
 * such as MAINTENANCE_MODE or READ_ONLY_MODE for one server.
 */
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import type { AddressInfo } from 'node:net';
import { loadConfig } from '@registry/platform';
import { REPO_ROOT } from './paths.ts';

export interface TestServer {
  /** Base URL without a trailing slash, e.g. http://127.0.0.1:41234 */
  url: string;
  close(): Promise<void>;
}

export const WEB_DIST_DIR = join(REPO_ROOT, 'web', 'dist');

export class WebBuildMissingError extends Error {
  override name = 'WebBuildMissingError';
}

export async function startTestServer(options: { env?: Record<string, string> } = {}): Promise<TestServer> {
  if (!existsSync(join(WEB_DIST_DIR, 'index.html'))) {
    throw new WebBuildMissingError('web/dist is missing: run `npm run build:web` before the browser tests');
  }
  const config = loadConfig({ ...process.env, ...options.env, PORT: '0' });
  const { buildApp } = await import('@registry/api/app.ts');
  const app = await buildApp({ config, logger: false, webDistDir: WEB_DIST_DIR, rateLimitMax: 100_000 });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const { port } = app.server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    async close() {
      await app.close();
    },
  };
}

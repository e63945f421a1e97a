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

/** The built app to serve; WEB_DIST_DIR points a run at a build of its own (others may rebuild web/dist meanwhile). */
export const WEB_DIST_DIR = process.env.WEB_DIST_DIR || join(REPO_ROOT, 'web', 'dist');

export class WebBuildMissingError extends Error {
  override name = 'WebBuildMissingError';
}

/**
 * `webDistDir` serves a copy of the build instead of web/dist, so a long suite is not broken by
 * a rebuild of web/dist while it runs (the server lists the build's files when it starts).
 * `port` is for a server whose own URL must be known before it starts (PUBLIC_URL, e.g. the
 * redirect address registered with a sign-in provider); see `freePort()`. `rateLimit` gives the
 * server a small rate limit (standard requests per window) instead of one no test reaches.
 */
export async function startTestServer(
  options: { env?: Record<string, string>; webDistDir?: string; port?: number; rateLimit?: { max: number; windowMs: number } } = {},
): Promise<TestServer> {
  const webDistDir = options.webDistDir ?? WEB_DIST_DIR;
  if (!existsSync(join(webDistDir, 'index.html'))) {
    throw new WebBuildMissingError('web/dist is missing: run `npm run build:web` before the browser tests');
  }
  const port = options.port ?? 0;
  const config = loadConfig({ ...process.env, ...options.env, PORT: String(port) });
  const { buildApp } = await import('@registry/api/app.ts');
  const app = await buildApp({
    config,
    logger: false,
    webDistDir,
    rateLimitMax: options.rateLimit?.max ?? 100_000,
    rateLimitWindowMs: options.rateLimit?.windowMs,
  });
  await app.listen({ port, host: '127.0.0.1' });
  return {
    url: `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`,
    async close() {
      await app.close();
    },
  };
}


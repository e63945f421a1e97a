/** Builds the API app for a test (no port, no log output) and closes it afterwards. */
import type { FastifyInstance } from 'fastify';
import type { RegistryConfig } from '@registry/platform';
import { buildApp, type BuildAppOptions } from '@registry/api';

export async function buildTestApp(
  config: RegistryConfig,
  options: Omit<BuildAppOptions, 'config'> = {},
): Promise<FastifyInstance> {
  const app = await buildApp({ config, logger: false, rateLimitMax: 1_000_000, ...options });
  await app.ready();
  return app;
}

/** The request headers a browser sends when it navigates to a page. */
export const BROWSER_NAVIGATION = {
  accept: 'text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8',
};

export const JSON_CLIENT = { accept: 'application/json' };

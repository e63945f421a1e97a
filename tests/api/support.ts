/** Builds the API app for a test (no port, no log output) and closes it afterwards; a stand-in web build for it. */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
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

/** The page of a stand-in web build when a test does not give its own. */
export const BARE_INDEX_HTML = '<!doctype html><html><head><title>Registry</title></head><body><div id="root"></div></body></html>';

/**
 * A stand-in web build for `buildTestApp({ webDistDir })`: a temporary folder holding `files`
 * (path inside the build → content; `index.html` is BARE_INDEX_HTML unless given). Remove it with removeWebBuild.
 */
export function fakeWebBuild(files: Record<string, string> = {}): string {
  const dir = mkdtempSync(join(tmpdir(), 'registry-web-dist-'));
  for (const [path, content] of Object.entries({ 'index.html': BARE_INDEX_HTML, ...files })) {
    mkdirSync(dirname(join(dir, path)), { recursive: true });
    writeFileSync(join(dir, path), content);
  }
  return dir;
}

export function removeWebBuild(dir: string | undefined): void {
  if (dir) rmSync(dir, { recursive: true, force: true });
}

/** OpenAPI document generated from the route schemas, browsable at /api/docs (JSON at /api/docs/json). */
import fp from 'fastify-plugin';
import fastifySwagger from '@fastify/swagger';
import fastifySwaggerUi from '@fastify/swagger-ui';
import { readFileSync } from 'node:fs';
import { Readable } from 'node:stream';
import { fileURLToPath } from 'node:url';
import { compress, isCompressible, preferredEncoding, varyOnAcceptEncoding, type Encoding } from '../http/compression.ts';
import { pathOf } from '../routes/api-paths.ts';

const DOCS_PREFIX = '/api/docs';
const DOCS_PAGE = /^\/api\/docs\/?$/;
const DOCS_FILES = `${DOCS_PREFIX}/static/`;
const STANDALONE_PRESET_SCRIPT = /<script src="[^"]*\/swagger-ui-standalone-preset\.js"[^>]*>\s*<\/script>/;
const VIEWPORT = '<meta name="viewport" content="width=device-width, initial-scale=1">';

/**
 * Swagger UI's own CSP, minus two things: `upgrade-insecure-requests` (the page must work on a
 * server reached over plain http) and styles from any https origin (it sets inline styles at
 * run time, as the web app does, and needs nothing from elsewhere).
 */
function docsCsp(header: string): string {
  return header
    .split(';')
    .map((directive) => directive.trim())
    .filter((directive) => directive !== '' && directive !== 'upgrade-insecure-requests')
    .map((directive) => (directive.startsWith('style-src ') ? "style-src 'self' 'unsafe-inline'" : directive))
    .join('; ');
}

/** Swagger UI is laid out for desktops: on a phone its operation rows and tables overflow. */
const NARROW_SCREEN_CSS = readFileSync(fileURLToPath(new URL('./docs-narrow-screens.css', import.meta.url)), 'utf8');

export interface DocsPluginOptions {
  siteName: string;
  publicUrl: string;
}

export const docsPlugin = fp<DocsPluginOptions>(
  async (app, options) => {
    await app.register(fastifySwagger, {
      openapi: {
        openapi: '3.0.3',
        info: {
          title: `${options.siteName} REST API`,
          description:
            'Open REST API of the registry. Search and record pages are also available through GraphQL at /graphql (explore it at /graphiql).',
          version: '1.0.0',
        },
        servers: [{ url: options.publicUrl }],
        components: {
          securitySchemes: { bearerAuth: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' } },
        },
      },
    });
    await app.register(fastifySwaggerUi, {
      routePrefix: DOCS_PREFIX,
      // Swagger UI's own script and style files, with the CSP they need (as docsCsp adjusts it).
      staticCSP: true,
      transformStaticCSP: docsCsp,
      // No top bar: its "Explore" box loads any other API description into our page.
      uiConfig: { layout: 'BaseLayout' },
      uiHooks: {
        // Swagger UI redirects /static/index.html to the docs, but only without a query string:
        // with one (`?url=x`) it redirected to itself forever.
        onRequest: async (request, reply) => {
          if (request.routeOptions.url === `${DOCS_PREFIX}/static/index.html`) return reply.redirect(`${DOCS_PREFIX}/`);
        },
      },
      theme: {
        title: `${options.siteName} REST API`,
        css: [{ filename: 'narrow-screens.css', content: NARROW_SCREEN_CSS }],
        // The base layout needs nothing of the standalone preset (its top bar and layout), which
        // the page's script still names: an empty preset stands in for its 250 KB script.
        js: [{ filename: 'no-standalone-preset.js', content: 'window.SwaggerUIStandalonePreset = function () { return []; };\n' }],
      },
    });
    // Swagger UI's files (1.9 MB of script and style) are streamed from its package, which the
    // compression hook leaves alone: each file is compressed once, on its first request, and the
    // copy kept for this process (the package's few files never change while it runs).
    const compressedFiles = new Map<string, Promise<Buffer>>();
    app.addHook('onSend', async (request, reply, payload) => {
      if (!(payload instanceof Readable) || request.method !== 'GET' || reply.statusCode !== 200) return payload;
      const path = pathOf(request.url);
      if (!path.startsWith(DOCS_FILES) || !isCompressible(reply)) return payload;
      varyOnAcceptEncoding(reply);
      const encoding: Encoding | undefined = preferredEncoding(request);
      if (!encoding) return payload;
      const key = `${encoding} ${path}`;
      let compressed = compressedFiles.get(key);
      if (compressed) {
        payload.destroy();
      } else {
        compressed = payload.toArray().then((chunks: Buffer[]) => compress(encoding, Buffer.concat(chunks)));
        compressedFiles.set(key, compressed);
        compressed.catch(() => compressedFiles.delete(key));
      }
      reply.header('content-encoding', encoding).removeHeader('content-length');
      return compressed;
    });
    // Swagger UI's page has no viewport declaration, so phones would lay it out 980 px wide; and
    // it loads the standalone preset, which the base layout does not use (see theme.js above).
    app.addHook('onSend', async (request, _reply, payload) => {
      if (typeof payload !== 'string' || !DOCS_PAGE.test(request.routeOptions.url ?? '')) return payload;
      return payload
        .replace('<meta charset="UTF-8">', (charset) => `${charset}\n      ${VIEWPORT}`)
        .replace(STANDALONE_PRESET_SCRIPT, '');
    });
  },
  { name: 'registry-docs' },
);

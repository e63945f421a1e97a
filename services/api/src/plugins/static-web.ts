/**
 * Serves the built web app (`web/dist`) from the same origin as the API, and is the 404 handler:
 * a browser asking for a path that is not an API route gets `index.html` (the app routes it and
 * shows its own 404 page); everything else gets the JSON 404.
 */
import fp from 'fastify-plugin';
import fastifyStatic from '@fastify/static';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { FastifyReply } from 'fastify';
import { sendError } from './errors.ts';
import { isApiPath, isBrowserNavigation, pathOf, requestAudience } from '../routes/api-paths.ts';
import { earlyAnswerElement, earlySearchAnswer } from './early-search-answer.ts';
import { loadWebPageHtml } from './web-page-html.ts';

export interface StaticWebPluginOptions {
  /** Folder of the built web app; when it has no index.html only the API is served. */
  webDistDir: string;
}

/** Vite puts content-hashed files under assets/: they never change, so they cache for a year. */
const HASHED_ASSET = /[\\/]assets[\\/]/;

export const staticWebPlugin = fp<StaticWebPluginOptions>(
  async (app, options) => {
    const indexPath = join(options.webDistDir, 'index.html');
    const indexHtml = existsSync(indexPath) ? readFileSync(indexPath) : undefined;

    if (indexHtml) {
      await app.register(fastifyStatic, {
        root: options.webDistDir,
        prefix: '/',
        // Routes for the files present at start (a build is immutable), so unknown paths reach
        // the not-found handler below instead of a catch-all route.
        wildcard: false,
        // Another static registration (GraphiQL in mercurius) owns reply.sendFile.
        decorateReply: false,
        index: false,
        cacheControl: false,
        setHeaders: (reply, filePath) => {
          reply.header(
            'cache-control',
            HASHED_ASSET.test(filePath) ? 'public, max-age=31536000, immutable' : 'no-cache',
          );
        },
      });
    }

    const pages = indexHtml ? loadWebPageHtml(options.webDistDir, indexHtml) : undefined;
    /** The app's page for a URL; a search page's comes with the answer to its search. */
    const sendApp = async (reply: FastifyReply, url: string, method: string) => {
      const path = pathOf(url);
      const answer = method === 'GET' ? await earlySearchAnswer(app, path, url.slice(path.length + 1)) : null;
      const page = pages?.forPath(path, answer ? earlyAnswerElement(answer) : '');
      return reply.code(200).type('text/html; charset=utf-8').header('cache-control', 'no-cache').send(page);
    };

    if (indexHtml) {
      app.get('/', { schema: { hide: true } }, async (request, reply) => sendApp(reply, request.url, request.method));
      // Web pages that share a path with the API (e.g. /organisations) are answered before routing.
      app.addHook('onRequest', async (request, reply) => {
        if (
          isBrowserNavigation(request.method, request.headers.accept) &&
          isApiPath(pathOf(request.url)) &&
          requestAudience(request.method, request.url, request.headers.accept) === 'web'
        ) {
          return sendApp(reply, request.url, request.method);
        }
      });
    }

    app.setNotFoundHandler((request, reply) => {
      const wantsHtml = (request.method === 'GET' || request.method === 'HEAD') &&
        (request.headers.accept ?? '').includes('text/html');
      if (indexHtml && wantsHtml && requestAudience(request.method, request.url, request.headers.accept) === 'web') {
        return sendApp(reply, request.url, request.method);
      }
      return sendError(reply, 404, `No route for ${request.method} ${pathOf(request.url).slice(0, 200)}`);
    });
  },
  { name: 'registry-static-web' },
);

/**
 * Serves the built web app (`web/dist`) from the same origin as the API, and is the 404 handler.
 * A GET of a path that is not an API route gets the app's page (`*\/*` and `text/html`), with
 * the status the path deserves: 200 for a page of the app's route table
 * (@registry/schemas/web/page-paths.ts) and for a record an anonymous visitor may see, 404 for
 * anything else (the app shows its own 404 page). Record and DOI URLs also answer
 * `application/ld+json` with the record's JSON-LD, as DOI resolvers expect, and the linked-data
 * formats of record-page.ts (406 when a client takes none of them). Clients that take
 * neither get the JSON 404. A browser's page load past the rate limit gets the app's page with
 * the 429 status, never the JSON refusal.
 */
import fp from 'fastify-plugin';
import fastifyStatic from '@fastify/static';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { GRAPHQL_SDL_ELEMENT_ID } from '@registry/schemas/web/graphiql-page.ts';
import { webPathKind } from '@registry/schemas/web/page-paths.ts';
import { graphqlSchemaSdl } from '../graphql/schema-sdl.ts';
import { sendError } from '../kernel/error-answer.ts';
import { preferredMediaType } from '../kernel/media-type.ts';
import { isApiPath, isBrowserNavigation, pathOf, requestAudience } from '../routes/api-paths.ts';
import { earlyAnswerElement, earlySearchAnswer, jsonDataElement, type EarlyAnswer } from './early-search-answer.ts';
import { RECORD_MEDIA_TYPES, addSignposting, earlyRecordAnswer, findPublicRecord, recordDescriptionBody, recordPageHead, withdrawnPageHead } from './record-page.ts';
import type { WithdrawnRecord } from '../records/withdrawn-records.ts';
import { startupDataElement, startupDataSource } from './startup-data.ts';
import { recordPageUrl } from '../kernel/record-page-url.ts';
import { MAINTENANCE_MESSAGE } from '../http/site-mode.ts';
import { loadWebPageHtml, type PageHead } from './web-page-html.ts';

export interface StaticWebPluginOptions {
  /** Folder of the built web app; when it has no index.html only the API is served. */
  webDistDir: string;
}

/** Vite puts content-hashed files under assets/: they never change, so they cache for a year. */
const HASHED_ASSET = /[\\/]assets[\\/]/;

const PAGE_MEDIA_TYPES = ['text/html'];

/** What the rate limit throws past the allowance (its error answer, errorResponseBuilder in limits.ts). */
function isRateLimitRefusal(error: unknown): boolean {
  return typeof error === 'object' && error !== null && (error as { statusCode?: unknown }).statusCode === 429;
}

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
        // Pages are sent from memory below; nothing needs reply.sendFile.
        decorateReply: false,
        index: false,
        // The build writes .br and .gz copies of its text files (web/build/precompress.ts): the
        // one the browser takes is sent, with Content-Encoding and Vary: Accept-Encoding.
        preCompressed: true,
        cacheControl: false,
        setHeaders: (reply, filePath) => {
          reply.header(
            'cache-control',
            HASHED_ASSET.test(filePath) ? 'public, max-age=31536000, immutable' : 'no-cache',
          );
        },
      });
      // Browsers ask for /favicon.ico where a page names no icon (a JSON answer, the API docs' JSON).
      app.get('/favicon.ico', { schema: { hide: true } }, (_request, reply) => reply.redirect('/favicon.svg', 301));
    }

    const pages = indexHtml ? loadWebPageHtml(options.webDistDir, indexHtml) : undefined;
    const startupData = startupDataSource(app);
    /**
     * The app's page for a URL, with what its start-up needs; a search page's comes with the
     * answer to its search, a record page's with `pageAnswer`, the answer to its record query.
     */
    const sendApp = async (reply: FastifyReply, url: string, method: string, statusCode = 200, head: PageHead = {}, pageAnswer?: Promise<EarlyAnswer | null>) => {
      const path = pathOf(url);
      const isGet = method === 'GET';
      const [startup, answer] = await Promise.all([
        isGet ? startupData.read() : null,
        isGet ? (pageAnswer ?? (statusCode === 200 ? earlySearchAnswer(app, reply.request, path, url.slice(path.length + 1)) : null)) : null,
      ]);
      const extraHead = [head.extraHead, startup && startupDataElement(startup), answer && earlyAnswerElement(answer)].filter(Boolean).join('\n    ');
      const page = pages?.forPath(path, { ...head, extraHead });
      return reply.code(statusCode).type('text/html; charset=utf-8').header('cache-control', 'no-cache').header('vary', 'Accept').send(page);
    };

    // A record page or its JSON-LD reads Postgres, so it counts against the client's rate limit
    // like an API call (429 past it); pages that read nothing stay exempt.
    const countedByRateLimit = app.rateLimit();

    /** A withdrawn record's URL: 410 Gone with its tombstone (the app's page shows it; linked data says it is deprecated and replaced). */
    const answerWithdrawn = async (request: FastifyRequest, reply: FastifyReply, withdrawn: WithdrawnRecord, mediaType: string) => {
      if (withdrawn.successor) reply.header('link', `<${withdrawn.successor.url}>; rel="successor-version"`);
      if (mediaType === 'text/html' && indexHtml) {
        const answer = request.method === 'GET' ? earlyRecordAnswer(app, String(withdrawn.id)) : undefined;
        return sendApp(reply, request.url, request.method, 410, withdrawnPageHead(withdrawn, app.config), answer);
      }
      const document = await app.linkedData.withdrawnDescription(withdrawn, mediaType);
      if (document === null) return sendError(reply, 410, `Record ${withdrawn.id} was withdrawn on ${withdrawn.withdrawnAt.slice(0, 10)}: ${withdrawn.reason}`);
      return reply.code(410).type(`${mediaType}; charset=utf-8`).header('cache-control', 'no-cache').header('vary', 'Accept').send(document);
    };

    /** A record or DOI URL: its page (404 when no public record has that id), or its JSON-LD. */
    const answerRecordPath = async (request: FastifyRequest, reply: FastifyReply, identifier: string, mediaType: string) => {
      const wantsPage = mediaType === 'text/html';
      try {
        await countedByRateLimit.call(app, request, reply);
      } catch (refusal) {
        // A browser's page load past the limit gets the app's page (429, with retry-after), not
        // the JSON refusal: the app says calmly that it waits and asks for the record once it may.
        if (wantsPage && indexHtml && isRateLimitRefusal(refusal)) return sendApp(reply, request.url, request.method, 429);
        throw refusal;
      }
      if (app.config.maintenanceMode) {
        return wantsPage && indexHtml ? sendApp(reply, request.url, request.method) : sendError(reply, 503, MAINTENANCE_MESSAGE);
      }
      let found: Awaited<ReturnType<typeof findPublicRecord>>;
      try {
        found = await findPublicRecord(app, identifier);
      } catch (error) {
        request.log.error({ err: error }, 'record page lookup failed');
        return wantsPage && indexHtml
          ? sendApp(reply, request.url, request.method, 503)
          : sendError(reply, 503, 'The record cannot be read right now. Please try again later.');
      }
      if (found?.state === 'moved') return reply.redirect(recordPageUrl('', found.record.id), 301);
      if (found?.state === 'withdrawn') return answerWithdrawn(request, reply, found.withdrawn, mediaType);
      const record = found?.record ?? null;
      if (record) await addSignposting(app, reply, record);
      if (wantsPage && indexHtml) {
        if (!record) return sendApp(reply, request.url, request.method, 404);
        const answer = request.method === 'GET' ? earlyRecordAnswer(app, identifier) : undefined;
        return sendApp(reply, request.url, request.method, 200, recordPageHead(record, app.config), answer);
      }
      if (!record) return sendError(reply, 404, `No public record at ${pathOf(request.url).slice(0, 200)}`);
      const document = await recordDescriptionBody(app, record, mediaType);
      if (document === null) return sendError(reply, 404, `No public record at ${pathOf(request.url).slice(0, 200)}`);
      return reply.type(`${mediaType}; charset=utf-8`).header('cache-control', 'no-cache').header('vary', 'Accept').send(document);
    };

    // GraphiQL is a page of the same build (web/graphiql.html), under the site's CSP, offline.
    // It comes with the schema, so its editor and docs need no introspection query.
    const graphiqlPath = join(options.webDistDir, 'graphiql.html');
    if (existsSync(graphiqlPath)) {
      const graphiqlHtml = readFileSync(graphiqlPath, 'utf8');
      let graphiqlPage: string | undefined;
      app.get('/graphiql', { schema: { hide: true } }, async (_request, reply) => {
        graphiqlPage ??= graphiqlHtml.replace('</head>', () => `    ${jsonDataElement(GRAPHQL_SDL_ELEMENT_ID, graphqlSchemaSdl())}\n  </head>`);
        return reply.type('text/html; charset=utf-8').header('cache-control', 'no-cache').send(graphiqlPage);
      });
    }

    if (indexHtml) {
      // SPEC §2: every page is titled "<name> | <route name>", the home page before its script runs too.
      const homeHead: PageHead = { title: `${app.config.siteName} | Home` };
      app.get('/', { schema: { hide: true } }, async (request, reply) => sendApp(reply, request.url, request.method, 200, homeHead));
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

    app.setNotFoundHandler(async (request, reply) => {
      const path = pathOf(request.url);
      const isRead = request.method === 'GET' || request.method === 'HEAD';
      if (isRead && requestAudience(request.method, request.url, request.headers.accept) === 'web') {
        const target = webPathKind(path);
        const mediaType = preferredMediaType(request, target.kind === 'record' ? RECORD_MEDIA_TYPES : PAGE_MEDIA_TYPES);
        if (target.kind === 'record' && mediaType) return answerRecordPath(request, reply, target.identifier, mediaType);
        if (target.kind === 'record') return sendError(reply.header('vary', 'Accept'), 406, `A record is available as ${RECORD_MEDIA_TYPES.join(', ')}`);
        if (indexHtml && mediaType) return sendApp(reply, request.url, request.method, target.kind === 'page' ? 200 : 404);
      }
      return sendError(reply, 404, `No route for ${request.method} ${path.slice(0, 200)}`);
    });
  },
  { name: 'registry-static-web' },
);

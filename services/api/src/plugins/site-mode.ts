/**
 * Maintenance and read-only modes (SPEC §1, §4). The web app switches on the response headers
 * `maintenance: true` and `read-only: true`. In maintenance every API call answers 503 (the web
 * app itself still loads so it can show /maintenance); in read-only mode REST writes answer 423.
 * The hooks run after routing, so exemptions name the matched route (see api-paths.ts).
 */
import fp from 'fastify-plugin';
import { sendError } from './errors.ts';
import { HEALTH_ROUTE, READ_ONLY_ALLOWED_WRITES, requestAudience } from '../routes/api-paths.ts';

export interface SiteModePluginOptions {
  maintenanceMode: boolean;
  readOnlyMode: boolean;
}

export const MAINTENANCE_MESSAGE =
  'The site is undergoing maintenance. We hope to restore normal service as soon as possible.';

/** SPEC §1, the read-only banner text. */
export const READ_ONLY_MESSAGE =
  'The site currently only allows viewing of records and editing is disabled. We hope to restore normal service as soon as possible. Please accept our apologies for any inconvenience.';

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

export const siteModePlugin = fp<SiteModePluginOptions>(
  async (app, options) => {
    if (options.maintenanceMode) {
      app.addHook('onRequest', async (request, reply) => {
        reply.header('maintenance', 'true');
        if (request.routeOptions.url === HEALTH_ROUTE || request.method === 'OPTIONS') return;
        if (requestAudience(request.method, request.url, request.headers.accept) === 'web') return;
        return sendError(reply, 503, MAINTENANCE_MESSAGE);
      });
    }
    if (options.readOnlyMode) {
      app.addHook('onRequest', async (request, reply) => {
        reply.header('read-only', 'true');
        if (SAFE_METHODS.has(request.method)) return;
        if (request.routeOptions.url !== undefined && READ_ONLY_ALLOWED_WRITES.includes(request.routeOptions.url)) return;
        if (requestAudience(request.method, request.url, request.headers.accept) === 'web') return;
        return sendError(reply, 423, READ_ONLY_MESSAGE);
      });
    }
  },
  { name: 'registry-site-mode' },
);

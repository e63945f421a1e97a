/**
 * Maintenance and read-only modes (SPEC §1, §4). The web app switches on the response headers
 * `maintenance: true` and `read-only: true`. In maintenance every API call answers 503 (the web
 * app itself still loads so it can show /maintenance); in read-only mode REST writes answer 423.
 * A mode is on when the configuration forces it or when a super curator switched it on
 * (`PUT /api/site_modes`, stored in Postgres and re-read by every process every few seconds).
 * The switch itself stays open in both modes, so a mode can always be switched off.
 * The hooks run after routing, so exemptions name the matched route (see api-paths.ts).
 */
import fp from 'fastify-plugin';
import { sendError } from '../kernel/error-answer.ts';
import { SITE_MODES_ROUTE } from '../curation/site-mode-routes.ts';
import { OPERATIONS_ROUTES, READ_ONLY_ALLOWED_WRITES, requestAudience } from '../routes/api-paths.ts';

export interface SiteModePluginOptions {
  maintenanceMode: boolean;
  readOnlyMode: boolean;
  /** How often the stored modes are re-read (ms). */
  refreshMs?: number;
}

export interface SiteModes {
  maintenance: boolean;
  readOnly: boolean;
}

declare module 'fastify' {
  interface FastifyInstance {
    siteModes: {
      /** The modes in force in this process. */
      current(): SiteModes;
      /** Re-reads the stored modes now (after this process switched them). */
      refresh(): Promise<void>;
    };
  }
}

export const MAINTENANCE_MESSAGE =
  'The site is undergoing maintenance. We hope to restore normal service as soon as possible.';

/** SPEC §1, the read-only banner text. */
export const READ_ONLY_MESSAGE =
  'The site currently only allows viewing of records and editing is disabled. We hope to restore normal service as soon as possible. Please accept our apologies for any inconvenience.';

export const SITE_MODES_REFRESH_MS = 2000;

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

export const siteModePlugin = fp<SiteModePluginOptions>(
  async (app, options) => {
    let stored: SiteModes = { maintenance: false, readOnly: false };
    const current = (): SiteModes => ({ maintenance: options.maintenanceMode || stored.maintenance, readOnly: options.readOnlyMode || stored.readOnly });
    const refresh = async () => {
      const modes = await app.curation.storedSiteModes();
      stored = { maintenance: modes.maintenance, readOnly: modes.readOnly };
    };
    app.decorate('siteModes', { current, refresh });

    let timer: NodeJS.Timeout | undefined;
    // A database that cannot be read keeps the last modes known (the configured ones at first).
    const refreshQuietly = () => refresh().catch((error: unknown) => app.log.warn({ reason: error instanceof Error ? error.message : String(error) }, 'site modes not re-read'));
    app.addHook('onReady', async () => {
      await refreshQuietly();
      timer = setInterval(refreshQuietly, options.refreshMs ?? SITE_MODES_REFRESH_MS);
      timer.unref();
    });
    app.addHook('onClose', async () => clearInterval(timer));

    app.addHook('onRequest', async (request, reply) => {
      const modes = current();
      const route = request.routeOptions.url;
      if (modes.maintenance) {
        reply.header('maintenance', 'true');
        if (!(route && OPERATIONS_ROUTES.includes(route)) && route !== SITE_MODES_ROUTE && request.method !== 'OPTIONS'
          && requestAudience(request.method, request.url, request.headers.accept) !== 'web') {
          return sendError(reply, 503, MAINTENANCE_MESSAGE);
        }
      }
      if (modes.readOnly) {
        reply.header('read-only', 'true');
        if (SAFE_METHODS.has(request.method) || route === SITE_MODES_ROUTE) return;
        if (route !== undefined && READ_ONLY_ALLOWED_WRITES.includes(route)) return;
        if (requestAudience(request.method, request.url, request.headers.accept) === 'web') return;
        return sendError(reply, 423, READ_ONLY_MESSAGE);
      }
    });
  },
  { name: 'registry-site-mode' },
);

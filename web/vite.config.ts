import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import { routePreloads } from './build/route-preloads.ts';
import { precompress } from './build/precompress.ts';

/** Paths the API server answers; in development Vite forwards them to it (port 3000). */
const apiPaths = [
  '/graphql',
  '/graphiql',
  '/api',
  '/users',
  '/user_admin',
  '/user_roles',
  '/fairsharing_records',
  '/maintenance_requests',
  '/record_reviews',
  '/user_defined_tags',
  '/licence_links',
  '/publications',
  '/organisations/',
  '/grants',
  '/organisation_links',
  '/record_associations',
  '/messages',
  '/files',
  '/zenodo',
  '/homepage_stats',
  '/homepage_jsonld',
  '/saved_searches',
  '/sitemap.xml',
  '/site_config',
];

const apiTarget = process.env.API_URL || 'http://localhost:3000';

/** Server-rendered pages that must reach the API even when the browser asks for HTML. */
const serverPages = ['/graphiql', '/api/docs', '/sitemap.xml'];

/**
 * Some REST prefixes (/organisations, /users) are also app routes: a browser page load of
 * those stays with the app, only API calls are forwarded.
 */
function keepPageLoadsInApp(req: { method?: string; url?: string; headers: Record<string, unknown> }) {
  const accept = String(req.headers.accept ?? '');
  const url = req.url ?? '';
  if (req.method === 'GET' && accept.includes('text/html') && !serverPages.some((p) => url.startsWith(p))) {
    return '/index.html';
  }
  return undefined;
}

export default defineConfig({
  plugins: [react(), routePreloads(), precompress()],
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    // The manifest lets the bench script size what the first page needs.
    manifest: true,
    // The entry chunk (React, Chakra, the router and the shell, see codeSplitting) is ~610 KB raw
    // (sent brotli-compressed, see build/precompress.ts).
    chunkSizeWarningLimit: 700,
    rolldownOptions: {
      output: {
        // Everything the entry imports statically in one chunk: left to itself the bundler cut it
        // into twenty small shared chunks, and a first visit waited for them six at a time.
        codeSplitting: { groups: [{ name: 'index', tags: ['$initial'] }] },
      },
    },
  },
  server: {
    port: 5173,
    proxy: Object.fromEntries(apiPaths.map((path) => [path, { target: apiTarget, changeOrigin: true, bypass: keepPageLoadsInApp }])),
  },
});

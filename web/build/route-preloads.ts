/**
 * Build step: writes `dist/route-preloads.json`, the code a first visit of a route needs beyond
 * the entry (its lazily loaded screen chunk and that chunk's static imports). The server adds
 * these files as `<link rel="modulepreload">` to the page it sends for a matching path, so the
 * browser fetches the screen's code alongside the entry instead of after running it.
 * The patterns mirror the route table (src/app/routes.tsx) for the screens a visitor lands on.
 */
import type { OutputBundle, OutputChunk } from 'rolldown';
import type { Plugin } from 'vite';

export interface RoutePreload {
  /** Case-insensitive regular expression over the path (no query string). */
  pattern: string;
  /** Site-absolute URLs of the chunks to preload. */
  files: string[];
}

export const ROUTE_PRELOADS_FILE = 'route-preloads.json';

/** Landing routes and the module of their screen. */
const LANDING_SCREENS: readonly { pattern: string; module: string }[] = [
  { pattern: '^/$', module: 'src/home/HomePage.tsx' },
  { pattern: '^/(search|standards|databases|policies|collections)/?$', module: 'src/search/SearchPage.tsx' },
  { pattern: '^/(\\d+|FAIRsharing\\.[^/]+|10\\.25504/[^/]+)/?$', module: 'src/record/RecordPage.tsx' },
  { pattern: '^/organisations/?$', module: 'src/organisations/OrganisationsPage.tsx' },
  { pattern: '^/summary-statistics/?$', module: 'src/statistics/SummaryStatisticsPage.tsx' },
  { pattern: '^/timeline/?$', module: 'src/statistics/TimelinePage.tsx' },
  { pattern: '^/graph/[^/]+/?$', module: 'src/graph/GraphPage.tsx' },
  { pattern: '^/API_doc/?$', module: 'src/static/ApiDocPage.tsx' },
];

function chunks(bundle: OutputBundle): OutputChunk[] {
  return Object.values(bundle).filter((item): item is OutputChunk => item.type === 'chunk');
}

/** A chunk's file and, transitively, the files it imports statically. */
function withStaticImports(bundle: OutputBundle, file: string, into: Set<string>): Set<string> {
  const chunk = bundle[file];
  if (!chunk || chunk.type !== 'chunk' || into.has(file)) return into;
  into.add(file);
  for (const imported of chunk.imports) withStaticImports(bundle, imported, into);
  return into;
}

export function routePreloads(): Plugin {
  let base = '/';
  return {
    name: 'registry-route-preloads',
    apply: 'build',
    configResolved(config) {
      base = config.base;
    },
    generateBundle(_options, bundle) {
      const entry = chunks(bundle).find((chunk) => chunk.isEntry);
      if (!entry) return;
      // The entry's own imports are already preloaded by the page Vite writes.
      const loadedByEntry = withStaticImports(bundle, entry.fileName, new Set());
      const preloads: RoutePreload[] = LANDING_SCREENS.map(({ pattern, module }) => {
        const screen = chunks(bundle).find((chunk) => chunk.facadeModuleId?.replace(/\\/g, '/').endsWith(`/${module}`));
        if (!screen) this.error(`route-preloads: no chunk for ${module}`);
        const files = [...withStaticImports(bundle, screen.fileName, new Set())].filter((file) => !loadedByEntry.has(file));
        return { pattern, files: files.map((file) => `${base}${file}`) };
      });
      this.emitFile({ type: 'asset', fileName: ROUTE_PRELOADS_FILE, source: `${JSON.stringify(preloads, null, 2)}\n` });
    },
  };
}

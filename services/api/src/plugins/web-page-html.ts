/**
 * The HTML page of the web app for one path: the built `index.html`, plus
 * `<link rel="modulepreload">` for the code of the screen that path lands on, as the build's
 * `route-preloads.json` lists it (web/build/route-preloads.ts). The browser then fetches that
 * screen's code alongside the entry instead of after running it. Pages are built once per
 * route pattern; a build without the list gets the plain index.html everywhere.
 */
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

interface RoutePreload {
  pattern: string;
  files: string[];
}

export interface WebPageHtml {
  /** The page to send for a path (no query string), with `extraHead` added at the end of its head. */
  forPath(path: string, extraHead?: string): string;
}

function isRoutePreloadList(value: unknown): value is RoutePreload[] {
  return (
    Array.isArray(value) &&
    value.every(
      (entry: unknown) =>
        typeof entry === 'object' &&
        entry !== null &&
        typeof (entry as RoutePreload).pattern === 'string' &&
        Array.isArray((entry as RoutePreload).files) &&
        (entry as RoutePreload).files.every((file) => typeof file === 'string' && /^\/[\w./-]+$/.test(file)),
    )
  );
}

function readRoutePreloads(webDistDir: string): RoutePreload[] {
  const path = join(webDistDir, 'route-preloads.json');
  if (!existsSync(path)) return [];
  const parsed: unknown = JSON.parse(readFileSync(path, 'utf8'));
  if (!isRoutePreloadList(parsed)) throw new Error(`${path} is not a list of {pattern, files}`);
  return parsed;
}

export function loadWebPageHtml(webDistDir: string, indexHtml: Buffer): WebPageHtml {
  const html = indexHtml.toString('utf8');
  const pages = readRoutePreloads(webDistDir).map(({ pattern, files }) => {
    const links = files.map((file) => `    <link rel="modulepreload" crossorigin href="${file}">\n`).join('');
    return { pattern: new RegExp(pattern, 'i'), page: html.replace('</head>', `${links}  </head>`) };
  });
  return {
    forPath(path, extraHead = '') {
      const page = pages.find(({ pattern }) => pattern.test(path))?.page ?? html;
      return extraHead ? page.replace('</head>', `    ${extraHead}\n  </head>`) : page;
    },
  };
}

/**
 * The HTML page of the web app for one path: the built `index.html`, plus
 * `<link rel="modulepreload">` for the code of the screen that path lands on, as the build's
 * `route-preloads.json` lists it (web/build/route-preloads.ts). The browser then fetches that
 * screen's code alongside the entry instead of after running it. Pages are built once per
 * route pattern; a build without the list gets the plain index.html everywhere. A page may
 * bring its own title and description (a record's, for link previews).
 */
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { escapeMarkup } from '../kernel/escape-markup.ts';

interface RoutePreload {
  pattern: string;
  files: string[];
}

/** What one page changes in the head: plain text (escaped here), and markup added at its end. */
export interface PageHead {
  title?: string;
  description?: string;
  /** Markup, already escaped. */
  extraHead?: string;
}

export interface WebPageHtml {
  /** The page to send for a path (no query string), with its own head. */
  forPath(path: string, head?: PageHead): string;
}

const TITLE = /<title>[^<]*<\/title>/;
const DESCRIPTION = /<meta name="description" content="[^"]*"\s*\/?>/;

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
    forPath(path, { title, description, extraHead = '' } = {}) {
      let page = pages.find(({ pattern }) => pattern.test(path))?.page ?? html;
      // Replacer functions throughout, so a `$` in the text is never read as a pattern.
      if (title !== undefined) page = page.replace(TITLE, () => `<title>${escapeMarkup(title)}</title>`);
      let added = extraHead;
      if (description !== undefined) {
        const element = `<meta name="description" content="${escapeMarkup(description)}" />`;
        if (DESCRIPTION.test(page)) page = page.replace(DESCRIPTION, () => element);
        else added = `${element}\n    ${added}`.trimEnd();
      }
      return added ? page.replace('</head>', () => `    ${added}\n  </head>`) : page;
    },
  };
}

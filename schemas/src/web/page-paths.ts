/**
 * Every path the web app answers with a page (react-router patterns of web/src/app/routes.tsx,
 * which web/src/app/routes.test.ts keeps in step with this list), so the server can tell a page
 * from a path nobody serves and answer the latter with 404.
 */
import { OBJECT_TYPES_DOC_PATH, REDIRECTS } from './redirects.ts';

/**
 * The public pages without parameters (SPEC §2), in the order a sitemap lists them: the pages a
 * search engine should know besides the records.
 */
export const PUBLIC_STATIC_PAGES: readonly string[] = [
  '/',
  '/standards',
  '/databases',
  '/policies',
  '/collections',
  '/organisations',
  '/search',
  '/new',
  '/summary-statistics',
  '/communities',
  '/community_champions',
  '/community_champions/our_champions',
  '/communitycuration',
  '/stakeholders',
  '/timeline',
  '/licence',
  '/terms',
  '/educational',
  '/privacy',
  '/sustainability_and_preservation',
  '/API_doc',
];

/** Pages other than record pages and redirects. */
export const PAGE_PATHS: readonly string[] = [
  ...PUBLIC_STATIC_PAGES,
  '/advancedsearch',
  '/organisations/:id',
  '/browse/:id',
  '/graph/:id',
  OBJECT_TYPES_DOC_PATH,
  '/maintenance',
  '/error/404',
  '/error/500',
  '/accounts/login',
  '/accounts/signup',
  '/login_success',
  '/login_failure',
  '/users/confirmation',
  '/users/resendConfirmation',
  '/accounts/forgotPassword',
  '/users/password/edit',
  '/users/orcid/sendEmail',
  '/users/:id',
  '/accounts/profile',
  '/accounts/webhooks',
  '/profiles/edit',
  '/create',
  '/create-fairassist',
  '/curator',
  '/:id/edit',
  '/profiles/editPublicProfile/:id',
  '/profiles/usersList',
];

/** The DOI route first: react-router ranks the static `10.25504` segment above `/:id`. */
export const RECORD_PAGE_PATHS = ['/10.25504/:id', '/:id'] as const;

export type WebPath =
  | { kind: 'page' }
  /** `identifier` as `fairsharingRecord(id:)` takes it: a number, DOI, `FAIRsharing.x` or legacy id. */
  | { kind: 'record'; identifier: string }
  | { kind: 'unknown' };

/** Static segments match without letter case (react-router's default), `:name` any one segment. */
function patternRegExp(pattern: string): RegExp {
  const segments = pattern
    .split('/')
    .filter((segment) => segment !== '')
    .map((segment) => (segment.startsWith(':') ? '([^/]+)' : segment.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')));
  return new RegExp(`^/${segments.join('/')}/?$`, 'i');
}

// A redirect to a page the server renders (the sitemap) is the server's path, not the app's.
const PAGE_PATTERNS = [...PAGE_PATHS, ...REDIRECTS.filter((rule) => !rule.serverPage).map((rule) => rule.path)].map(patternRegExp);
const DOI_RECORD_PATTERN = patternRegExp(RECORD_PAGE_PATHS[0]);
const RECORD_PATTERN = patternRegExp(RECORD_PAGE_PATHS[1]);

function decodedSegment(segment: string): string | null {
  try {
    return decodeURIComponent(segment);
  } catch {
    return null;
  }
}

/** What a path (no query string, still percent-encoded) names in the web app. */
export function webPathKind(path: string): WebPath {
  if (PAGE_PATTERNS.some((pattern) => pattern.test(path))) return { kind: 'page' };
  const doiSuffix = DOI_RECORD_PATTERN.exec(path)?.[1];
  const id = doiSuffix === undefined ? RECORD_PATTERN.exec(path)?.[1] : undefined;
  const segment = decodedSegment(doiSuffix ?? id ?? '');
  if (!segment) return { kind: 'unknown' };
  return { kind: 'record', identifier: doiSuffix === undefined ? segment : `10.25504/${segment}` };
}

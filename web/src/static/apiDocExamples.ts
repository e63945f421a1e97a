/**
 * The /API_doc page's command-line examples and links into the guide for scripts (docs/api.md,
 * served at /api/guide). Examples name the site's own origin, so they run when pasted.
 */

/** Where the server serves docs/api.md (services/api/src/routes/api-guide.ts). */
export const API_GUIDE_PATH = '/api/guide';

/** The guide's REST sections, by their headings in docs/api.md. */
export const API_GUIDE_SECTIONS = ['Answers and paging', 'Paging through all records', 'Searching', 'Aggregations', 'Signing in'] as const;

/**
 * A link to one heading of the guide: a text fragment, which browsers scroll to and highlight.
 * It names the Markdown heading line (`## Searching`), so words of the same text earlier on do not match.
 */
export function apiGuideSectionHref(heading: string): string {
  return `${API_GUIDE_PATH}#:~:text=${encodeURIComponent(`## ${heading}`)}`;
}

export function graphqlCurlExample(origin: string): string {
  return `curl -s -X POST ${origin}/graphql \\
  -H 'Content-Type: application/json' \\
  -d '{"query": "{ searchFairsharingRecords(q: \\"genomics\\") { totalCount records { id name } } }"}'`;
}

export function restCurlExample(origin: string): string {
  return `curl -s --compressed -H 'Accept: application/json' \\
  '${origin}/fairsharing_records?page%5Bsize%5D=10'`;
}

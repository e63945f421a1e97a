/**
 * Where the header search goes (SPEC §2): the text with every non-alphanumeric character
 * turned into a space, as `q`. On /search the text replaces `q` in the current query, so the
 * filters already chosen stay; the page goes back to the first one.
 */
export function cleanHeaderSearchText(text: string): string {
  return text.replace(/[^\p{L}\p{N}]/gu, ' ').replace(/\s+/g, ' ').trim();
}

export function headerSearchTarget(text: string, current: { pathname: string; search: string }): string | null {
  const q = cleanHeaderSearchText(text);
  if (!q) return null;
  if (current.pathname === '/search') {
    const params = new URLSearchParams(current.search);
    params.set('q', q);
    params.delete('page');
    return `/search?${params.toString()}`;
  }
  return `/search?${new URLSearchParams({ q }).toString()}`;
}

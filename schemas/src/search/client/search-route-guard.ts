/**
 * SPEC §2 search route guard: before /search is shown, empty parameters and any
 * `search_state` key are removed, `content` becomes `fairsharingRegistry`, and the
 * legacy registry value `biodbcore` becomes `database`. Returns null when the URL is
 * already clean, so the caller only redirects when something changed.
 */
export const REGISTRY_PARAMETER = 'fairsharingRegistry';

function cleanValue(key: string, value: string): string {
  if (key !== REGISTRY_PARAMETER) return value;
  return value
    .split(',')
    .map((item) => (item.trim().toLowerCase() === 'biodbcore' ? 'database' : item))
    .join(',');
}

export function cleanSearchParams(params: URLSearchParams): URLSearchParams | null {
  const cleaned = new URLSearchParams();
  for (const [rawKey, value] of params) {
    if (value.trim() === '') continue;
    if (rawKey === 'search_state' || rawKey.startsWith('search_state[')) continue;
    const key = rawKey === 'content' ? REGISTRY_PARAMETER : rawKey;
    cleaned.append(key, cleanValue(key, value));
  }
  return cleaned.toString() === params.toString() ? null : cleaned;
}

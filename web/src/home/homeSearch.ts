/**
 * Where the home search goes (SPEC §2): with all four registries ticked, /search?q=…; with a
 * subset, q plus fairsharingRegistry as a comma list of the chosen ones and searchAnd=false.
 * No text, or no registry ticked, goes nowhere.
 */
import type { RegistryName } from '@registry/schemas';

export const HOME_SEARCH_REGISTRIES: ReadonlyArray<{ value: RegistryName; label: string }> = [
  { value: 'standard', label: 'Standards' },
  { value: 'database', label: 'Databases' },
  { value: 'policy', label: 'Policies' },
  { value: 'collection', label: 'Collections' },
];

export function homeSearchTarget(text: string, chosen: readonly RegistryName[]): string | null {
  const q = text.trim();
  if (!q || chosen.length === 0) return null;
  const query = `q=${encodeURIComponent(q)}`;
  if (HOME_SEARCH_REGISTRIES.every(({ value }) => chosen.includes(value))) return `/search?${query}`;
  // Keep the registries in their usual order whatever order they were ticked in.
  const registries = HOME_SEARCH_REGISTRIES.map(({ value }) => value).filter((value) => chosen.includes(value));
  return `/search?${query}&fairsharingRegistry=${registries.join(',')}&searchAnd=false`;
}

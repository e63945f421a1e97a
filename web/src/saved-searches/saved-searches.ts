/**
 * Saved searches in the web app: what the dialog sends (the search page's path and query exactly
 * as the URL holds them, so re-opening gives the same results), the GraphQL reads for the
 * profile, record and organisation pages, and the REST calls.
 */
import type { SavedSearchInput } from '@registry/schemas/forms/community.ts';
import { isHttpUrl, sitePathOf } from '@registry/schemas/forms/bounds.ts';
import { compactGraphql, fragmentSelection, withFragments } from '@registry/schemas/search/client/graphql-literals.ts';
import { graphqlQuery, rest } from '../api/client.ts';
import type {
  MaintainedPoliciesQuery, MaintainedPoliciesQueryVariables, SavedSearchEntryFragment, UserSavedSearchesQuery, UserSavedSearchesQueryVariables,
} from './saved-searches.generated.ts';

// The answer types of these documents are generated (`npm run codegen`: saved-searches.generated.ts).

/** What every list of saved searches reads. */
const SAVED_SEARCH_ENTRY_FRAGMENT = /* GraphQL */ `
  fragment SavedSearchEntry on SavedSearch { id name url comments createdAt creator { id username } }
`;

const USER_SAVED_SEARCHES_QUERY = /* GraphQL */ `
  query UserSavedSearches($id: ID) { user(id: $id) { createdSearches { ...SavedSearchEntry } savedSearches { ...SavedSearchEntry } } }
`;

const MAINTAINED_POLICIES_QUERY = /* GraphQL */ `
  query MaintainedPolicies($id: ID) { user(id: $id) { maintainedRecords { id name registry } } }
`;

export type SavedSearchEntry = SavedSearchEntryFragment;

export interface SaveSearchValues {
  name: string;
  comments: string;
  fairsharing_record_ids: number[];
  organisations: Array<{ id: number | string; label: string }>;
  users: Array<{ id: number | string; label: string }>;
}

/** The search's parameters as a JSON object: one value as a string, a repeated one as a list. */
export function searchParamsObject(search: string): Record<string, string | string[]> {
  const params = new URLSearchParams(search);
  const object: Record<string, string | string[]> = {};
  for (const key of new Set(params.keys())) {
    const values = params.getAll(key);
    object[key] = values.length === 1 ? values[0]! : values;
  }
  return object;
}

/** What POST /saved_searches receives for the search at `pathname` + `search`. */
export function saveSearchInput(values: SaveSearchValues, pathname: string, search: string): SavedSearchInput {
  const query = search.replace(/^\?/, '');
  return {
    name: values.name.trim(),
    comments: values.comments.trim() || null,
    url: query ? `${pathname}?${query}` : pathname,
    params: searchParamsObject(query),
    fairsharing_record_ids: values.fairsharing_record_ids,
    organisation_ids: values.organisations.map((organisation) => Number(organisation.id)),
    user_ids: values.users.map((user) => Number(user.id)),
  };
}

/** The path of a whole http(s) address, when it is a path of this site once the host is dropped. */
function pathOfWholeAddress(url: string): string | null {
  if (!isHttpUrl(url)) return null;
  const whole = new URL(url);
  return sitePathOf(`${whole.pathname}${whole.search}${whole.hash}`);
}

/**
 * The site path a saved search re-opens, read by the URL parser as the server reads it when it
 * stores one (`sitePathOf`): older saved searches may hold a whole address (its path is taken),
 * and a stored value that leads elsewhere (`/\evil.example/path`) opens the search page.
 */
export function savedSearchPath(url: string): string {
  return sitePathOf(url) ?? pathOfWholeAddress(url) ?? '/search';
}

/** The policies among the records a person maintains (the only records they may link). */
export function policiesAmong<T extends { registry?: string | null }>(records: T[]): T[] {
  return records.filter((record) => record.registry?.toLowerCase() === 'policy');
}

export async function loadMaintainedPolicies(userId: number, signal?: AbortSignal): Promise<Array<{ id: string; name: string }>> {
  const variables: MaintainedPoliciesQueryVariables = { id: String(userId) };
  const data = await graphqlQuery<MaintainedPoliciesQuery>({ query: compactGraphql(MAINTAINED_POLICIES_QUERY), variables }, { signal });
  return policiesAmong(data.user?.maintainedRecords ?? []);
}

/** The searches a person saved, then those linked to them, each once. */
export function ownAndLinked<T extends { id: string }>(created: T[], linked: T[]): T[] {
  return [...created, ...linked.filter((search) => !created.some((own) => own.id === search.id))];
}

/** A profile's saved searches (those of another person only for super curators, as the API decides). */
export async function loadUserSavedSearches(userId: number): Promise<SavedSearchEntry[]> {
  const variables: UserSavedSearchesQueryVariables = { id: String(userId) };
  const query = withFragments(USER_SAVED_SEARCHES_QUERY, SAVED_SEARCH_ENTRY_FRAGMENT);
  const data = await graphqlQuery<UserSavedSearchesQuery>({ query, variables });
  return ownAndLinked(data.user?.createdSearches ?? [], data.user?.savedSearches ?? []);
}

/** Saved searches linked to a record or an organisation (their pages list them); the root field is the page's kind. */
export async function loadLinkedSavedSearches(kind: 'record' | 'organisation', id: number | string): Promise<SavedSearchEntry[]> {
  const field = kind === 'record' ? 'fairsharingRecord' : 'organisation';
  const data = await graphqlQuery<Record<string, { savedSearches: SavedSearchEntry[] } | null>>(
    `{${field}(id:${Number(id)}){savedSearches{${fragmentSelection(SAVED_SEARCH_ENTRY_FRAGMENT)}}}}`,
  );
  return data[field]?.savedSearches ?? [];
}

export const createSavedSearch = (input: SavedSearchInput) => rest('post', '/saved_searches', { body: { saved_search: input } });
export const renameSavedSearch = (id: string, name: string) => rest('put', '/saved_searches/{id}', { path: { id: Number(id) }, body: { saved_search: { name } } });
export const deleteSavedSearch = (id: string) => rest('delete', '/saved_searches/{id}', { path: { id: Number(id) } });

/**
 * Argument types of `searchFairsharingRecords`, read from the API's introspection at start-up
 * (the answer the server put into the page, else asked) and cached in localStorage for 24 hours
 * (SPEC §9). The search page and the start-up prefetch type URL parameters with them
 * (`searchQueryForUrl`): Int and Boolean unquoted, lists as lists.
 */
import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import type { SearchArgumentTypes } from '@registry/schemas/search/client/search-query.ts';
import { INTROSPECTION_QUERY, type IntrospectedType, type IntrospectionAnswer } from '@registry/schemas/web/startup-data.ts';

export type { SearchArgumentTypes };

export interface IntrospectionState {
  searchArgumentTypes: SearchArgumentTypes;
  loaded: boolean;
}

export const INTROSPECTION_STORAGE_KEY = 'registry.introspection';
export const INTROSPECTION_CACHE_MS = 24 * 60 * 60 * 1000;
export const SEARCH_QUERY_NAME = 'searchFairsharingRecords';

export { INTROSPECTION_QUERY, type IntrospectedType, type IntrospectionAnswer };

export function describeType(type: IntrospectedType): string {
  if (type.kind === 'NON_NULL' && type.ofType) return describeType(type.ofType);
  if (type.kind === 'LIST' && type.ofType) return `[${describeType(type.ofType)}]`;
  return type.name ?? 'Unknown';
}

/** The argument types of the search query, or null when the API does not offer it. */
export function searchArgumentTypesFrom(answer: IntrospectionAnswer): SearchArgumentTypes | null {
  const field = answer.__type?.fields.find((candidate) => candidate.name === SEARCH_QUERY_NAME);
  if (!field) return null;
  return Object.fromEntries(field.args.map((arg) => [arg.name, describeType(arg.type)]));
}

interface CachedIntrospection {
  savedAt: number;
  searchArgumentTypes: SearchArgumentTypes;
}

export function readCachedIntrospection(now = Date.now()): SearchArgumentTypes | null {
  try {
    const raw = localStorage.getItem(INTROSPECTION_STORAGE_KEY);
    if (!raw) return null;
    const cached = JSON.parse(raw) as CachedIntrospection;
    if (typeof cached.savedAt !== 'number' || now - cached.savedAt > INTROSPECTION_CACHE_MS) return null;
    return cached.searchArgumentTypes && typeof cached.searchArgumentTypes === 'object' ? cached.searchArgumentTypes : null;
  } catch {
    return null;
  }
}

export function writeCachedIntrospection(types: SearchArgumentTypes, now = Date.now()): void {
  try {
    const cached: CachedIntrospection = { savedAt: now, searchArgumentTypes: types };
    localStorage.setItem(INTROSPECTION_STORAGE_KEY, JSON.stringify(cached));
  } catch {
    // Without storage the introspection is simply asked again next time.
  }
}

const initialState: IntrospectionState = { searchArgumentTypes: {}, loaded: false };

export const introspectionSlice = createSlice({
  name: 'introspection',
  initialState,
  reducers: {
    searchArgumentTypesLoaded(state, action: PayloadAction<SearchArgumentTypes>) {
      state.searchArgumentTypes = action.payload;
      state.loaded = true;
    },
  },
});

export const { searchArgumentTypesLoaded } = introspectionSlice.actions;

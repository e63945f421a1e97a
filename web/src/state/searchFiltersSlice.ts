/**
 * The search filter panels available to the current viewer, built at start-up from the
 * shared facet registry (so the UI and the API's query builder read one declaration).
 */
import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import type { Viewer } from '@registry/schemas/access/viewer.ts';
import { facetsVisibleTo, type FacetDefinition } from '@registry/schemas/search/facets.ts';

export interface SearchFiltersState {
  filters: FacetDefinition[];
  built: boolean;
}

/** Filters for a viewer; curator-only facets appear only to whom the access module lets use them. */
export function buildSearchFilters(viewer: Viewer): FacetDefinition[] {
  return facetsVisibleTo(viewer).map((facet) => ({ ...facet }));
}

const initialState: SearchFiltersState = { filters: [], built: false };

export const searchFiltersSlice = createSlice({
  name: 'searchFilters',
  initialState,
  reducers: {
    searchFiltersBuilt(state, action: PayloadAction<FacetDefinition[]>) {
      state.filters = action.payload;
      state.built = true;
    },
  },
});

export const { searchFiltersBuilt } = searchFiltersSlice.actions;

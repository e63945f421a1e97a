/** Typed store hooks for every screen (search, record and shell alike). */
import { useDispatch, useSelector } from 'react-redux';
import type { AppDispatch, RootState } from './store.ts';
import type { SearchArgumentTypes } from './introspectionSlice.ts';
import type { SessionState } from './sessionSlice.ts';
import type { ModesState } from './modesSlice.ts';

export const useAppDispatch = useDispatch.withTypes<AppDispatch>();
export const useAppSelector = useSelector.withTypes<RootState>();

export function useSession(): SessionState {
  return useAppSelector((state) => state.session);
}

export function useModes(): ModesState {
  return useAppSelector((state) => state.modes);
}

/** Types of the search query's arguments, undefined until start-up has loaded them. */
export function useSearchArgumentTypes(): SearchArgumentTypes | undefined {
  return useAppSelector((state) => (state.introspection.loaded ? state.introspection.searchArgumentTypes : undefined));
}

export function useSearchFilters() {
  return useAppSelector((state) => state.searchFilters.filters);
}

/** The app's Redux store: session, site modes, messages, introspection and search filters. */
import { configureStore } from '@reduxjs/toolkit';
import { setResponseModeObserver, setTokenProvider } from '../api/client.ts';
import { introspectionSlice } from './introspectionSlice.ts';
import { messagesSlice } from './messagesSlice.ts';
import { maintenanceDetected, modesSlice, readOnlyDetected } from './modesSlice.ts';
import { searchFiltersSlice } from './searchFiltersSlice.ts';
import { sessionSlice } from './sessionSlice.ts';

export function createStore() {
  const store = configureStore({
    reducer: {
      session: sessionSlice.reducer,
      modes: modesSlice.reducer,
      messages: messagesSlice.reducer,
      introspection: introspectionSlice.reducer,
      searchFilters: searchFiltersSlice.reducer,
    },
  });
  setTokenProvider(() => store.getState().session.user?.credentials.token);
  setResponseModeObserver((modes) => {
    const state = store.getState().modes;
    // A 503 or the maintenance header from any call puts the site in maintenance mode.
    if ((modes.maintenance || modes.status === 503) && !state.maintenance) store.dispatch(maintenanceDetected());
    if (modes.readOnly && !state.readOnly) store.dispatch(readOnlyDetected());
  });
  return store;
}

export type AppStore = ReturnType<typeof createStore>;
export type RootState = ReturnType<AppStore['getState']>;
export type AppDispatch = AppStore['dispatch'];

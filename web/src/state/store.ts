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
    // The maintenance header from any call puts the site in maintenance mode. A bare 503 counts
    // only during start-up (startup.ts): later, one failing service (e.g. search) must not
    // take the whole site down.
    if (modes.maintenance && !state.maintenance) store.dispatch(maintenanceDetected());
    if (modes.readOnly && !state.readOnly) store.dispatch(readOnlyDetected());
  });
  return store;
}

export type AppStore = ReturnType<typeof createStore>;
export type RootState = ReturnType<AppStore['getState']>;
export type AppDispatch = AppStore['dispatch'];

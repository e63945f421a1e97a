/**
 * The start-up sequence of SPEC §4, in order: restore the stored session, load the search
 * query's argument types (introspection, cached 24 h), build the search filters, load the
 * public messages. A 503 (or the maintenance header) anywhere means maintenance mode; an
 * introspection failure shows "Can't initialize application." and sends the user to
 * /error/500. A failure to load messages alone is not fatal: the site works without them.
 * The server puts the introspection answer, the messages and the modes in force into the page
 * (pageStartupData): start-up takes them from there and asks the API only for a page without them.
 */
import { MESSAGES_QUERY, type StartupData } from '@registry/schemas/web/startup-data.ts';
import type { PublicMessagesQuery } from '@registry/schemas/web/startup-data.generated.ts';
import { ApiError, graphqlQuery } from '../api/client.ts';
import {
  INTROSPECTION_QUERY,
  readCachedIntrospection,
  searchArgumentTypesFrom,
  searchArgumentTypesLoaded,
  writeCachedIntrospection,
  type IntrospectionAnswer,
} from '../state/introspectionSlice.ts';
import { noticeAdded, publicMessagesLoaded, type PublicMessage } from '../state/messagesSlice.ts';
import { maintenanceDetected, modesRead, startupFinished } from '../state/modesSlice.ts';
import { pageStartupData } from '../state/pageStartupData.ts';
import { buildSearchFilters, searchFiltersBuilt } from '../state/searchFiltersSlice.ts';
import { sessionViewer } from '../state/sessionViewer.ts';
import {
  SESSION_EXPIRED_MESSAGE,
  isSessionValid,
  loggedIn,
  readStoredSession,
  writeStoredSession,
} from '../state/sessionSlice.ts';
import type { AppStore } from '../state/store.ts';

export const STARTUP_FAILURE_MESSAGE = "Can't initialize application.";

export type StartupOutcome = 'ready' | 'maintenance' | 'failed';

function isMaintenanceAnswer(error: unknown): boolean {
  return error instanceof ApiError && error.status === 503;
}

export function restoreSession(store: AppStore): void {
  const stored = readStoredSession();
  if (!stored) return;
  if (isSessionValid(stored)) {
    store.dispatch(loggedIn(stored));
    return;
  }
  writeStoredSession(null);
  store.dispatch(noticeAdded('warning', SESSION_EXPIRED_MESSAGE));
}

/** `inPage`: the answer the server put into the page, fresher than the cache. */
async function loadSearchArgumentTypes(store: AppStore, inPage: IntrospectionAnswer | undefined): Promise<void> {
  const cached = inPage ? null : readCachedIntrospection();
  if (cached) {
    store.dispatch(searchArgumentTypesLoaded(cached));
    return;
  }
  const answer = inPage ?? (await graphqlQuery<IntrospectionAnswer>(INTROSPECTION_QUERY));
  const types = searchArgumentTypesFrom(answer);
  if (!types) throw new Error('The API does not offer the search query');
  writeCachedIntrospection(types);
  store.dispatch(searchArgumentTypesLoaded(types));
}

async function loadPublicMessages(store: AppStore, inPage: PublicMessage[] | undefined): Promise<void> {
  const messages = inPage ?? (await graphqlQuery<PublicMessagesQuery>(MESSAGES_QUERY)).messages;
  store.dispatch(publicMessagesLoaded(messages));
}

export async function runStartup(store: AppStore, inPage: StartupData | null = pageStartupData()): Promise<StartupOutcome> {
  restoreSession(store);
  // The modes the page was served in (otherwise the first answers' headers tell).
  if (inPage) store.dispatch(modesRead(inPage.modes));
  // Introspection and messages are independent requests: ask both at once, apply in order.
  const introspection = loadSearchArgumentTypes(store, inPage?.introspection).then(
    () => null,
    (error: unknown) => error,
  );
  const messages = loadPublicMessages(store, inPage?.messages).then(
    () => null,
    (error: unknown) => error,
  );

  const introspectionError = await introspection;
  store.dispatch(searchFiltersBuilt(buildSearchFilters(sessionViewer(store.getState().session))));
  const messagesError = await messages;

  const maintenance =
    store.getState().modes.maintenance || isMaintenanceAnswer(introspectionError) || isMaintenanceAnswer(messagesError);
  if (maintenance) {
    store.dispatch(maintenanceDetected());
    store.dispatch(startupFinished('ready'));
    return 'maintenance';
  }
  if (introspectionError) {
    store.dispatch(noticeAdded('error', STARTUP_FAILURE_MESSAGE));
    store.dispatch(startupFinished('failed'));
    return 'failed';
  }
  store.dispatch(startupFinished('ready'));
  return 'ready';
}

/**
 * Super curators switch maintenance and read-only mode at run time (SPEC §4). Any answer's
 * headers switch a mode on; this watch also reads the modes in force every few seconds, so an
 * open page shows or hides the read-only banner, and leaves the maintenance page, without the
 * visitor doing anything. The read is one small GET, skipped while the tab is hidden.
 */
import { rest, type RestAnswer } from '../api/client.ts';
import { modesRead } from './modesSlice.ts';
import type { AppStore } from './store.ts';

export const SITE_MODES_PATH = '/api/site_modes';
export const SITE_MODES_WATCH_MS = 5000;

export type SiteModesAnswer = RestAnswer<'/api/site_modes', 'get'>;

/** The modes in force, as the server answers them. */
export async function fetchSiteModes(): Promise<{ maintenance: boolean; readOnly: boolean }> {
  const modes = await rest('get', '/api/site_modes');
  return { maintenance: modes.maintenance, readOnly: modes.read_only };
}

async function readSiteModes(store: AppStore): Promise<void> {
  const modes = await fetchSiteModes();
  const state = store.getState().modes;
  if (state.maintenance !== modes.maintenance || state.readOnly !== modes.readOnly) store.dispatch(modesRead(modes));
}

export function watchSiteModes(store: AppStore): () => void {
  const timer = setInterval(() => {
    // A failed read (network, server restarting) keeps the modes last known.
    if (document.visibilityState === 'visible') readSiteModes(store).catch(() => undefined);
  }, SITE_MODES_WATCH_MS);
  return () => clearInterval(timer);
}

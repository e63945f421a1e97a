/**
 * The start-up data the server put into the page (@registry/schemas/web/startup-data.ts), read
 * once. Null when the page has none (the development server, a server that could not read it)
 * or the block is damaged: start-up then asks the API, as it did before the block existed.
 */
import { isStartupData, STARTUP_DATA_ELEMENT_ID, type StartupData } from '@registry/schemas/web/startup-data.ts';

let read: StartupData | null | undefined;

function readFromPage(): StartupData | null {
  const element = typeof document === 'undefined' ? null : document.getElementById(STARTUP_DATA_ELEMENT_ID);
  if (!element) return null;
  try {
    const parsed: unknown = JSON.parse(element.textContent ?? '');
    return isStartupData(parsed) ? parsed : null;
  } catch {
    return null;
  }
}

export function pageStartupData(): StartupData | null {
  read ??= readFromPage();
  return read;
}

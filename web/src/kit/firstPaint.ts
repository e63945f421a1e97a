/**
 * Parts of a screen that nobody reads in its first second (the search filters, the footer, the
 * export button) wait until the app's first screen has been painted: on a first visit the
 * browser then paints the results without first building, styling and laying out a few
 * hundred more elements (`scripts/bench/web.ts` measures the first result row). From then on
 * they render at once, like everything else.
 */
import { useSyncExternalStore } from 'react';

let painted = typeof document === 'undefined';
let scheduled = false;
const listeners = new Set<() => void>();

function markPainted(): void {
  if (painted) return;
  painted = true;
  for (const listener of listeners) listener();
}

/** The first frame after the first commit paints; a task queued from its animation frame runs after that paint. */
function afterNextPaint(): void {
  if (scheduled) return;
  scheduled = true;
  // A hidden page paints nothing (and gets no animation frames): nothing to wait for.
  if (document.visibilityState === 'hidden') {
    setTimeout(markPainted, 0);
    return;
  }
  requestAnimationFrame(() => setTimeout(markPainted, 0));
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  afterNextPaint();
  return () => listeners.delete(listener);
}

/** Runs `callback` once the app's first screen has been painted (at once when it has been); returns a cancel. */
export function onFirstPaint(callback: () => void): () => void {
  if (painted) {
    callback();
    return () => undefined;
  }
  const listener = () => {
    listeners.delete(listener);
    callback();
  };
  return subscribe(listener);
}

/** False until the app's first screen has been painted, true ever after. */
export function useAfterFirstPaint(): boolean {
  return useSyncExternalStore(
    subscribe,
    () => painted,
    () => painted,
  );
}

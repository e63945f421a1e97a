/**
 * Pages of the harvesting lists (OAI-PMH list pages, `/changes` pages) kept as the text that was
 * sent, so a page asked for again is served without reading and serialising its records again.
 * Four harvesters looping over the same 365 KB page held the event loop 100–170 ms per answer
 * and the server's memory grew by 450 MB; a kept page costs a version read and a copy.
 *
 * A page is keyed by what names it (the raw resumption token, or the cursor and the limit) and
 * kept with the catalogue's version it was built at (the change log's, `readableChangesVersion`):
 * a change to the catalogue makes every page kept before it be built again. It also lives
 * `ttlMs` at most, which bounds what the change log does not see (the datestamp of a record
 * that stays hidden) and the age of an OAI answer's `responseDate`. Bounded in bytes, the least
 * recently used page leaving first. Identical pages asked for at once are built once. The
 * memory is per process.
 */
import { LRUCache } from 'lru-cache';

/** Each list's kept pages per process (OAI-PMH, `/changes`): some forty of the 365 KB ListRecords pages. */
export const KEPT_PAGES_MAX_BYTES = 32 * 1024 * 1024;
export const KEPT_PAGES_TTL_MS = 30_000;

interface KeptPage {
  version: string;
  text: string;
}

export interface KeptPagesOptions {
  maxBytes: number;
  ttlMs: number;
}

export class KeptPages {
  readonly #kept: LRUCache<string, KeptPage>;
  /** Pages being built, by key and version: a second request for one waits for the first. */
  readonly #building = new Map<string, Promise<string>>();

  constructor(options: KeptPagesOptions = { maxBytes: KEPT_PAGES_MAX_BYTES, ttlMs: KEPT_PAGES_TTL_MS }) {
    this.#kept = new LRUCache<string, KeptPage>({
      maxSize: options.maxBytes,
      ttl: options.ttlMs,
      // JavaScript strings hold two bytes a character; the bound is on memory, not on the wire,
      // and counts the key too (an OAI request's arguments may be as long as its answer).
      sizeCalculation: (page, key) => (page.text.length + key.length) * 2 + 1,
    });
  }

  /** The page kept for `key` at `version`, or the one `build` makes (kept unless it throws). */
  async page(key: string, version: string, build: () => Promise<string>): Promise<string> {
    const kept = this.#kept.get(key);
    if (kept?.version === version) return kept.text;
    const buildKey = `${version}\0${key}`;
    const pending = this.#building.get(buildKey);
    if (pending) return pending;
    const building = build().then((text) => {
      this.#kept.set(key, { version, text });
      return text;
    });
    this.#building.set(buildKey, building);
    try {
      return await building;
    } finally {
      this.#building.delete(buildKey);
    }
  }
}

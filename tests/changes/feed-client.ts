/** A client of GET /changes for tests: reads pages from a cursor until caught up, and keeps a copy. */
import type { FastifyInstance } from 'fastify';
import { expect } from 'vitest';
import type { ChangeEntry, ChangePage } from '@registry/api/changes/change-feed.ts';

export async function readPage(app: FastifyInstance, since: string | null, limit = 100): Promise<ChangePage> {
  const query = new URLSearchParams({ limit: String(limit), ...(since ? { since } : {}) });
  const response = await app.inject({ url: `/changes?${query}` });
  expect(response.statusCode, response.body).toBe(200);
  return response.json() as ChangePage;
}

/** Every entry after `since` visible now, and the cursor to go on from. */
export async function readToEnd(app: FastifyInstance, since: string | null, limit = 100): Promise<{ entries: ChangeEntry[]; next: string }> {
  const entries: ChangeEntry[] = [];
  let cursor = since;
  for (;;) {
    const page = await readPage(app, cursor, limit);
    entries.push(...page.changes);
    cursor = page.next;
    if (!page.hasMore) return { entries, next: page.next };
  }
}

/**
 * Reads on from `since` until `done` holds for what was read. Entries of a transaction appear
 * only once every older transaction on the server has ended, so a concurrent one elsewhere can
 * hold them back for a moment; gives up after 30 s.
 */
export async function readUntil(
  app: FastifyInstance,
  since: string | null,
  done: (entries: ChangeEntry[]) => boolean,
): Promise<{ entries: ChangeEntry[]; next: string }> {
  const entries: ChangeEntry[] = [];
  let cursor = since;
  const deadline = Date.now() + 30_000;
  for (;;) {
    const read = await readToEnd(app, cursor);
    entries.push(...read.entries);
    cursor = read.next;
    if (done(entries)) return { entries, next: read.next };
    if (Date.now() > deadline) throw new Error(`the feed did not catch up: ${entries.length} entries read`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/** A copy of the public catalogue kept by applying entries in order, as a harvester would. */
export function applyEntries(copy: Map<number, unknown>, entries: readonly ChangeEntry[]): void {
  for (const entry of entries) {
    if (entry.record) copy.set(entry.recordId, entry.record);
    else copy.delete(entry.recordId);
  }
}

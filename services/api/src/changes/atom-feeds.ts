/**
 * Atom feeds for people: the records new or updated lately, for the whole registry, one registry
 * (standards, databases, policies, collections), or among the records a saved search finds. Read
 * from the change log's most recent public changes (the window below), newest first.
 *
 * What RFC 4287 requires is there: the feed's id, title (plain text), updated and author (the
 * registry, so no entry needs its own) and its self and alternate links; each entry's id, title,
 * updated and alternate link (the record's page), with a summary when the record has a description.
 */
import { Feed } from 'feed';
import type { Database } from '@registry/platform';
import { notFoundError } from '../domain-errors.ts';
import { findSavedSearch } from '../saved-searches/saved-search-repository.ts';
import { recordPageUrl } from '../kernel/record-page-url.ts';
import { escapeMarkup } from '../kernel/escape-markup.ts';
import { recentRecordChanges, type RecentRecordChange } from './change-repository.ts';

/** How many of the latest public changes a feed looks through. */
export const RECENT_CHANGES_WINDOW = 500;
/** Entries in a feed. */
export const FEED_ENTRIES = 50;

export const REGISTRY_FEEDS = ['standard', 'database', 'policy', 'collection'] as const;
export type RegistryFeed = (typeof REGISTRY_FEEDS)[number];

export interface FeedDeps {
  db: Database;
  site: { publicUrl: string; siteName: string };
}

export interface FeedScope {
  title: string;
  /** This feed's own URL. */
  selfUrl: string;
}

function atomFeed({ site }: FeedDeps, scope: FeedScope, changes: readonly RecentRecordChange[]): string {
  const publicUrl = site.publicUrl.replace(/\/$/, '');
  const feed = new Feed({
    id: scope.selfUrl,
    // The feed's title is text (no type): the library escapes it, so it shows as written.
    title: scope.title,
    link: `${publicUrl}/`,
    author: { name: site.siteName, link: `${publicUrl}/` },
    updated: changes[0]?.changedAt ?? new Date(0),
    feedLinks: { atom: scope.selfUrl },
    generator: site.siteName,
    copyright: 'CC BY-SA 4.0',
  });
  for (const change of changes.slice(0, FEED_ENTRIES)) {
    const page = recordPageUrl(publicUrl, change.id);
    // The library sends titles and summaries as HTML: the records' text is escaped to show as written.
    feed.addItem({
      title: escapeMarkup(`${change.created ? 'New' : 'Updated'}: ${change.name}`),
      id: `${page}#${change.changedAt.toISOString()}`,
      link: page,
      date: change.changedAt,
      description: escapeMarkup(change.description),
      category: [{ term: change.registry, name: change.registry }, { term: change.created ? 'created' : 'updated' }],
    });
  }
  return feed.atom1();
}

/** New and updated public records, of every registry or of one. */
export async function recordsFeed(deps: FeedDeps, scope: FeedScope, registry?: RegistryFeed): Promise<string> {
  return atomFeed(deps, scope, await recentRecordChanges(deps.db, { registry, window: RECENT_CHANGES_WINDOW }));
}

/** Ids of the `count` records changed last (the records a saved search's feed is chosen from). */
export async function recentlyChangedIds(deps: FeedDeps, count: number): Promise<number[]> {
  return (await recentRecordChanges(deps.db, { window: RECENT_CHANGES_WINDOW })).slice(0, count).map((change) => change.id);
}

/** The saved search's name and URL (any saved search is public: its page lists it). */
export async function savedSearchOf(deps: FeedDeps, id: number): Promise<{ name: string; url: string }> {
  const saved = await findSavedSearch(deps.db, id);
  if (!saved) throw notFoundError('Saved search');
  return { name: saved.name, url: saved.url };
}

/** New and updated records among `ids` (what the saved search found among the latest changes). */
export async function recordsAmongFeed(deps: FeedDeps, scope: FeedScope, ids: readonly number[]): Promise<string> {
  return atomFeed(deps, scope, await recentRecordChanges(deps.db, { ids, window: RECENT_CHANGES_WINDOW }));
}

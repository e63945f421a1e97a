/**
 * How a records index is laid out on the cluster: shards and replicas from configuration, and
 * how many copies of a shard must be active before a write to it starts.
 */
import type { SearchIndexLayout } from '../config.ts';

/**
 * Copies that must be active before a write proceeds (`index.write.wait_for_active_shards`, the
 * index's default for every write). A write always goes to every copy that is active before it is
 * acknowledged; this only says when to wait instead. With one replica that is the primary alone:
 * requiring both copies would stop every write for as long as a lost node's replica is
 * reallocated. With two or more, a majority of the copies.
 */
export function writeActiveShards(replicas: number): number {
  return replicas < 2 ? 1 : Math.floor((replicas + 1) / 2) + 1;
}

/** The layout's settings that can change on a live index (all but the shard count). */
export function liveIndexLayoutSettings(layout: SearchIndexLayout): Record<string, number | string> {
  return { number_of_replicas: layout.replicas, 'write.wait_for_active_shards': String(writeActiveShards(layout.replicas)) };
}

/** Index settings that carry the layout (merged over the mapping's own settings when an index is created). */
export function indexLayoutSettings(layout: SearchIndexLayout): Record<string, number | string> {
  return { number_of_shards: layout.shards, ...liveIndexLayoutSettings(layout) };
}

/**
 * Reads the `aggregations` JSON of a search answer (OpenSearch terms buckets keyed by the
 * facet registry's `key`) into the counts each filter panel shows.
 */
export interface FacetCount {
  value: string;
  count: number;
}

interface Bucket {
  key?: unknown;
  key_as_string?: unknown;
  doc_count?: unknown;
}

function bucketValue(bucket: Bucket): string | null {
  // Boolean fields answer key 1/0 with key_as_string "true"/"false".
  if (typeof bucket.key_as_string === 'string') return bucket.key_as_string;
  if (typeof bucket.key === 'string') return bucket.key;
  if (typeof bucket.key === 'number') return String(bucket.key);
  return null;
}

export function facetCounts(aggregations: unknown, key: string): FacetCount[] {
  if (!aggregations || typeof aggregations !== 'object') return [];
  const entry = (aggregations as Record<string, unknown>)[key];
  if (!entry || typeof entry !== 'object') return [];
  // A filtered aggregation may wrap the terms one level deeper under the same key.
  const holder = entry as { buckets?: unknown } & Record<string, unknown>;
  const buckets = Array.isArray(holder.buckets)
    ? holder.buckets
    : holder[key] && typeof holder[key] === 'object'
      ? (holder[key] as { buckets?: unknown }).buckets
      : undefined;
  if (!Array.isArray(buckets)) return [];
  const counts: FacetCount[] = [];
  for (const bucket of buckets as Bucket[]) {
    const value = bucketValue(bucket);
    if (value === null || value === '') continue;
    counts.push({ value, count: typeof bucket.doc_count === 'number' ? bucket.doc_count : 0 });
  }
  return counts;
}

/** Records whose values of this facet the answer does not list (beyond its first values). */
export function facetOtherCount(aggregations: unknown, key: string): number {
  if (!aggregations || typeof aggregations !== 'object') return 0;
  const entry = (aggregations as Record<string, { sum_other_doc_count?: unknown } | undefined>)[key];
  return typeof entry?.sum_other_doc_count === 'number' ? entry.sum_other_doc_count : 0;
}

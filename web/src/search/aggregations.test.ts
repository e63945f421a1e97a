import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { facetCounts } from './aggregations.ts';

const fixturePath = fileURLToPath(new URL('./fixtures/client-aggregations.json', import.meta.url));

describe('facetCounts', () => {
  it('reads the public API aggregation shape', () => {
    const fixture = JSON.parse(readFileSync(fixturePath, 'utf8')) as { aggregations: unknown };
    expect(facetCounts(fixture.aggregations, 'status')[0]).toEqual({ value: 'ready', count: expect.any(Number) });
    expect(facetCounts(fixture.aggregations, 'is_maintained').map((count) => count.value)).toEqual(['true', 'false']);
  });

  it('uses key_as_string for booleans and survives missing or odd input', () => {
    expect(facetCounts({ is_recommended: { buckets: [{ key: 1, key_as_string: 'true', doc_count: 4 }] } }, 'is_recommended')).toEqual([
      { value: 'true', count: 4 },
    ]);
    expect(facetCounts(null, 'status')).toEqual([]);
    expect(facetCounts({ status: { buckets: 'x' } }, 'status')).toEqual([]);
    expect(facetCounts({ status: { status: { buckets: [{ key: 'ready', doc_count: 2 }] } } }, 'status')).toEqual([{ value: 'ready', count: 2 }]);
  });
});

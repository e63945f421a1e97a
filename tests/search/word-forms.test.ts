/**
 * Word forms, part-words, narrower subjects and "did you mean", over the real corpus (the search
 * fixture built from the vendored catalogue): the stemmed fields make "proteomic" find what
 * "proteomics" finds; the last word matches as a prefix of a name's word, so "metabol" finds
 * Metabolic Atlas while it is being typed; a subject query ranks the records annotated with it
 * above those annotated with a narrower term (SRAO's hierarchy), and those above the records that
 * only use its words; a query that finds nothing even with typo matching says what it may have meant.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { ANONYMOUS_VIEWER, type RecordSearchDocument } from '@registry/schemas';
import { topicKey } from '@registry/schemas/search/topic-keys.ts';
import { searchRecords, type SearchRecordsArgs } from '../../services/api/src/search/search-records.ts';
import { searchFixture, type SearchFixture } from './support/search-fixture.ts';

let fixture: SearchFixture;
const search = (args: SearchRecordsArgs) => searchRecords(fixture.deps, args, ANONYMOUS_VIEWER);

/** Every record a search finds, best first, page after page. */
async function allPages(args: SearchRecordsArgs): Promise<RecordSearchDocument[]> {
  const records: RecordSearchDocument[] = [];
  for (let page = 1; ; page += 1) {
    const result = await search({ ...args, page, perPage: 100 });
    records.push(...result.records);
    if (result.lastPage) return records;
  }
}

beforeAll(async () => {
  fixture = await searchFixture();
});

describe('word forms', () => {
  it('finds about as many records for "proteomic" as for "proteomics"', async () => {
    const singular = (await search({ q: 'proteomic', perPage: 0 })).totalCount;
    const plural = (await search({ q: 'proteomics', perPage: 0 })).totalCount;
    expect(plural).toBeGreaterThan(100);
    expect(singular).toBeGreaterThanOrEqual(Math.floor(plural * 0.9));
    expect(singular).toBeLessThanOrEqual(Math.ceil(plural * 1.1));
  });
});

describe('part-words', () => {
  it('finds Metabolic Atlas by "metabol", the last word as a prefix', async () => {
    const { records, totalCount } = await search({ q: 'metabol' });
    expect(totalCount).toBeGreaterThan(0);
    expect(records.slice(0, 10).map((record) => record.name)).toContain('Metabolic Atlas');
    const twoWords = await search({ q: 'metabolic atl' });
    expect(twoWords.records[0]?.name).toBe('Metabolic Atlas');
  });
});

describe('narrower subjects', () => {
  it('ranks records annotated with the subject above those annotated with a narrower term, above text-only matches', async () => {
    const key = topicKey('Genomics');
    const records = await allPages({ q: 'genomics' });
    const tier = (record: (typeof records)[number]) => (record.directTopicKeys.includes(key) ? 0 : record.topicKeys.includes(key) ? 1 : 2);
    const tiers = records.map(tier);
    const count = (value: number) => tiers.filter((entry) => entry === value).length;
    console.log(`genomics: ${count(0)} direct, ${count(1)} narrower, ${count(2)} text-only`);
    for (const value of [0, 1, 2]) expect(count(value)).toBeGreaterThan(0);
    expect(tiers).toEqual([...tiers].sort((a, b) => a - b));
    // Every record annotated with a narrower term is found, even when its text never says "genomics".
    const narrower = fixture.documents.filter((document) => tier(document) === 1 && !document.isHidden && document.isApproved);
    expect(count(1)).toBe(narrower.length);
  });
});

describe('did you mean', () => {
  it('suggests the catalogue\'s spelling when even typo matching finds nothing, and the suggestion finds records', async () => {
    for (const [q, meant] of [
      ['metabolsim pathwy', 'metabolism pathway'],
      ['transcriptmoics', 'transcriptomics'],
    ]) {
      const result = await search({ q });
      expect(result).toMatchObject({ totalCount: 0, correctedQuery: null, suggestedQuery: meant });
      expect((await search({ q: meant, perPage: 0 })).totalCount).toBeGreaterThan(0);
    }
  });

  it('suggests nothing when the query finds records, or when its typo retry does (that says "showing results for")', async () => {
    expect((await search({ q: 'metabolism pathway' })).suggestedQuery ?? null).toBeNull();
    expect(await search({ q: 'protemics' })).toMatchObject({ correctedQuery: 'proteomics', suggestedQuery: null });
  });
});

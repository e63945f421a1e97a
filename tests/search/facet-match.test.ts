/**
 * How the selected values of one facet combine (`subjectsMatch`, `domainsMatch`, …): "any" (the
 * default) widens with each value, "all" narrows, and the counts follow the chosen mode — under
 * "all", each value counts the records that adding it would leave. Expected figures are computed
 * from the real catalogue's documents (corpus-documents.ts), never written down.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { ANONYMOUS_VIEWER, type RecordSearchDocument } from '@registry/schemas';
import { MAX_ITEMS_PER_LIST } from '@registry/schemas/forms/bounds.ts';
import { FACETS, facetByArgument } from '@registry/schemas/search/facets.ts';
import { buildSearchRecordsRequest, searchFacetValues, searchRecords, type SearchRecordsArgs } from '../../services/api/src/search/search-records.ts';
import { scanSearchRecords } from '../../services/api/src/search/scan-search-records.ts';
import { searchArgumentDefinitions } from '../../services/api/src/search/search-arguments.ts';
import { searchFixture, type SearchFixture } from './support/search-fixture.ts';
import { VISIBILITY_TEST_SUBJECT } from './support/corpus-documents.ts';
import { CURATOR, FACET_VALUES, countWhere, visibleToAnonymous } from './support/oracle.ts';

let fixture: SearchFixture;
let visible: RecordSearchDocument[];
const search = (args: SearchRecordsArgs, viewer = ANONYMOUS_VIEWER) => searchRecords(fixture.deps, args, viewer);
const subjectsOf = (document: RecordSearchDocument) => FACET_VALUES.subjects(document);
const bucketsOf = (buckets: { key: string; doc_count: number }[] | undefined) => new Map((buckets ?? []).map((bucket) => [bucket.key, bucket.doc_count]));

/** The most used values of a facet among visible records, most used first. */
function mostUsed(argument: string, documents: RecordSearchDocument[], size: number): string[] {
  const counts = new Map<string, number>();
  for (const document of documents) for (const value of new Set(FACET_VALUES[argument](document))) counts.set(value, (counts.get(value) ?? 0) + 1);
  return [...counts.entries()].sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0])).slice(0, size).map(([value]) => value);
}

/** Two subjects that some records share and neither holds alone: "all of" must narrow, "any of" widen. */
let pair: [string, string];
let third: string;

beforeAll(async () => {
  fixture = await searchFixture();
  visible = fixture.documents.filter(visibleToAnonymous);
  const top = mostUsed('subjects', visible, 40);
  const both = (a: string, b: string) => countWhere(visible, (d) => subjectsOf(d).includes(a) && subjectsOf(d).includes(b));
  const single = (a: string) => countWhere(visible, (d) => subjectsOf(d).includes(a));
  const found = top.flatMap((a, i) => top.slice(i + 1).map((b) => [a, b] as [string, string])).find(([a, b]) => both(a, b) > 0 && both(a, b) < Math.min(single(a), single(b)));
  if (!found) throw new Error('the catalogue has no two subjects that overlap in part');
  pair = found;
  const candidates = top.filter((value) => !pair.includes(value) && countWhere(visible, (d) => pair.every((p) => subjectsOf(d).includes(p)) && subjectsOf(d).includes(value)) > 0);
  if (!candidates[0]) throw new Error('no third subject shared with the pair');
  third = candidates[0];
});

describe('the …Match arguments', () => {
  it('exist for the facets a record holds several values of, and for no other', () => {
    const names = new Set(searchArgumentDefinitions().map((definition) => definition.name));
    for (const facet of FACETS) expect(names.has(`${facet.argument}Match`), facet.argument).toBe(!facet.singleValued);
    expect(FACETS.filter((facet) => facet.singleValued).map((facet) => facet.argument).sort()).toEqual(
      ['fairsharingRegistry', 'isApproved', 'isMaintained', 'isRecommended', 'recordType', 'status'],
    );
  });
});

describe('"any of" and "all of" one facet', () => {
  it('"any" (also the default) widens with a second value, "all" narrows', async () => {
    const [a, b] = pair;
    const withA = countWhere(visible, (d) => subjectsOf(d).includes(a));
    const anyCount = countWhere(visible, (d) => subjectsOf(d).includes(a) || subjectsOf(d).includes(b));
    const allCount = countWhere(visible, (d) => subjectsOf(d).includes(a) && subjectsOf(d).includes(b));
    expect(anyCount).toBeGreaterThan(withA);
    expect(allCount).toBeLessThan(withA);

    expect((await search({ subjects: [a] })).totalCount).toBe(withA);
    expect((await search({ subjects: [a, b] })).totalCount).toBe(anyCount);
    expect((await search({ subjects: [a, b], subjectsMatch: 'any' })).totalCount).toBe(anyCount);
    const all = await search({ subjects: [a.toUpperCase(), b], subjectsMatch: 'ALL', perPage: 100 });
    expect(all.error).toBeUndefined();
    expect(all.totalCount).toBe(allCount);
    expect(all.records.every((record) => subjectsOf(record).includes(a) && subjectsOf(record).includes(b))).toBe(true);
    // One value: both modes find the same records.
    expect((await search({ subjects: [a], subjectsMatch: 'all' })).totalCount).toBe(withA);
  });

  it('a comma string is a list of values that must all match; a value holding commas still matches as a whole', async () => {
    const [a, b] = pair;
    const allCount = countWhere(visible, (d) => subjectsOf(d).includes(a) && subjectsOf(d).includes(b));
    expect((await search({ subjects: `${a},${b}`, subjectsMatch: 'all' })).totalCount).toBe(allCount);
    // Blank parts are dropped, as under "any": "a," is "a".
    expect((await search({ subjects: [`${a},`, ` ${b} `], subjectsMatch: 'all' })).totalCount).toBe(allCount);
    const name = 'National Institutes of Health (NIH), Bethesda, MD, USA';
    const expected = countWhere(visible, (d) => FACET_VALUES.organisations(d).includes(name.toLowerCase()));
    expect(expected).toBeGreaterThan(0);
    expect((await search({ organisations: [name], organisationsMatch: 'all' })).totalCount).toBe(expected);
  });

  it('works for every facet that offers it, and combines with the other facets by AND', async () => {
    for (const facet of FACETS.filter((candidate) => !candidate.singleValued)) {
      const values = mostUsed(facet.argument, visible, 2);
      if (values.length < 2) continue; // object types are empty in the corpus
      const holds = (d: RecordSearchDocument) => values.every((value) => FACET_VALUES[facet.argument](d).includes(value));
      const result = await search({ [facet.argument]: values, [`${facet.argument}Match`]: 'all' });
      expect(result.totalCount, facet.argument).toBe(countWhere(visible, holds));
    }
    const [a, b] = pair;
    const databases = await search({ subjects: [a, b], subjectsMatch: 'all', fairsharingRegistry: 'database' });
    expect(databases.totalCount).toBe(countWhere(visible, (d) => d.registry === 'database' && subjectsOf(d).includes(a) && subjectsOf(d).includes(b)));
  });
});

describe('counts follow the mode', () => {
  it('under "all", each value counts what adding it leaves; the selected ones count the whole answer', async () => {
    const [a, b] = pair;
    const holdsPair = (d: RecordSearchDocument) => subjectsOf(d).includes(a) && subjectsOf(d).includes(b);
    const result = await search({ subjects: [a, b], subjectsMatch: 'all' });
    const subjects = bucketsOf(result.aggregations.subjects?.buckets);
    expect(subjects.get(a)).toBe(result.totalCount);
    expect(subjects.get(b)).toBe(result.totalCount);
    const withThird = countWhere(visible, (d) => holdsPair(d) && subjectsOf(d).includes(third));
    expect(subjects.get(third)).toBe(withThird);
    // Choosing it gives that count.
    expect((await search({ subjects: [a, b, third], subjectsMatch: 'all' })).totalCount).toBe(withThird);
    // Other facets are counted under the all-of selection.
    const registries = bucketsOf(result.aggregations.fairsharing_registry?.buckets);
    for (const registry of ['standard', 'database', 'policy', 'collection']) {
      expect(registries.get(registry) ?? 0, registry).toBe(countWhere(visible, (d) => holdsPair(d) && d.registry === registry));
    }
  });

  it('under "any", each value still counts under the other facets only (what it would add)', async () => {
    const [a, b] = pair;
    const result = await search({ subjects: [a, b] });
    const subjects = bucketsOf(result.aggregations.subjects?.buckets);
    expect(subjects.get(third)).toBe(countWhere(visible, (d) => subjectsOf(d).includes(third)));
    expect(subjects.get(a)).toBe(countWhere(visible, (d) => subjectsOf(d).includes(a)));
  });

  it('a facet panel\'s further values (searchFacetValues) follow the mode too', async () => {
    const [a, b] = pair;
    const subjects = facetByArgument('subjects')!;
    const answer = await searchFacetValues(fixture.deps, { subjects: [a, b], subjectsMatch: 'all' }, ANONYMOUS_VIEWER, { facet: subjects, size: 1_000 });
    const holdsPair = (d: RecordSearchDocument) => subjectsOf(d).includes(a) && subjectsOf(d).includes(b);
    const counts = bucketsOf(answer.buckets);
    const expected = new Map<string, number>();
    for (const document of visible.filter(holdsPair)) for (const value of new Set(subjectsOf(document))) expected.set(value, (expected.get(value) ?? 0) + 1);
    expect(counts).toEqual(expected);
  });

  it('a download walks the same records as the page', async () => {
    const [a, b] = pair;
    const seen: number[] = [];
    for await (const record of scanSearchRecords(fixture.deps, { subjects: [a, b], subjectsMatch: 'all' }, ANONYMOUS_VIEWER)) seen.push(record.id);
    expect(seen.sort((x, y) => x - y)).toEqual(visible.filter((d) => subjectsOf(d).includes(a) && subjectsOf(d).includes(b)).map((d) => d.id).sort((x, y) => x - y));
  });
});

describe('access and bounds', () => {
  it('never shows hidden or unapproved records to the public, in hits or counts', async () => {
    const probe = VISIBILITY_TEST_SUBJECT.toLowerCase();
    const anonymous = await search({ subjects: [probe], subjectsMatch: 'all' });
    expect(anonymous.totalCount).toBe(0);
    expect(bucketsOf(anonymous.aggregations.subjects?.buckets).get(probe)).toBeUndefined();
    expect((await search({ subjects: [probe], subjectsMatch: 'all' }, CURATOR)).totalCount).toBe(2);
  });

  it.each([
    [{ subjects: ['genomics'], subjectsMatch: 'sometimes' }],
    [{ subjectsMatch: 'both' }],
  ] as [SearchRecordsArgs][])('%o answers "invalid query"', async (args) => {
    const result = await search(args);
    expect(result.error).toBe('invalid query');
    expect(result.totalCount).toBe(0);
  });

  it(`takes at most ${MAX_ITEMS_PER_LIST} values under "all"`, async () => {
    const values = Array.from({ length: MAX_ITEMS_PER_LIST }, (_, index) => `value ${index}`);
    expect((await search({ subjects: values, subjectsMatch: 'all' })).error).toBeUndefined();
    expect((await search({ subjects: [...values, 'one more'], subjectsMatch: 'all' })).error).toBe('invalid query');
    // Parts of comma lists count as values.
    expect(() => buildSearchRecordsRequest({ subjects: [values.join(','), 'x'], subjectsMatch: 'all' }, ANONYMOUS_VIEWER)).toThrow(/at most/);
  });
});

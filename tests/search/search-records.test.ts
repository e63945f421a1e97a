import { beforeAll, describe, expect, it } from 'vitest';
import { ANONYMOUS_VIEWER, type RecordSearchDocument } from '@registry/schemas';
import { createSearchClient } from '@registry/platform';
import { FACETS } from '@registry/schemas/search/facets.ts';
import { buildSearchRecordsRequest, queryMatchedNothing, searchRecords, type SearchRecordsArgs } from '../../services/api/src/search/search-records.ts';
import { scanSearchRecords } from '../../services/api/src/search/scan-search-records.ts';
import type { SearchAnswer } from '../../services/api/src/search/search-execution.ts';
import { SearchUnavailableError } from '../../services/api/src/search/search-errors.ts';
import { searchFixture, type SearchFixture } from './support/search-fixture.ts';
import { HIDDEN_RECORD_ID, UNAPPROVED_RECORD_ID, VISIBILITY_TEST_SUBJECT } from './support/corpus-documents.ts';
import { CURATOR, FACET_VALUES, countWhere, visibleToAnonymous } from './support/oracle.ts';

let fixture: SearchFixture;
let visible: RecordSearchDocument[];
const search = (args: SearchRecordsArgs, viewer = ANONYMOUS_VIEWER) => searchRecords(fixture.deps, args, viewer);

beforeAll(async () => {
  fixture = await searchFixture();
  visible = fixture.documents.filter(visibleToAnonymous);
});

describe('searchRecords without arguments', () => {
  it('answers every visible record, 30 a page, sorted by name', async () => {
    const result = await search({});
    expect(result.error).toBeUndefined();
    expect(result.totalCount).toBe(visible.length);
    expect(result.perPage).toBe(30);
    expect(result.currentPage).toBe(1);
    expect(result.firstPage).toBe(true);
    expect(result.lastPage).toBe(false);
    expect(result.totalPages).toBe(Math.ceil(visible.length / 30));
    const names = result.records.map((record) => record.name.toLowerCase());
    expect(names).toEqual([...names].sort());
  });

  it('answers aggregations for every public facet, keyed like the public API', async () => {
    const result = await search({});
    const publicKeys = FACETS.filter((facet) => !facet.curatorOnly).map((facet) => facet.key).sort();
    expect(Object.keys(result.aggregations).sort()).toEqual(publicKeys);
    const registry = result.aggregations.fairsharing_registry!;
    expect(registry.buckets.find((bucket) => bucket.key === 'standard')?.doc_count).toBe(countWhere(visible, (d) => d.registry === 'standard'));
    const recommended = result.aggregations.is_recommended!.buckets.find((bucket) => bucket.key === 'true');
    expect(recommended?.doc_count).toBe(countWhere(visible, (d) => d.isRecommended));
  });
});

describe('facet filters', () => {
  const listFacets = FACETS.filter((facet) => facet.kind === 'list');

  it.each(listFacets.map((facet) => [facet.argument, facet.key]))('%s filters hits case-insensitively', async (argument, key) => {
    const all = await search({});
    const bucket = all.aggregations[key as keyof typeof all.aggregations]?.buckets[0];
    if (!bucket) {
      // object types are empty in the corpus: a value nobody holds finds nothing.
      const none = await search({ [argument]: 'no such value' });
      expect(none.totalCount).toBe(0);
      return;
    }
    const expected = countWhere(visible, (d) => FACET_VALUES[argument](d).includes(bucket.key));
    expect(bucket.doc_count).toBe(expected);
    const result = await search({ [argument]: bucket.key.toUpperCase() });
    expect(result.totalCount).toBe(expected);
    expect(result.records.every((record) => FACET_VALUES[argument](record).includes(bucket.key))).toBe(true);
  });

  it('several values of one facet match any of them; a comma string is a list', async () => {
    const expected = countWhere(visible, (d) => d.registry === 'standard' || d.registry === 'database');
    expect((await search({ fairsharingRegistry: ['Standard', 'DATABASE'] })).totalCount).toBe(expected);
    expect((await search({ fairsharingRegistry: 'Standard,database' })).totalCount).toBe(expected);
    expect((await search({ fairsharingRegistry: ['standard,database'] })).totalCount).toBe(expected);
  });

  it('a list value that holds a comma still matches as a whole', async () => {
    const name = 'National Institutes of Health (NIH), Bethesda, MD, USA';
    const expected = countWhere(visible, (d) => d.organisations.some((o) => o.name === name));
    expect(expected).toBeGreaterThan(0);
    expect((await search({ organisations: [name] })).totalCount).toBe(expected);
  });

  it('different facets combine with AND', async () => {
    const expected = countWhere(visible, (d) => d.registry === 'database' && d.countries.some((c) => c.name === 'France'));
    expect((await search({ fairsharingRegistry: 'database', countries: 'france' })).totalCount).toBe(expected);
  });

  it('boolean facets take booleans or "true"/"false"', async () => {
    const maintained = countWhere(visible, (d) => d.isMaintained);
    expect((await search({ isMaintained: true })).totalCount).toBe(maintained);
    expect((await search({ isMaintained: 'false' })).totalCount).toBe(visible.length - maintained);
    expect((await search({ isRecommended: 'TRUE' })).totalCount).toBe(countWhere(visible, (d) => d.isRecommended));
  });

  it('status accepts names, labels and the numeric codes 0-3', async () => {
    const count = (status: string) => countWhere(visible, (d) => d.status === status);
    for (const [argument, status] of [
      ['0', 'ready'], ['1', 'deprecated'], ['2', 'in_development'], ['3', 'uncertain'],
      ['Ready', 'ready'], ['In Dev.', 'in_development'], ['in_development', 'in_development'], ['DEPRECATED', 'deprecated'],
    ]) {
      expect((await search({ status: argument })).totalCount, argument).toBe(count(status));
    }
    expect((await search({ status: [0, 2] as unknown as string[] })).totalCount).toBe(count('ready') + count('in_development'));
  });

  it('registry accepts display names, plurals and the legacy biodbcore', async () => {
    const databases = countWhere(visible, (d) => d.registry === 'database');
    for (const value of ['Database', 'databases', 'BioDBcore']) expect((await search({ fairsharingRegistry: value })).totalCount).toBe(databases);
  });

  it('non-facet filters: ids, excludeId, isImplemented, hasPublication, metadata attributes', async () => {
    expect((await search({ ids: [2, 3, 4] })).records.map((r) => r.id).sort()).toEqual([2, 3, 4]);
    expect((await search({ ids: '2,3' })).totalCount).toBe(2);
    expect((await search({ ids: [2, 3], excludeId: 3 })).records.map((r) => r.id)).toEqual([2]);
    expect((await search({ isImplemented: true })).totalCount).toBe(countWhere(visible, (d) => d.isImplemented));
    expect((await search({ hasPublication: 'false' })).totalCount).toBe(countWhere(visible, (d) => !d.hasPublication));
    expect((await search({ dataAccessCondition: 'OPEN' })).totalCount).toBe(countWhere(visible, (d) => d.attributes.dataAccessCondition?.includes('open') ?? false));
    expect((await search({ mandatedDataSharing: true as unknown as string })).totalCount).toBe(countWhere(visible, (d) => d.attributes.mandatedDataSharing?.includes('true') ?? false));
  });
});

describe('facet counts under a selection (post_filter)', () => {
  it('keeps the counts of the other values of the selected facet, and narrows the other facets', async () => {
    const result = await search({ fairsharingRegistry: 'standard' });
    const standards = countWhere(visible, (d) => d.registry === 'standard');
    expect(result.totalCount).toBe(standards);
    const registryBuckets = Object.fromEntries(result.aggregations.fairsharing_registry!.buckets.map((b) => [b.key, b.doc_count]));
    expect(registryBuckets.database).toBe(countWhere(visible, (d) => d.registry === 'database'));
    expect(registryBuckets.standard).toBe(standards);
    const statusTotal = result.aggregations.status!.buckets.reduce((sum, bucket) => sum + bucket.doc_count, 0);
    expect(statusTotal).toBe(standards);
  });

  it('each facet is counted under all the OTHER selections', async () => {
    const result = await search({ fairsharingRegistry: 'database', isMaintained: true });
    const registryBuckets = Object.fromEntries(result.aggregations.fairsharing_registry!.buckets.map((b) => [b.key, b.doc_count]));
    expect(registryBuckets.standard).toBe(countWhere(visible, (d) => d.registry === 'standard' && d.isMaintained));
    const maintainedBuckets = Object.fromEntries(result.aggregations.is_maintained!.buckets.map((b) => [b.key, b.doc_count]));
    expect(maintainedBuckets.false).toBe(countWhere(visible, (d) => d.registry === 'database' && !d.isMaintained));
    expect(result.totalCount).toBe(countWhere(visible, (d) => d.registry === 'database' && d.isMaintained));
  });

  it('text and non-facet filters narrow every count', async () => {
    const result = await search({ isImplemented: true, fairsharingRegistry: 'policy' });
    const registryTotal = result.aggregations.fairsharing_registry!.buckets.reduce((sum, bucket) => sum + bucket.doc_count, 0);
    expect(registryTotal).toBe(countWhere(visible, (d) => d.isImplemented));
  });
});

describe('free text', () => {
  it('a word found only in the synonyms of subjects, domains or species finds the records holding those terms', async () => {
    const terms = (d: RecordSearchDocument) => [...d.subjects, ...d.domains, ...d.taxonomies];
    const words = (text: string) => text.toLowerCase().split(/[^a-z]+/).filter((word) => word.length >= 6);
    const elsewhere = new Set(
      fixture.documents.flatMap((d) => [d.name, d.abbreviation ?? '', d.description, ...terms(d).map((term) => term.label), ...d.objectTypes.map((t) => t.label), ...d.userDefinedTags.map((t) => t.label)].flatMap(words)),
    );
    const synonym = visible.flatMap((d) => terms(d).flatMap((term) => term.synonyms.flatMap(words))).find((word) => !elsewhere.has(word));
    expect(synonym, 'the corpus has a synonym word used nowhere else').toBeDefined();
    const holders = visible.filter((d) => terms(d).some((term) => term.synonyms.some((text) => words(text).includes(synonym!))));
    const result = await search({ q: synonym, perPage: 100 });
    expect(result.totalCount).toBe(holders.length);
    const holderIds = new Set(holders.map((d) => d.id));
    expect(result.records.every((record) => holderIds.has(record.id))).toBe(true);
  });

  it('searchAnd true needs every term, false any term; default is true', async () => {
    const all = await search({ q: 'genomics database', searchAnd: true });
    const any = await search({ q: 'genomics database', searchAnd: false });
    const fallback = await search({ q: 'genomics database' });
    expect(all.totalCount).toBeGreaterThan(0);
    expect(any.totalCount).toBeGreaterThan(all.totalCount);
    expect(fallback.totalCount).toBe(all.totalCount);
    expect((await search({ q: 'genomics database', searchAnd: 'false' })).totalCount).toBe(any.totalCount);
  });

  it('punctuation is cleaned away; a query of punctuation only matches everything', async () => {
    expect((await search({ q: 'LOINC!!!' })).records[0].id).toBe(2);
    expect((await search({ q: '?*&' })).totalCount).toBe(visible.length);
    expect((await search({ q: 'a) OR (b' })).error).toBeUndefined();
  });

  it('a typo is matched by a retry only when the exact terms match nothing; with searchAnd false, at once', async () => {
    const typo = 'Gene Ontolxgy';
    const first = buildSearchRecordsRequest({ q: typo }, ANONYMOUS_VIEWER);
    expect(JSON.stringify(first.body)).not.toContain('fuzziness');
    expect(first.typoRetry).toBe(true);
    const exactOnly = await fixture.deps.client.search({ index: fixture.deps.alias, body: first.body });
    expect((exactOnly.body as { hits: { total: { value: number } } }).hits.total.value).toBe(0);
    expect((await search({ q: typo })).records.map((record) => record.name)).toContain('Gene Ontology');
    // The retry recalls by typo matching alone (the exact terms just matched nothing) and keeps
    // the ranking tiers.
    const retry = JSON.stringify(buildSearchRecordsRequest({ q: typo }, ANONYMOUS_VIEWER, { typoRetry: true }).body);
    expect(retry).toContain('fuzziness');
    expect(retry).not.toContain('cross_fields');
    expect(retry).toContain('name.start');

    const anyTerm = buildSearchRecordsRequest({ q: typo, searchAnd: false }, ANONYMOUS_VIEWER);
    expect(JSON.stringify(anyTerm.body)).toContain('fuzziness');
    expect(anyTerm.typoRetry).toBe(false);
    expect((await search({ q: typo, searchAnd: false })).records.map((record) => record.name)).toContain('Gene Ontology');

    // Selected facets that hide every exact match do not make the text fuzzy.
    const hidden = buildSearchRecordsRequest({ q: 'Gene Ontology', fairsharingRegistry: 'policy' }, ANONYMOUS_VIEWER);
    const hiddenAnswer = (await fixture.deps.client.search({ index: fixture.deps.alias, body: hidden.body })).body as SearchAnswer;
    expect(hiddenAnswer.hits.total.value).toBe(0);
    expect(queryMatchedNothing(hiddenAnswer)).toBe(false);

    // A query the exact terms answer is not widened by near spellings.
    const exact = await search({ q: 'ontology', perPage: 100 });
    expect(exact.records.every((record) => JSON.stringify(record).toLowerCase().includes('ontology'))).toBe(true);
  });

  it('text combines with facets', async () => {
    const result = await search({ q: 'ontology', fairsharingRegistry: 'standard', perPage: 100 });
    expect(result.totalCount).toBeGreaterThan(0);
    expect(result.records.every((record) => record.registry === 'standard')).toBe(true);
  });
});

describe('paging', () => {
  it('pages are disjoint and totals are right', async () => {
    const first = await search({ perPage: 10, page: 1 });
    const second = await search({ perPage: 10, page: 2 });
    expect(second.firstPage).toBe(false);
    const ids = new Set(first.records.map((r) => r.id));
    expect(second.records.some((r) => ids.has(r.id))).toBe(false);
    expect(second.totalPages).toBe(Math.ceil(visible.length / 10));
  });

  it('a page past the end answers no records with the right totals', async () => {
    const result = await search({ perPage: 50, page: 1_000 });
    expect(result.records).toEqual([]);
    expect(result.totalCount).toBe(visible.length);
    expect(result.totalPages).toBe(Math.ceil(visible.length / 50));
    expect(result.currentPage).toBe(1_000);
    expect(result.lastPage).toBe(true);
    const beyondWindow = await search({ perPage: 100, page: 500 });
    expect(beyondWindow.records).toEqual([]);
    expect(beyondWindow.totalCount).toBe(visible.length);
    const last = await search({ perPage: 100, page: Math.ceil(visible.length / 100) });
    expect(last.records).toHaveLength(visible.length % 100 || 100);
    expect(last.lastPage).toBe(true);
  });

  it('perPage 0 or negative means the default, huge is capped at 100; page below 1 is page 1', async () => {
    expect((await search({ perPage: 0 })).perPage).toBe(30);
    expect((await search({ perPage: -4 })).perPage).toBe(30);
    const huge = await search({ perPage: 100_000 });
    expect(huge.perPage).toBe(100);
    expect(huge.records).toHaveLength(100);
    const low = await search({ page: -3 });
    expect(low.currentPage).toBe(1);
    expect(low.firstPage).toBe(true);
    expect((await search({ page: '2', perPage: '5' })).records).toHaveLength(5);
  });
});

describe('orderBy', () => {
  it('sorts by name and abbreviation both ways; records without abbreviation go last', async () => {
    const names = (await search({ orderBy: 'name,desc', perPage: 50 })).records.map((r) => r.name.toLowerCase());
    expect(names).toEqual([...names].sort().reverse());
    const abbreviations = (await search({ orderBy: 'abbreviation,asc', perPage: 50 })).records.map((r) => r.abbreviation!.toLowerCase());
    expect(abbreviations).toEqual([...abbreviations].sort());
    const lastPage = Math.ceil(visible.length / 100);
    const tail = (await search({ orderBy: 'abbreviation,desc', perPage: 100, page: lastPage })).records;
    expect(tail[tail.length - 1].abbreviation).toBeNull();
  });

  it('_score means best match first in either direction; anything else falls back to the default', async () => {
    const byDefault = (await search({ q: 'gene ontology' })).records.map((r) => r.id);
    expect((await search({ q: 'gene ontology', orderBy: '_score,asc' })).records.map((r) => r.id)).toEqual(byDefault);
    expect((await search({ q: 'gene ontology', orderBy: 'colour,sideways' })).records.map((r) => r.id)).toEqual(byDefault);
    const noText = (await search({ orderBy: 'nonsense' })).records.map((r) => r.name.toLowerCase());
    expect(noText).toEqual([...noText].sort());
  });

  it('orderBy name applies to text searches too', async () => {
    const names = (await search({ q: 'ontology', orderBy: 'name,asc', perPage: 50 })).records.map((r) => r.name.toLowerCase());
    expect(names).toEqual([...names].sort());
  });
});

describe('visibility', () => {
  const probes = [HIDDEN_RECORD_ID, UNAPPROVED_RECORD_ID];

  it('hidden and unapproved records never reach anonymous users, in hits or counts', async () => {
    expect((await search({ q: 'Zyxwvut hidden probe' })).totalCount).toBe(0);
    expect((await search({ q: 'Qwertzu unapproved probe' })).totalCount).toBe(0);
    expect((await search({ ids: probes })).totalCount).toBe(0);
    const bySubject = await search({ subjects: VISIBILITY_TEST_SUBJECT });
    expect(bySubject.totalCount).toBe(0);
    const all = await search({ perPage: 1 });
    expect(all.aggregations.subjects!.buckets.some((b) => b.key === VISIBILITY_TEST_SUBJECT.toLowerCase())).toBe(false);
    expect(all.aggregations.is_approved).toBeUndefined();
    expect((await search({ isApproved: false })).totalCount).toBe(visible.length);
  });

  it('curators see them and may filter on isApproved', async () => {
    const bySubject = await search({ subjects: VISIBILITY_TEST_SUBJECT }, CURATOR);
    expect(bySubject.records.map((r) => r.id).sort()).toEqual(probes);
    expect((await search({}, CURATOR)).totalCount).toBe(fixture.documents.length);
    expect((await search({ isApproved: false }, CURATOR)).records.map((r) => r.id)).toEqual([UNAPPROVED_RECORD_ID]);
    const approved = (await search({}, CURATOR)).aggregations.is_approved!.buckets;
    expect(approved.find((b) => b.key === 'false')?.doc_count).toBe(1);
  });
});

describe('invalid and failing searches', () => {
  it.each([
    [{ page: 'abc' }],
    [{ perPage: 'lots' }],
    [{ isRecommended: 'maybe' }],
    [{ ids: ['x'] }],
    [{ searchAnd: 'sometimes' }],
  ] as [SearchRecordsArgs][])('%o answers "invalid query" instead of failing', async (args) => {
    const result = await search(args);
    expect(result.error).toBe('invalid query');
    expect(result.records).toEqual([]);
    expect(result.totalCount).toBe(0);
  });

  it('OpenSearch being unreachable is a SearchUnavailableError', async () => {
    const client = createSearchClient({ opensearchUrl: 'http://127.0.0.1:1' });
    await expect(searchRecords({ client, alias: fixture.deps.alias }, {}, ANONYMOUS_VIEWER)).rejects.toBeInstanceOf(SearchUnavailableError);
  });
});

describe('scanSearchRecords', () => {
  it('walks every matching record once, with the visibility rules, beyond any page limit', async () => {
    const seen: number[] = [];
    for await (const record of scanSearchRecords(fixture.deps, { fairsharingRegistry: 'database', perPage: 5 }, ANONYMOUS_VIEWER)) seen.push(record.id);
    expect(seen.length).toBe(countWhere(visible, (d) => d.registry === 'database'));
    expect(new Set(seen).size).toBe(seen.length);
    let all = 0;
    for await (const _record of scanSearchRecords(fixture.deps, {}, CURATOR)) all += 1;
    expect(all).toBe(fixture.documents.length);
  });

  it('retries a typo like the page does', async () => {
    const page = (await search({ q: 'Gene Ontolxgy', perPage: 100 })).records.map((r) => r.id);
    const scanned: number[] = [];
    for await (const record of scanSearchRecords(fixture.deps, { q: 'Gene Ontolxgy' }, ANONYMOUS_VIEWER)) scanned.push(record.id);
    expect(page.length).toBeGreaterThan(0);
    expect(scanned).toEqual(page);
  });

  it('keeps the relevance order of a text search', async () => {
    const page = (await search({ q: 'gene ontology', perPage: 20 })).records.map((r) => r.id);
    const scanned: number[] = [];
    for await (const record of scanSearchRecords(fixture.deps, { q: 'gene ontology' }, ANONYMOUS_VIEWER)) scanned.push(record.id);
    expect(scanned.slice(0, 20)).toEqual(page);
  });
});

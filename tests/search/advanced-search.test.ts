import { beforeAll, describe, expect, it } from 'vitest';
import { ANONYMOUS_VIEWER, type RecordSearchDocument } from '@registry/schemas';
import type { AdvancedSearchWhere } from '@registry/schemas/search/advanced-search-url.ts';
import { parseAdvancedSearchUrl } from '@registry/schemas/search/advanced-search-url.ts';
import { ADVANCED_SEARCH_BATCH, ADVANCED_SEARCH_LIMIT, advancedSearch, buildAdvancedSearchBody } from '../../services/api/src/search/advanced-search.ts';
import { executeSearch } from '../../services/api/src/search/search-execution.ts';
import { InvalidQueryError } from '../../services/api/src/search/search-errors.ts';
import { searchFixture, type SearchFixture } from './support/search-fixture.ts';
import { HIDDEN_RECORD_ID, UNAPPROVED_RECORD_ID, VISIBILITY_TEST_SUBJECT } from './support/corpus-documents.ts';
import { CURATOR, visibleToAnonymous } from './support/oracle.ts';

let fixture: SearchFixture;
let visible: RecordSearchDocument[];

beforeAll(async () => {
  fixture = await searchFixture();
  visible = fixture.documents.filter(visibleToAnonymous);
});

async function ids(where: AdvancedSearchWhere | null, q?: string, viewer = ANONYMOUS_VIEWER): Promise<number[]> {
  return (await advancedSearch(fixture.deps, { q, where }, viewer)).map((record) => record.id).sort((a, b) => a - b);
}

function expected(predicate: (document: RecordSearchDocument) => boolean): number[] {
  return visible.filter(predicate).map((document) => document.id).sort((a, b) => a - b);
}

const hasSubject = (label: string) => (document: RecordSearchDocument) => document.subjects.some((s) => s.label.toLowerCase() === label);
const isPolicy = (document: RecordSearchDocument) => document.registry === 'policy';
const fromFrance = (document: RecordSearchDocument) => document.countries.some((c) => c.name === 'France');

describe('advancedSearch text', () => {
  it('finds a record through a typo (retried with typo matching when nothing matched)', async () => {
    const found = await advancedSearch(fixture.deps, { q: 'Gene Ontolxgy', where: null }, ANONYMOUS_VIEWER);
    expect(found.map((record) => record.name)).toContain('Gene Ontology');
  });
});

describe('advancedSearch operators', () => {
  it('group _and: every rule; group _or: any rule', async () => {
    const and = await ids({ operator: '_and', fields: [{ operator: '_and', registry: ['policy'], countries: ['France'] }] });
    expect(and).toEqual(expected((d) => isPolicy(d) && fromFrance(d)));
    const or = await ids({ operator: '_and', fields: [{ operator: '_or', registry: ['policy'], countries: ['France'] }] });
    expect(or).toEqual(expected((d) => isPolicy(d) || fromFrance(d)));
  });

  it('inside one rule, the group operator combines the values of a multi-valued field', async () => {
    const and = await ids({ operator: '_and', fields: [{ operator: '_and', subjects: ['genomics', 'life science'] }] });
    expect(and.length).toBeGreaterThan(0);
    expect(and).toEqual(expected((d) => hasSubject('genomics')(d) && hasSubject('life science')(d)));
    const or = await ids({ operator: '_and', fields: [{ operator: '_or', subjects: ['genomics', 'proteomics'] }] });
    expect(or).toEqual(expected((d) => hasSubject('genomics')(d) || hasSubject('proteomics')(d)));
    const curated = await ids({ operator: '_and', fields: [{ operator: '_and', dataCuration: ['manual', 'automated'] }] });
    expect(curated).toEqual(expected((d) => ['manual', 'automated'].every((v) => d.attributes.dataCuration?.includes(v))));
  });

  it('several values of a single-valued field (registry, type, status) always mean any of them', async () => {
    const registries = await ids({ operator: '_and', fields: [{ operator: '_and', registry: ['Policy', 'collection'] }] });
    expect(registries).toEqual(expected((d) => d.registry === 'policy' || d.registry === 'collection'));
    const statuses = await ids({ operator: '_and', fields: [{ operator: '_and', status: ['deprecated', 'uncertain'] }] });
    expect(statuses).toEqual(expected((d) => d.status === 'deprecated' || d.status === 'uncertain'));
  });

  it('root _and: every group; root _or: any group', async () => {
    const groups: AdvancedSearchWhere['fields'] = [
      { operator: '_and', registry: ['policy'] },
      { operator: '_or', countries: ['France'], isRecommended: true },
    ];
    const and = await ids({ operator: '_and', fields: groups });
    expect(and).toEqual(expected((d) => isPolicy(d) && (fromFrance(d) || d.isRecommended)));
    const or = await ids({ operator: '_or', fields: groups });
    expect(or).toEqual(expected((d) => isPolicy(d) || fromFrance(d) || d.isRecommended));
  });

  it('merges standardtype/databasetype/policytype into one type rule (any of the types)', async () => {
    const merged = await ids({ operator: '_and', fields: [{ operator: '_and', databasetype: ['Repository'], policytype: ['journal'] }] });
    expect(merged.length).toBeGreaterThan(0);
    expect(merged).toEqual(expected((d) => d.recordType === 'repository' || d.recordType === 'journal'));
    expect(await ids({ operator: '_and', fields: [{ operator: '_and', type: ['repository', 'journal'] }] })).toEqual(merged);
  });

  it('boolean rules accept true/false and "true"/"false"', async () => {
    expect(await ids({ operator: '_and', fields: [{ operator: '_and', isImplemented: 'true', registry: 'standard' }] })).toEqual(
      expected((d) => d.isImplemented && d.registry === 'standard'),
    );
    expect(await ids({ operator: '_and', fields: [{ operator: '_and', hasPublication: false, registry: 'policy' }] })).toEqual(
      expected((d) => !d.hasPublication && isPolicy(d)),
    );
    expect(await ids({ operator: '_and', fields: [{ operator: '_and', mandatedDataSharing: true }] })).toEqual(
      expected((d) => d.attributes.mandatedDataSharing?.includes('true') ?? false),
    );
  });

  it('text narrows the filtered records; the URL form gives the same answer', async () => {
    const withText = await ids({ operator: '_and', fields: [{ operator: '_and', registry: ['standard'] }] }, 'ontology');
    expect(withText.length).toBeGreaterThan(0);
    expect(withText.every((id) => fixture.byId.get(id)!.registry === 'standard')).toBe(true);
    const parsed = parseAdvancedSearchUrl({ q: 'ontology', operator: '_and', fields: '(operator=_and&registry=standard)' });
    expect(await ids(parsed.where, parsed.q)).toEqual(withText);
  });
});

describe('advancedSearch limits, visibility and errors', () => {
  it(`answers at most ${ADVANCED_SEARCH_LIMIT} records`, async () => {
    expect(await ids(null)).toHaveLength(ADVANCED_SEARCH_LIMIT);
  });

  it(`reads its answer in batches of ${ADVANCED_SEARCH_BATCH} in the order one request would give`, async () => {
    for (const q of [undefined, 'a', 'ontology']) {
      const whole = await executeSearch(fixture.deps, buildAdvancedSearchBody({ q, where: null }, ANONYMOUS_VIEWER));
      const batched = await advancedSearch(fixture.deps, { q, where: null }, ANONYMOUS_VIEWER);
      expect(batched.map((record) => record.id)).toEqual(whole.hits.hits.map((hit) => hit._source.id));
    }
    expect(ADVANCED_SEARCH_LIMIT).toBeGreaterThan(ADVANCED_SEARCH_BATCH);
  });

  it('hides hidden and unapproved records from anonymous users; curators see them', async () => {
    const where: AdvancedSearchWhere = { operator: '_and', fields: [{ operator: '_and', subjects: [VISIBILITY_TEST_SUBJECT] }] };
    expect(await ids(where)).toEqual([]);
    expect(await ids(where, undefined, CURATOR)).toEqual([HIDDEN_RECORD_ID, UNAPPROVED_RECORD_ID]);
  });

  it('rejects unknown filters, operators and values with InvalidQueryError', async () => {
    const run = (where: unknown) => advancedSearch(fixture.deps, { where: where as AdvancedSearchWhere }, ANONYMOUS_VIEWER);
    await expect(run({ operator: '_and', fields: [{ operator: '_and', colour: ['red'] }] })).rejects.toBeInstanceOf(InvalidQueryError);
    await expect(run({ operator: '_xor', fields: [] })).rejects.toBeInstanceOf(InvalidQueryError);
    await expect(run({ operator: '_and', fields: [{ operator: 'maybe', registry: ['standard'] }] })).rejects.toBeInstanceOf(InvalidQueryError);
    await expect(run({ operator: '_and', fields: [{ operator: '_and', isImplemented: 'perhaps' }] })).rejects.toBeInstanceOf(InvalidQueryError);
  });
});

/**
 * Relevance over the real corpus. Known-item: the name and the abbreviation of EVERY record,
 * in varied letter case, must rank that record first (or a record with exactly the same name
 * or abbreviation). Typos: one wrong letter in a word of 5+ letters still finds the record.
 * Topics: for 50+ vocabulary terms (support/topical-judgements.ts, built from Postgres), the
 * records annotated with the term or a narrower one are relevant; nDCG@10 is printed.
 * Uses the run's shared catalogue when it is seeded and indexed, else the search fixture
 * (the topical set needs the shared catalogue's database).
 * Known-item queries go in parallel batches through `msearch`, with the very body
 * `searchRecords` sends first; typo queries go through `searchRecords` itself, since a typo
 * is found by its retry with typo matching when the exact terms match nothing.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { createDatabase, createSearchClient, loadConfig, type SearchClient } from '@registry/platform';
import { ANONYMOUS_VIEWER, recordsAlias, type RecordSearchDocument } from '@registry/schemas';
import { buildSearchRecordsRequest, searchRecords } from '../../services/api/src/search/search-records.ts';
import { scanSearchRecords } from '../../services/api/src/search/scan-search-records.ts';
import { countDocuments } from './support/search-index.ts';
import { searchFixture } from './support/search-fixture.ts';
import { visibleToAnonymous } from './support/oracle.ts';
import { normalisedDcg, topicalJudgements, type TopicalJudgement } from './support/topical-judgements.ts';

const BATCH = 50;
const PARALLEL_BATCHES = 3;
const SHARED_CATALOGUE_MINIMUM = 3_000;

interface Catalogue {
  client: SearchClient;
  alias: string;
  documents: RecordSearchDocument[];
  source: string;
}

let catalogue: Catalogue;

async function loadCatalogue(): Promise<Catalogue> {
  const config = loadConfig(process.env);
  const client = createSearchClient(config);
  const shared = recordsAlias(config.indexPrefix);
  if ((await countDocuments(client, shared)) >= SHARED_CATALOGUE_MINIMUM) {
    const documents: RecordSearchDocument[] = [];
    for await (const document of scanSearchRecords({ client, alias: shared }, {}, ANONYMOUS_VIEWER)) documents.push(document);
    return { client, alias: shared, documents, source: 'shared catalogue' };
  }
  const fixture = await searchFixture();
  return { client, alias: fixture.deps.alias, documents: fixture.documents.filter(visibleToAnonymous), source: 'search fixture' };
}

type Hit = Pick<RecordSearchDocument, 'id' | 'name' | 'abbreviation'>;

/** Top hits per query, through msearch in parallel batches. */
async function topHits(queries: string[], size: number): Promise<Hit[][]> {
  const answers: Hit[][] = new Array(queries.length);
  const batches: number[] = [];
  for (let start = 0; start < queries.length; start += BATCH) batches.push(start);
  const worker = async (): Promise<void> => {
    for (let start = batches.shift(); start !== undefined; start = batches.shift()) {
      const slice = queries.slice(start, start + BATCH);
      const body = slice.flatMap((q) => {
        const { body: search } = buildSearchRecordsRequest({ q, perPage: size }, ANONYMOUS_VIEWER);
        delete search.aggs;
        return [{ index: catalogue.alias }, { ...search, _source: ['id', 'name', 'abbreviation'], track_total_hits: false }];
      });
      // Generous timeout: the whole corpus is thousands of queries on a possibly busy machine.
      const response = await catalogue.client.msearch({ body }, { requestTimeout: 300_000 });
      const responses = (response.body as { responses: { error?: unknown; hits: { hits: { _source: Hit }[] } }[] }).responses;
      responses.forEach((answer, offset) => {
        if (answer.error) throw new Error(`query "${slice[offset]}" failed: ${JSON.stringify(answer.error)}`);
        answers[start + offset] = answer.hits.hits.map((hit) => hit._source);
      });
    }
  };
  await Promise.all(Array.from({ length: PARALLEL_BATCHES }, worker));
  return answers;
}

const sameText = (a: string | null, b: string) => a !== null && a.trim().replace(/\s+/g, ' ').toLowerCase() === b.trim().replace(/\s+/g, ' ').toLowerCase();

/** Original, UPPER or lower case, varied by record so every case is exercised. */
function varyCase(text: string, seed: number): string {
  if (seed % 3 === 1) return text.toUpperCase();
  if (seed % 3 === 2) return text.toLowerCase();
  return text;
}

beforeAll(async () => {
  catalogue = await loadCatalogue();
});

describe('known-item search', () => {
  it('puts every record first for its own name and abbreviation, in any letter case', async () => {
    const cases: { record: RecordSearchDocument; q: string }[] = [];
    for (const record of catalogue.documents) {
      cases.push({ record, q: varyCase(record.name, record.id) });
      if (record.abbreviation?.trim()) cases.push({ record, q: varyCase(record.abbreviation, record.id + 1) });
    }
    const answers = await topHits(cases.map((entry) => entry.q), 1);
    const failures = cases
      .map((entry, index) => ({ ...entry, top: answers[index][0] }))
      .filter(({ record, q, top }) => !top || (top.id !== record.id && !sameText(top.name, q) && !sameText(top.abbreviation, q)))
      .map(({ record, q, top }) => `${q} → expected ${record.id}, got ${top ? `${top.id} ${top.name} (${top.abbreviation})` : 'nothing'}`);
    console.info(`known-item: ${cases.length - failures.length}/${cases.length} queries right on the ${catalogue.source} (${catalogue.documents.length} records)`);
    expect(failures).toEqual([]);
  }, 900_000);
});

describe('typo tolerance', () => {
  /** One-letter typos of a word, in turn: a letter wrong, missing, added, two neighbours swapped. */
  const TYPOS: ((word: string, at: number) => string)[] = [
    (word, at) => word.slice(0, at) + (word[at].toLowerCase() === 'x' ? 'z' : 'x') + word.slice(at + 1),
    (word, at) => word.slice(0, at) + word.slice(at + 1),
    (word, at) => word.slice(0, at) + 'x' + word.slice(at),
    (word, at) => (word[at] === word[at + 1] ? word.slice(0, at) + 'x' + word.slice(at + 1) : word.slice(0, at) + word[at + 1] + word[at] + word.slice(at + 2)),
  ];

  it('finds a record whose name has a one-letter typo (wrong, missing, added, swapped) in a word of 5+ letters', async () => {
    const sample = catalogue.documents.filter((_, index) => index % 25 === 0);
    const cases = sample.flatMap((record, index) => {
      const words = record.name.split(/\s+/);
      const target = words.findIndex((word) => /^[A-Za-z]{5,}$/.test(word));
      if (target < 0) return [];
      const word = words[target];
      words[target] = TYPOS[index % TYPOS.length](word, Math.floor(word.length / 2));
      return [{ record, q: words.join(' ') }];
    });
    const answers: Hit[][] = [];
    const pending = cases.map((entry, index) => ({ ...entry, index }));
    const worker = async (): Promise<void> => {
      for (let next = pending.shift(); next; next = pending.shift()) {
        const result = await searchRecords({ client: catalogue.client, alias: catalogue.alias }, { q: next.q, perPage: 10 }, ANONYMOUS_VIEWER);
        answers[next.index] = result.records;
      }
    };
    await Promise.all(Array.from({ length: 4 }, worker));
    const ranks = cases.map((entry, index) => answers[index].findIndex((hit) => hit.id === entry.record.id));
    const firsts = ranks.filter((rank) => rank === 0).length;
    console.info(`typos: ${firsts}/${cases.length} at rank 1, ${ranks.filter((rank) => rank >= 0).length}/${cases.length} in the top 10`);
    const missing = cases.filter((_, index) => ranks[index] < 0).map((entry) => `${entry.q} (${entry.record.id})`);
    expect(cases.length).toBeGreaterThan(50);
    expect(missing).toEqual([]);
  }, 300_000);
});

describe('topical search', () => {
  let judgements: TopicalJudgement[];

  beforeAll(async () => {
    const db = createDatabase(loadConfig(process.env).databaseUrl);
    try {
      judgements = await topicalJudgements(db);
    } finally {
      await db.destroy();
    }
  }, 120_000);

  /** Record ids of the first `perPage` results of each query, four queries at a time. */
  async function rankings(queries: string[], perPage: number): Promise<number[][]> {
    const answers: number[][] = [];
    const pending = queries.map((q, index) => ({ q, index }));
    const worker = async (): Promise<void> => {
      for (let next = pending.shift(); next; next = pending.shift()) {
        const result = await searchRecords({ client: catalogue.client, alias: catalogue.alias }, { q: next.q, perPage }, ANONYMOUS_VIEWER);
        answers[next.index] = result.records.map((record) => record.id);
      }
    };
    await Promise.all(Array.from({ length: 4 }, worker));
    return answers;
  }

  it('ranks the records annotated with the term the query names (or a narrower term) first: nDCG@10 ≥ 0.95', async () => {
    expect(catalogue.source).toBe('shared catalogue');
    expect(judgements.length).toBeGreaterThanOrEqual(50);
    for (const vocabulary of ['subject', 'domain', 'species', 'tag']) expect(judgements.some((judgement) => judgement.vocabulary === vocabulary)).toBe(true);
    const queries = judgements.map((judgement, index) => varyCase(judgement.label, index));
    const ranked = await rankings(queries, 10);
    const scores = judgements.map((judgement, index) => normalisedDcg(ranked[index], judgement.relevant));
    const mean = scores.reduce((sum, score) => sum + score, 0) / scores.length;
    const counts = ['subject', 'domain', 'species', 'tag'].map((vocabulary) => `${judgements.filter((judgement) => judgement.vocabulary === vocabulary).length} ${vocabulary}`);
    console.info(`topical: nDCG@10 ${mean.toFixed(3)} over ${judgements.length} terms (${counts.join(', ')})`);
    const weakest = judgements
      .map((judgement, index) => ({ judgement, score: scores[index] }))
      .filter(({ score }) => score < 0.8)
      .map(({ judgement, score }) => `${judgement.vocabulary} "${judgement.label}" ${score.toFixed(2)} (${judgement.relevant.size} relevant)`);
    if (weakest.length) console.info(`topical, below 0.8: ${weakest.join('; ')}`);
    expect(mean).toBeGreaterThanOrEqual(0.95);
  }, 300_000);

  it('finds the same annotated records for a synonym as for the label', async () => {
    const withSynonym = judgements.filter((judgement) => judgement.synonyms.length > 0);
    expect(withSynonym.length).toBeGreaterThan(3);
    const pageSize = 100;
    const [byLabel, bySynonym] = await Promise.all([
      rankings(withSynonym.map((judgement) => judgement.label), pageSize),
      rankings(withSynonym.map((judgement) => judgement.synonyms[0].toUpperCase()), pageSize),
    ]);
    const found = (ids: number[], relevant: Set<number>) => ids.filter((id) => relevant.has(id)).sort((a, b) => a - b);
    withSynonym.forEach((judgement, index) => {
      const expected = Math.min(pageSize, judgement.relevant.size);
      expect(found(bySynonym[index], judgement.relevant), `"${judgement.synonyms[0]}" for "${judgement.label}"`).toEqual(found(byLabel[index], judgement.relevant));
      expect(found(byLabel[index], judgement.relevant).length, `"${judgement.label}"`).toBe(expected);
    });
    console.info(`topical synonyms: ${withSynonym.length} terms found the same records by a synonym as by the label`);
  }, 300_000);
});

/**
 * The topical judgement set, built from the seeded catalogue in Postgres (never from the index
 * it judges): for vocabulary terms of the four vocabularies (subjects, domains, species, tags),
 * the public records annotated with the term or with any narrower term are relevant.
 *
 * A query names every term whose label or synonym has its key (letters and digits, lower case),
 * in any vocabulary, so a subject and a tag both called "Genomics" make one judgement whose
 * relevant records are both terms' records.
 *
 * Terms are picked by a fixed rule, so every run judges the same set: per vocabulary, the terms
 * with at least MINIMUM_RELEVANT public records, evenly spread over their id order, plus the
 * subjects that showed the problem ("Oceanography", "Critical Care Medicine", "Data Governance").
 */
import type { Database } from '@registry/platform';
import { topicKey } from '@registry/schemas/search/topic-keys.ts';

export type Vocabulary = 'subject' | 'domain' | 'species' | 'tag';

export interface TopicalJudgement {
  vocabulary: Vocabulary;
  label: string;
  synonyms: string[];
  /** Public records annotated with a term of this key or a narrower term of one. */
  relevant: Set<number>;
}

interface VocabularyTables {
  vocabulary: Vocabulary;
  table: string;
  link: string;
  key: string;
  /** Parent table and its child column, for vocabularies with a hierarchy. */
  parents?: { table: string; child: string };
  hasSynonyms: boolean;
}

const VOCABULARIES: VocabularyTables[] = [
  { vocabulary: 'subject', table: 'subjects', link: 'record_subjects', key: 'subject_id', parents: { table: 'subject_parents', child: 'subject_id' }, hasSynonyms: true },
  { vocabulary: 'domain', table: 'domains', link: 'record_domains', key: 'domain_id', parents: { table: 'domain_parents', child: 'domain_id' }, hasSynonyms: true },
  { vocabulary: 'species', table: 'taxonomies', link: 'record_taxonomies', key: 'taxonomy_id', hasSynonyms: true },
  { vocabulary: 'tag', table: 'user_defined_tags', link: 'record_user_defined_tags', key: 'user_defined_tag_id', hasSynonyms: false },
];

const MINIMUM_RELEVANT = 3;
const NAMED_IN_THE_ISSUE = ['Oceanography', 'Critical Care Medicine', 'Data Governance'];

interface Term {
  vocabulary: Vocabulary;
  id: number;
  label: string;
  synonyms: string[];
  /** Public records annotated with this term or a narrower one. */
  records: Set<number>;
}

async function termsOf(db: Database, tables: VocabularyTables): Promise<Term[]> {
  const rows: { id: number; label: string; synonyms: string[] | null }[] = await db(tables.table)
    .select('id', 'label', tables.hasSynonyms ? 'synonyms' : db.raw('null as synonyms'))
    .orderBy('id');
  const links: { record_id: number; term_id: number }[] = await db(`${tables.link} as link`)
    .join('records as record', 'record.id', 'link.record_id')
    .where({ 'record.is_hidden': false, 'record.is_approved': true })
    .select('link.record_id', `link.${tables.key} as term_id`);
  const parents: { child: number; parent: number }[] = tables.parents
    ? await db(tables.parents.table).select(`${tables.parents.child} as child`, 'parent_id as parent')
    : [];
  const own = new Map<number, Set<number>>();
  for (const link of links) own.set(link.term_id, (own.get(link.term_id) ?? new Set()).add(link.record_id));
  const children = new Map<number, number[]>();
  for (const { child, parent } of parents) children.set(parent, [...(children.get(parent) ?? []), child]);
  const below = (id: number): Set<number> => {
    const records = new Set<number>();
    const seen = new Set<number>();
    const stack = [id];
    for (let next = stack.pop(); next !== undefined; next = stack.pop()) {
      if (seen.has(next)) continue;
      seen.add(next);
      for (const record of own.get(next) ?? []) records.add(record);
      stack.push(...(children.get(next) ?? []));
    }
    return records;
  };
  return rows.map((row) => ({ vocabulary: tables.vocabulary, id: row.id, label: row.label, synonyms: row.synonyms ?? [], records: below(row.id) }));
}

/** Every n-th of `list`, `count` of them. */
function spread<T>(list: T[], count: number): T[] {
  if (list.length <= count) return list;
  return Array.from({ length: count }, (_, index) => list[Math.floor((index * list.length) / count)]);
}

export async function topicalJudgements(db: Database, perVocabulary = 18): Promise<TopicalJudgement[]> {
  const all = (await Promise.all(VOCABULARIES.map((tables) => termsOf(db, tables)))).flat();
  const byKey = new Map<string, Term[]>();
  for (const term of all) {
    for (const text of [term.label, ...term.synonyms]) {
      const key = topicKey(text);
      if (key) byKey.set(key, [...(byKey.get(key) ?? []), term]);
    }
  }
  const relevantFor = (text: string): Set<number> => new Set((byKey.get(topicKey(text)) ?? []).flatMap((term) => [...term.records]));
  const chosen = new Map<string, Term>();
  for (const tables of VOCABULARIES) {
    const candidates = all.filter((term) => term.vocabulary === tables.vocabulary && relevantFor(term.label).size >= MINIMUM_RELEVANT);
    for (const term of spread(candidates, perVocabulary)) chosen.set(topicKey(term.label), term);
  }
  for (const label of NAMED_IN_THE_ISSUE) {
    const term = all.find((candidate) => candidate.vocabulary === 'subject' && topicKey(candidate.label) === topicKey(label));
    if (term && relevantFor(term.label).size > 0) chosen.set(topicKey(term.label), term);
  }
  const namedTerms = (text: string): string => [...new Set(byKey.get(topicKey(text)) ?? [])].map((term) => `${term.vocabulary}:${term.id}`).sort().join(',');
  return [...chosen.values()].map((term) => ({
    vocabulary: term.vocabulary,
    label: term.label,
    // Only synonyms that name exactly the terms the label names (two terms may share a label
    // but not its synonyms): those must find the same records.
    synonyms: term.synonyms.filter((synonym) => topicKey(synonym) !== topicKey(term.label) && namedTerms(synonym) === namedTerms(term.label)),
    relevant: relevantFor(term.label),
  }));
}

/** nDCG@k with binary relevance: the ranking against the best possible one for this many relevant records. */
export function normalisedDcg(rankedIds: number[], relevant: Set<number>, k = 10): number {
  const gain = (rank: number) => 1 / Math.log2(rank + 2);
  const dcg = rankedIds.slice(0, k).reduce((sum, id, rank) => sum + (relevant.has(id) ? gain(rank) : 0), 0);
  let ideal = 0;
  for (let rank = 0; rank < Math.min(k, relevant.size); rank += 1) ideal += gain(rank);
  return ideal === 0 ? 0 : dcg / ideal;
}

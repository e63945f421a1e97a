/**
 * Free-text relevance. Tiers, each far above the next so that a known item always wins:
 *   1. the whole query equals the name or abbreviation (case-insensitive keyword) — 10,000
 *   T. the record is annotated with the vocabulary term (subject, domain, species or tag, by
 *      label or synonym) that the query, or a phrase in it, names — up to 3,000, by the share
 *      of the query the phrase covers — or with a narrower term of it, half that (`topicalMatch`)
 *   2. the name or abbreviation starts with the query — 1,000
 *   3. the name or abbreviation holds the query as a phrase (last word as a prefix) — 100
 *   4. BM25 over name and abbreviation (×3), description (×1) and `vocabulary` (×0.5: the
 *      subject/domain/species/object-type/tag labels and synonyms, copied into one field), and
 *      below it word forms (the same fields stemmed) and the last word as a prefix of a word of
 *      the name or abbreviation (`wordFormMatches`)
 *   5. a fuzzy match on `title` (name and abbreviation, copied into one field; one edit in
 *      words of 3+ letters, first letter fixed), low boost, so a one-letter typo (a letter
 *      wrong, missing, added, or two swapped) still finds the record.
 * Recall (which records match at all) is tier 4's cross-field match (or its word forms and
 * prefix), the record's annotation with the term the whole query names, or tier 5 for typos, on
 * the cleaned text and on the text as typed; `matchAllTerms` decides whether every term or any
 * term must match. Only match/term-level queries: no query-string syntax reaches OpenSearch.
 * The mapping (records-v7.json, `_meta.derived`) makes each tier cheap to build per search:
 * tier 2 reads the prefixes indexed under `name.start`/`abbreviation.start`, tiers 4 and 5
 * resolve four fields and one.
 *
 * Tier 5 costs about as much as the rest of the query together (it expands every term into
 * its near spellings). It allows one edit, not AUTO's two for words of 6+ letters: the second
 * edit made typo searches about 2.5× dearer on 100k records (scripts/bench/search.ts) and only
 * served two-typo words, which users fix themselves far more than they mistype.
 * When every term must match (the default), a typo leaves the exact terms matching nothing,
 * so callers first search without it and search again with it only when nothing matched
 * (`typoRetry`). That retry recalls by tier 5 alone: tier 4 has just matched nothing under the
 * same filters, so leaving it out changes neither the records nor their order. When any term
 * may match, the other terms would find records and hide the typo, so tier 5 is part of the
 * first query.
 */

import { cleanSearchText, queryTopicPhrases } from '@registry/schemas/search/topic-keys.ts';

export { cleanSearchText };

type QueryClause = Record<string, unknown>;

const EXACT_BOOST = 10_000;
const STARTS_WITH_BOOST = 1_000;
const PHRASE_BOOST = 100;
const TOPIC_BOOST = 3_000;
const FUZZY_BOOST = 0.5;
/** AUTO:low,high = exact below `low` letters, one edit from `low`, two from `high` (never, here). */
const ONE_EDIT_FROM_3_LETTERS = 'AUTO:3,1000';

/** Fields searched for recall and BM25 scoring, with their weights. */
export const TEXT_FIELDS = ['name^3', 'abbreviation^3', 'description', 'vocabulary^0.5'] as const;
/** The same text stemmed (records-v7.json: english_stemmed), so word forms meet; abbreviations have none. */
const STEMMED_FIELDS = ['name.stemmed^3', 'description.stemmed', 'vocabulary.stemmed^0.5'] as const;
/** Below the exact words: of two records, the one using the word as typed ranks first. */
const STEMMED_BOOST = 0.5;
/** The fields with indexed prefixes (`index_prefixes`), so the last word's prefix is a term lookup. */
const PREFIX_FIELDS = ['name', 'abbreviation'] as const;
const PREFIX_BOOST = 0.3;
/** A shorter last word would recall nearly every record by its first letters. */
const MIN_PREFIX_LETTERS = 3;
/** A record annotated with a narrower term of the query's term ranks at this share of a direct annotation. */
const NARROWER_TOPIC_SHARE = 0.5;

/**
 * Typo matching (tier 5): `no` (the first search when every term must match), `also` (beside
 * the exact terms, when any term may match), `only` (the retry after the exact terms matched
 * nothing).
 */
export type TypoMatching = 'no' | 'also' | 'only';


/** Query strings an exact keyword match should try: as typed (punctuation kept) and cleaned. */
function exactCandidates(raw: string, cleaned: string): string[] {
  const typed = raw.trim().toLowerCase();
  return [...new Set([typed, typed.replace(/\s+/g, ' '), cleaned.toLowerCase()])].filter(Boolean);
}

/** Typo matching of the first query (see above): `no` means a retry when nothing matched. */
export function firstQueryTypos(matchAllTerms: boolean): TypoMatching {
  return matchAllTerms ? 'no' : 'also';
}

export function buildTextQuery(
  raw: string,
  cleaned: string,
  matchAllTerms: boolean,
  typos: TypoMatching,
): QueryClause {
  const operator = matchAllTerms ? 'and' : 'or';
  const candidates = exactCandidates(raw, cleaned);
  const lowerCleaned = cleaned.toLowerCase();

  const exact: QueryClause = {
    constant_score: {
      boost: EXACT_BOOST,
      filter: {
        bool: {
          should: [
            { terms: { 'name.keyword': candidates } },
            { terms: { 'abbreviation.keyword': candidates } },
          ],
        },
      },
    },
  };
  const startsWith: QueryClause = {
    constant_score: {
      boost: STARTS_WITH_BOOST,
      filter: {
        bool: {
          should: candidates.flatMap((value) => [
            { prefix: { 'name.start': value } },
            { prefix: { 'abbreviation.start': value } },
          ]),
        },
      },
    },
  };
  const phrase: QueryClause = {
    constant_score: {
      boost: PHRASE_BOOST,
      filter: {
        bool: {
          should: [
            { match_phrase_prefix: { name: { query: lowerCleaned, max_expansions: 20 } } },
            { match_phrase_prefix: { abbreviation: { query: lowerCleaned, max_expansions: 20 } } },
          ],
        },
      },
    },
  };
  // Recall runs on the cleaned text and, when it differs, on the text as typed: the analyzer
  // keeps tokens like "4.0.1" whole, which cleaning would split into "4 0 1".
  const recallTexts = [...new Set([cleaned, raw.trim()])].filter(Boolean);
  const recall: QueryClause[] = recallTexts.flatMap((text) => [
    ...(typos === 'only' ? [] : [{ multi_match: { query: text, type: 'cross_fields', fields: [...TEXT_FIELDS], operator } }]),
    ...(typos === 'no' ? [] : [fuzzyTitleMatch(text, operator)]),
  ]);
  if (typos !== 'only') recall.push(...wordFormMatches(cleaned, operator));

  // A record annotated with the term the whole query names is found even when its own text
  // never uses the words (a narrower term's record: "Genomics" finds "Transcriptomics").
  if (typos !== 'only') recall.push({ term: { topicKeys: lowerCleaned } });

  return {
    bool: {
      // Recall: the terms across fields, the query's term, or the fuzzy name match for typos.
      must: [{ bool: { should: recall, minimum_should_match: 1 } }],
      should: [exact, startsWith, phrase, topicalMatch(lowerCleaned, matchAllTerms)],
    },
  };
}

/**
 * Word forms and part-words, recall and scoring below the exact words (tier 4's level): the
 * stemmed fields ("proteomic" finds "proteomics"), and the words of the name or abbreviation
 * with the last one as a prefix ("metabol" finds Metabolic Atlas: the word being typed).
 */
function wordFormMatches(cleaned: string, operator: 'and' | 'or'): QueryClause[] {
  if (!cleaned) return [];
  const stemmed = { multi_match: { query: cleaned, type: 'cross_fields', fields: [...STEMMED_FIELDS], operator, boost: STEMMED_BOOST } };
  const lastWord = cleaned.split(' ').at(-1) ?? '';
  if (lastWord.length < MIN_PREFIX_LETTERS) return [stemmed];
  const prefix = { multi_match: { query: cleaned, type: 'bool_prefix', fields: [...PREFIX_FIELDS], operator, boost: PREFIX_BOOST } };
  return [stemmed, prefix];
}

/**
 * Tier "topic": records annotated with a term the query names, or with a narrower term of it
 * (`topicKeys` holds the broader terms' keys too, `directTopicKeys` only the record's own), the
 * narrower term's records at NARROWER_TOPIC_SHARE of the direct ones: both above text-only
 * matches. The longest phrase of the query that is a term decides the boost, in proportion to
 * the share of the query it covers, so "critical care medicine" puts Critical Care Medicine's
 * records above Medicine's. When any term may match, only the whole query's term counts: a
 * phrase's term would lift records matching that phrase alone above those matching every word
 * (a known item with a typo, "Gene Ontolxgy").
 */
function topicalMatch(lowerCleaned: string, matchAllTerms: boolean): QueryClause {
  const queryWords = lowerCleaned.split(' ').length;
  const phrases = queryTopicPhrases(lowerCleaned).filter((group) => matchAllTerms || group.words === queryWords);
  return {
    dis_max: {
      queries: phrases.flatMap((group) => {
        const boost = (TOPIC_BOOST * group.words) / queryWords;
        return [
          { constant_score: { boost: Math.round(boost), filter: { terms: { directTopicKeys: group.keys } } } },
          { constant_score: { boost: Math.round(boost * NARROWER_TOPIC_SHARE), filter: { terms: { topicKeys: group.keys } } } },
        ];
      }),
    },
  };
}

function fuzzyTitleMatch(text: string, operator: 'and' | 'or'): QueryClause {
  return {
    match: {
      title: {
        query: text,
        operator,
        fuzziness: ONE_EDIT_FROM_3_LETTERS,
        prefix_length: 1,
        max_expansions: 50,
        boost: FUZZY_BOOST,
      },
    },
  };
}

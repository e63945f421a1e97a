/**
 * Topic keys: how a vocabulary term (subject, domain, species or tag, by label or synonym) and
 * the words of a query meet. The indexer stores the keys of a record's terms and of every
 * broader term above them (`topicKeys`, a keyword field); the query looks up the keys of the
 * query and of the phrases in it. Both sides go through `topicKey`, so letter case, punctuation
 * and spacing never keep a query from its term.
 */

/** SPEC §5: characters other than (unicode) letters and digits become spaces. */
export function cleanSearchText(raw: string | null | undefined): string {
  if (!raw) return '';
  return raw.replace(/[^\p{L}\p{N}]+/gu, ' ').trim();
}

export function topicKey(text: string): string {
  return cleanSearchText(text).toLowerCase();
}

/** Longest phrase looked up as a term: the longest label or synonym in the vocabularies has 10 words. */
export const MAX_TOPIC_WORDS = 10;

/**
 * The phrases of a query that could name a term, longest first: every run of consecutive
 * words up to MAX_TOPIC_WORDS words, grouped by their word count.
 */
export function queryTopicPhrases(cleaned: string): { words: number; keys: string[] }[] {
  const words = cleaned.toLowerCase().split(' ').filter(Boolean);
  const groups: { words: number; keys: string[] }[] = [];
  for (let length = Math.min(words.length, MAX_TOPIC_WORDS); length >= 1; length -= 1) {
    const keys = new Set<string>();
    for (let start = 0; start + length <= words.length; start += 1) keys.add(words.slice(start, start + length).join(' '));
    groups.push({ words: length, keys: [...keys] });
  }
  return groups;
}

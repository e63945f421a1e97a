/**
 * The browsable vocabularies of /browse/{id}: subject (SRAO) and domain (DRAO, from below its
 * BFO upper levels) as trees, taxonomy (species) and userdefinedtag (tags) as flat lists.
 */
import type { Database } from '@registry/platform';
import { loadVocabulary, VOCABULARY_TABLES, type BrowsableVocabulary } from './vocabulary-repository.ts';
import { buildVocabularyTree, type VocabularyTreeNode } from './vocabulary-tree.ts';

export const BROWSABLE_VOCABULARIES = Object.keys(VOCABULARY_TABLES) as BrowsableVocabulary[];

export function isBrowsableVocabulary(id: string): id is BrowsableVocabulary {
  return (BROWSABLE_VOCABULARIES as string[]).includes(id);
}

export async function browseVocabulary(db: Database, vocabulary: BrowsableVocabulary): Promise<VocabularyTreeNode[]> {
  const { terms, parentLinks, annotations } = await loadVocabulary(db, vocabulary);
  return buildVocabularyTree(terms, parentLinks, annotations);
}

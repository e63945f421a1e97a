/** Reads of the reference lists: a page of a list, optionally only the items containing a text. */
import type { Database } from '@registry/platform';
import type { VocabularyDeclaration } from './vocabularies.ts';
import { readVocabularyPage, type VocabularyPage } from './vocabulary-repository.ts';

export type { VocabularyPage } from './vocabulary-repository.ts';

export async function listVocabulary(
  db: Database,
  declaration: VocabularyDeclaration,
  request: { q?: string; number: number; size: number },
): Promise<VocabularyPage> {
  return readVocabularyPage(db, declaration, { q: request.q, offset: (request.number - 1) * request.size, limit: request.size });
}

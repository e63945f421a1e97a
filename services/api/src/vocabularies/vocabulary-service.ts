/** Reads of the reference lists: a page of a list, optionally only the items containing a text. */
import type { Database } from '@registry/platform';
import { MAX_PAGE_BYTES } from './json-api.ts';
import type { VocabularyDeclaration } from './vocabularies.ts';
import { readVocabularyPage, type VocabularyPage } from './vocabulary-repository.ts';

export type { VocabularyPage } from './vocabulary-repository.ts';

export async function listVocabulary(
  db: Database,
  declaration: VocabularyDeclaration,
  request: { q?: string; offset: number; size: number },
): Promise<VocabularyPage> {
  return readVocabularyPage(db, declaration, { q: request.q, offset: request.offset, limit: request.size, maxBytes: MAX_PAGE_BYTES });
}

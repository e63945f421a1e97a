/**
 * The reference data's reads: a page of a REST reference list (optionally only the items
 * containing a text); the browsable vocabularies of /browse/{id} — subject (SRAO) and domain
 * (DRAO, from below its BFO upper levels) as trees, taxonomy (species) and userdefinedtag (tags)
 * as flat lists; the autocompletes' look-ups; registries, record types and relation types.
 */
import type { Database } from '@registry/platform';
import { can, type Viewer } from '@registry/schemas';
import { MAX_PAGE_BYTES } from '../routes/json-api.ts';
import type { VocabularyDeclaration } from './vocabularies.ts';
import * as repository from './vocabulary-repository.ts';
import { buildVocabularyTree, type VocabularyTreeNode } from './vocabulary-tree.ts';

export type { VocabularyPage, BrowsableVocabulary, AllowedRelation, TermTable } from './vocabulary-repository.ts';

export const BROWSABLE_VOCABULARIES = Object.keys(repository.VOCABULARY_TABLES) as repository.BrowsableVocabulary[];

export function isBrowsableVocabulary(id: string): id is repository.BrowsableVocabulary {
  return (BROWSABLE_VOCABULARIES as string[]).includes(id);
}

function listVocabulary(db: Database, declaration: VocabularyDeclaration, request: { q?: string; offset: number; size: number }): Promise<repository.VocabularyPage> {
  return repository.readVocabularyPage(db, declaration, { q: request.q, offset: request.offset, limit: request.size, maxBytes: MAX_PAGE_BYTES });
}

async function browseVocabulary(db: Database, vocabulary: repository.BrowsableVocabulary): Promise<VocabularyTreeNode[]> {
  const { terms, parentLinks, annotations } = await repository.loadVocabulary(db, vocabulary);
  return buildVocabularyTree(terms, parentLinks, annotations);
}

/** Licences named inline by a maintainer are listed once a curator approves them (curators see them, to do so). */
function searchLicences(db: Database, viewer: Viewer, q: string | null | undefined) {
  return repository.searchLicences(db, q, can(viewer, 'sharedEntity.approve'));
}

/** Terms of a list; keywords proposed in the editor are listed once a curator approves them (curators see them, to do so), as licences are. */
function searchTerms(db: Database, viewer: Viewer, table: repository.TermTable, q: string | null | undefined, withSynonyms: boolean) {
  return repository.searchTerms(db, table, q, withSynonyms, can(viewer, 'sharedEntity.approve'));
}

/** Relation types with the registry pairs each may link. */
async function relationTypes(db: Database) {
  const { types, allowed } = await repository.relationTypes(db);
  return types.map((type) => ({
    ...type,
    allowedAssociations: allowed.filter((pair) => pair.relation_type_id === type.id).map((pair) => ({ from: pair.from, to: pair.to })),
  }));
}

/** Every read of the domain, each taking the database handle first (bound once by domains.ts). */
export const vocabularyReads = {
  listVocabulary,
  browseVocabulary,
  searchTerms,
  termRevision: repository.termRevision,
  searchCountries: repository.searchCountries,
  searchLicences,
  searchPublications: repository.searchPublications,
  registries: repository.registries,
  findRegistry: repository.findRegistry,
  recordTypes: repository.recordTypes,
  relationTypes,
  allowedRelations: repository.allowedRelations,
};

/**
 * `browseSubjects { data }`: the subject ontology (SRAO) tree of the public client's browser,
 * built by the vocabulary browser (services/api/src/vocabulary-browser) like every vocabulary.
 */
import type { RegistryGraphqlContext } from '../context.ts';
import { browseVocabulary } from '../../vocabulary-browser/vocabulary-browser.ts';

export const subjectBrowserQueries = {
  async browseSubjects(_root: unknown, _args: Record<string, never>, context: RegistryGraphqlContext) {
    return { data: await browseVocabulary(context.db, 'subject') };
  },
};

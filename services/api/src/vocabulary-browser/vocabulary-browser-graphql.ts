/** GraphQL `browseVocabulary(id)`: the tree or list of one browsable vocabulary (`{ data }`, JSON like `browseSubjects`). */
import type { RegistryGraphqlContext } from '../graphql/context.ts';
import { GraphqlUserError } from '../graphql/errors.ts';
import { BROWSABLE_VOCABULARIES, browseVocabulary, isBrowsableVocabulary } from './vocabulary-browser.ts';

export const vocabularyBrowserQueries = {
  async browseVocabulary(_root: unknown, args: { id: string }, context: RegistryGraphqlContext) {
    const id = args.id.trim().toLowerCase();
    if (!isBrowsableVocabulary(id)) {
      throw new GraphqlUserError(`unknown vocabulary "${args.id}"; browsable: ${BROWSABLE_VOCABULARIES.join(', ')}`, 'INVALID_ARGUMENT');
    }
    return { id, data: await browseVocabulary(context.db, id) };
  },
};

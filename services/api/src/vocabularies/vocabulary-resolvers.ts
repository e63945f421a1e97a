/**
 * GraphQL reads of the reference data: the autocompletes' and filters' look-ups (label or synonym
 * contains the text), the browsable vocabularies (`browseVocabulary(id)`, `browseSubjects`: the
 * tree or list as JSON `{ data }`), registries, record types and relation types.
 */
import { GraphqlUserError } from '../kernel/graphql-errors.ts';
import type { RegistryGraphqlContext } from '../kernel/graphql-context.ts';
import { numericId } from '../validation.ts';
import { BROWSABLE_VOCABULARIES, isBrowsableVocabulary, type TermTable } from './vocabulary-service.ts';
import type { QueryResolvers, Resolvers } from '../graphql-types/resolver-types.generated.ts';
import type {
  CountryParent, DomainParent, LicenceParent, PublicationParent, RecordParent, RecordTypeParent, RegistryParent,
} from '../graphql-types/resolver-parents.ts';
import { loadedByOwnId } from '../kernel/graphql-loading.ts';

type Context = RegistryGraphqlContext;
type NoArgs = Record<string, never>;
interface TextArgs {
  q?: string | null;
}

const TAG_MODELS: { table: TermTable; model: string; ontology: boolean }[] = [
  { table: 'subjects', model: 'subject', ontology: true },
  { table: 'domains', model: 'domain', ontology: true },
  { table: 'taxonomies', model: 'taxonomy', ontology: true },
  { table: 'object_types', model: 'object_type', ontology: true },
  { table: 'user_defined_tags', model: 'user_defined_tag', ontology: false },
];

export const vocabularyQueries: QueryResolvers = {
  async objectTypes(_root: unknown, args: TextArgs, context: Context) {
    return { records: await context.vocabularies.searchTerms(context.viewer, 'object_types', args.q, true) };
  },
  searchSubjects: (_root: unknown, args: TextArgs, context: Context) => context.vocabularies.searchTerms(context.viewer, 'subjects', args.q, true),
  searchDomains: (_root: unknown, args: TextArgs, context: Context) => context.vocabularies.searchTerms(context.viewer, 'domains', args.q, true),
  searchTaxonomies: (_root: unknown, args: TextArgs, context: Context) => context.vocabularies.searchTerms(context.viewer, 'taxonomies', args.q, true),
  searchUserDefinedTags: (_root: unknown, args: TextArgs, context: Context) => context.vocabularies.searchTerms(context.viewer, 'user_defined_tags', args.q, false),
  async searchTags(_root: unknown, args: TextArgs, context: Context) {
    const lists = await Promise.all(
      TAG_MODELS.map(async ({ table, model, ontology }) => {
        // User-defined tags have no IRI, definitions or synonyms (their rows lack those columns).
        const rows = await context.vocabularies.searchTerms(context.viewer, table, args.q, ontology);
        return rows.map((row) => ({ ...row, iri: row.iri ?? null, definitions: row.definitions ?? [], synonyms: row.synonyms ?? [], model }));
      }),
    );
    return lists.flat();
  },
  searchCountries: (_root: unknown, args: TextArgs, context: Context): Promise<CountryParent[]> => context.vocabularies.searchCountries(args.q),
  searchLicences: (_root: unknown, args: TextArgs, context: Context): Promise<LicenceParent[]> => context.vocabularies.searchLicences(context.viewer, args.q),
  searchPublications: (_root: unknown, args: TextArgs, context: Context): Promise<PublicationParent[]> => context.vocabularies.searchPublications(args.q),

  async browseVocabulary(_root: unknown, args: { id: string }, context: Context) {
    const id = args.id.trim().toLowerCase();
    if (!isBrowsableVocabulary(id)) {
      throw new GraphqlUserError(`unknown vocabulary "${args.id}"; browsable: ${BROWSABLE_VOCABULARIES.join(', ')}`, 'INVALID_ARGUMENT');
    }
    return { id, data: await context.vocabularies.browseVocabulary(id) };
  },
  /** The subject ontology (SRAO) tree of the public client's browser, built like every browsable vocabulary. */
  async browseSubjects(_root: unknown, _args: NoArgs, context: Context) {
    return { data: await context.vocabularies.browseVocabulary('subject') };
  },

  async fairsharingRegistries(_root: unknown, _args: { page?: number | null }, context: Context) {
    // Four registries: one page holds them all, whatever page is asked for.
    return { records: await context.vocabularies.registries() };
  },
  fairsharingRegistry: (_root: unknown, args: { id?: string | null }, context: Context) =>
    context.vocabularies.findRegistry(numericId(args.id), String(args.id ?? '')),
  async recordTypes(_root: unknown, _args: NoArgs, context: Context) {
    return { records: await context.vocabularies.recordTypes() };
  },
  recordAssociationLabels: (_root: unknown, _args: NoArgs, context: Context) => context.vocabularies.relationTypes(),
};

export const vocabularyTypeResolvers: Resolvers = {
  Subject: {
    children: loadedByOwnId((loaders) => loaders.subjectChildren),
    parents: loadedByOwnId((loaders) => loaders.subjectParents),
  },
  Domain: {
    /** Terms embedded in a search document are in use by definition; others are looked up. */
    inFairsharing(domain: DomainParent, _args: NoArgs, context: Context) {
      if (typeof domain.inFairsharing === 'boolean') return domain.inFairsharing;
      return context.loaders.domainInUse.load(domain.id);
    },
  },
  Licence: {
    spdxLink: (licence: LicenceParent) => (licence.spdx_id ? `https://spdx.org/licenses/${licence.spdx_id}.html` : null),
  },
  Publication: {
    pubmedId: (publication: PublicationParent) => publication.pubmed_id ?? null,
  },
  Registry: {
    recordTypes: loadedByOwnId((loaders) => loaders.registryRecordTypes),
    fairsharingRecords: (registry: RegistryParent, _args: NoArgs, context: Context): Promise<RecordParent[]> => context.records.recordsOfRegistry(context.viewer, registry.id),
  },
  RecordType: {
    fairsharingRegistry: (type: RecordTypeParent, _args: NoArgs, context: Context) => context.loaders.registryById.load(type.registry_id),
  },
};

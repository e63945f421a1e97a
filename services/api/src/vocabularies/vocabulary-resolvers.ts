/** Vocabulary look-ups for autocompletes and filters: label or synonym contains the text. */
import type { Database } from '@registry/platform';
import { can } from '@registry/schemas';
import type { RegistryGraphqlContext } from '../context.ts';
import type { CountryRow, LicenceRow, PublicationRow, VocabularyRow } from '../rows.ts';

type Context = RegistryGraphqlContext;
type NoArgs = Record<string, never>;
interface TextArgs {
  q?: string | null;
}

/** Safety cap for an empty `q`; every vocabulary we load is well below it. */
const MAX_TERMS = 5000;

function likePattern(q: string | null | undefined): string | null {
  const text = (q ?? '').trim();
  if (text === '' || text === '*') return null;
  return `%${text.replace(/[\\%_]/g, (c) => `\\${c}`).toLowerCase()}%`;
}

function vocabularyQuery(db: Database, table: string, q: string | null | undefined, withSynonyms: boolean) {
  const query = db(table).select('*').orderBy('label').limit(MAX_TERMS);
  const pattern = likePattern(q);
  if (pattern) {
    query.where((where) => {
      where.whereRaw('lower(label) like ?', [pattern]);
      if (withSynonyms) where.orWhereRaw('exists (select 1 from unnest(synonyms) s where lower(s) like ?)', [pattern]);
    });
  }
  return query;
}

const TAG_MODELS: { table: string; model: string; ontology: boolean }[] = [
  { table: 'subjects', model: 'subject', ontology: true },
  { table: 'domains', model: 'domain', ontology: true },
  { table: 'taxonomies', model: 'taxonomy', ontology: true },
  { table: 'object_types', model: 'object_type', ontology: true },
  { table: 'user_defined_tags', model: 'user_defined_tag', ontology: false },
];

export const vocabularyQueries = {
  async objectTypes(_root: unknown, args: TextArgs, context: Context) {
    return { records: await vocabularyQuery(context.db, 'object_types', args.q, true) };
  },
  searchSubjects: (_root: unknown, args: TextArgs, context: Context) => vocabularyQuery(context.db, 'subjects', args.q, true),
  searchDomains: (_root: unknown, args: TextArgs, context: Context) => vocabularyQuery(context.db, 'domains', args.q, true),
  searchTaxonomies: (_root: unknown, args: TextArgs, context: Context) => vocabularyQuery(context.db, 'taxonomies', args.q, true),
  searchUserDefinedTags: (_root: unknown, args: TextArgs, context: Context) => vocabularyQuery(context.db, 'user_defined_tags', args.q, false),
  async searchTags(_root: unknown, args: TextArgs, context: Context) {
    const lists = await Promise.all(
      TAG_MODELS.map(async ({ table, model, ontology }) => {
        const rows = (await vocabularyQuery(context.db, table, args.q, ontology)) as Partial<VocabularyRow>[];
        return rows.map((row) => ({ iri: null, definitions: [], synonyms: [], ...row, model }));
      }),
    );
    return lists.flat();
  },
  async searchCountries(_root: unknown, args: TextArgs, context: Context): Promise<CountryRow[]> {
    const query = context.db<CountryRow>('countries').select('*').orderBy('name');
    const pattern = likePattern(args.q);
    if (pattern) query.whereRaw('lower(name) like ? or lower(code) = ?', [pattern, (args.q ?? '').trim().toLowerCase()]);
    return query;
  },
  async searchLicences(_root: unknown, args: TextArgs, context: Context): Promise<LicenceRow[]> {
    const query = context.db<LicenceRow>('licences').select('*').orderBy('name').limit(MAX_TERMS);
    // A licence named inline by a maintainer is listed once a curator approves it (curators see it to do so).
    if (!can(context.viewer, 'sharedEntity.approve')) query.where('is_approved', true);
    const pattern = likePattern(args.q);
    if (pattern) query.whereRaw('lower(name) like ? or lower(spdx_id) like ?', [pattern, pattern]);
    return query;
  },
  async searchPublications(_root: unknown, args: TextArgs, context: Context): Promise<PublicationRow[]> {
    const query = context.db<PublicationRow>('publications').select('*').orderBy('title').limit(MAX_TERMS);
    const pattern = likePattern(args.q);
    if (pattern) query.whereRaw('lower(title) like ? or lower(doi) like ? or pubmed_id = ?', [pattern, pattern, (args.q ?? '').trim()]);
    return query;
  },
};

export const vocabularyTypeResolvers = {
  Subject: {
    children: (subject: VocabularyRow, _args: NoArgs, context: Context) => context.loaders.subjectChildren.load(subject.id),
    parents: (subject: VocabularyRow, _args: NoArgs, context: Context) => context.loaders.subjectParents.load(subject.id),
  },
  Domain: {
    /** Terms embedded in a search document are in use by definition; others are looked up. */
    inFairsharing(domain: VocabularyRow & { inFairsharing?: boolean }, _args: NoArgs, context: Context) {
      if (typeof domain.inFairsharing === 'boolean') return domain.inFairsharing;
      return context.loaders.domainInUse.load(domain.id);
    },
  },
  Licence: {
    spdxLink: (licence: Partial<LicenceRow>) => (licence.spdx_id ? `https://spdx.org/licenses/${licence.spdx_id}.html` : null),
  },
  Publication: {
    pubmedId: (publication: PublicationRow) => publication.pubmed_id,
  },
};

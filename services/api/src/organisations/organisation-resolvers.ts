/** Organisations, their links to records and grants. */
import type { RegistryGraphqlContext } from '../context.ts';
import { numericId } from '../context.ts';
import { notFound } from '../errors.ts';
import { visibleRecords } from '../record-access.ts';
import type { GrantRow, OrganisationLinkRow, OrganisationRow, OrganisationTypeRow } from '../rows.ts';

type Context = RegistryGraphqlContext;
type NoArgs = Record<string, never>;
interface TextArgs {
  q?: string | null;
  load?: boolean | null;
}

const MAX_ROWS = 10_000;

function likePattern(q: string | null | undefined): string | null {
  const text = (q ?? '').trim();
  if (text === '' || text === '*') return null;
  return `%${text.replace(/[\\%_]/g, (c) => `\\${c}`).toLowerCase()}%`;
}

export const organisationQueries = {
  async organisation(_root: unknown, args: { id?: string | null }, context: Context) {
    const id = numericId(args.id);
    const organisation = id === null ? null : await context.loaders.organisationById.load(id);
    if (!organisation) throw notFound('organisation');
    return organisation;
  },
  allOrganisations: (_root: unknown, _args: NoArgs, context: Context) =>
    context.db<OrganisationRow>('organisations').select('*').orderBy('name').limit(MAX_ROWS),
  async searchOrganisations(_root: unknown, args: TextArgs, context: Context) {
    const query = context.db<OrganisationRow>('organisations').select('*').orderBy('name').limit(MAX_ROWS);
    const pattern = likePattern(args.q);
    if (pattern) {
      query.whereRaw('lower(name) like ? or exists (select 1 from unnest(alternative_names) n where lower(n) like ?)', [pattern, pattern]);
    }
    return query;
  },
  async searchOrganisationTypes(_root: unknown, args: TextArgs, context: Context) {
    const query = context.db<OrganisationTypeRow>('organisation_types').select('*').orderBy('name');
    const pattern = likePattern(args.q);
    if (pattern) query.whereRaw('lower(name) like ?', [pattern]);
    return query;
  },
  async searchGrants(_root: unknown, args: TextArgs, context: Context) {
    const query = context.db<GrantRow>('grants').select('*').orderBy('name').limit(MAX_ROWS);
    const pattern = likePattern(args.q);
    if (pattern) query.whereRaw('lower(name) like ?', [pattern]);
    return query;
  },
};

export const organisationTypeResolvers = {
  Organisation: {
    urlForLogo: (organisation: OrganisationRow) => organisation.url_for_logo,
    rorLink: (organisation: OrganisationRow) => organisation.ror_link,
    alternativeNames: (organisation: OrganisationRow) => organisation.alternative_names ?? [],
    async types(organisation: OrganisationRow, _args: NoArgs, context: Context) {
      return (await context.loaders.organisationTypes.load(organisation.id)).map((type) => type.name);
    },
    organisationTypes: (organisation: OrganisationRow, _args: NoArgs, context: Context) => context.loaders.organisationTypes.load(organisation.id),
    countries: (organisation: OrganisationRow, _args: NoArgs, context: Context) => context.loaders.organisationCountries.load(organisation.id),
    parentOrganisations: (organisation: OrganisationRow, _args: NoArgs, context: Context) => context.loaders.organisationParents.load(organisation.id),
    childOrganisations: (organisation: OrganisationRow, _args: NoArgs, context: Context) => context.loaders.organisationChildren.load(organisation.id),
    async organisationLinks(organisation: OrganisationRow, _args: NoArgs, context: Context) {
      const links = await context.loaders.organisationLinks.load(organisation.id);
      const records = await context.loaders.recordById.loadMany(links.map((link) => link.record_id));
      const visible = new Set(
        (await visibleRecords(context, records.map((record) => (record instanceof Error ? null : record)))).map((record) => record.id),
      );
      return links.filter((link) => visible.has(link.record_id));
    },
    users: (organisation: OrganisationRow, _args: NoArgs, context: Context) => context.loaders.organisationUsers.load(organisation.id),
    savedSearches: (organisation: OrganisationRow, _args: NoArgs, context: Context) => context.loaders.organisationSavedSearches.load(organisation.id),
  },
  OrganisationLink: {
    isLead: (link: OrganisationLinkRow) => link.is_lead,
    organisation: (link: OrganisationLinkRow, _args: NoArgs, context: Context) => context.loaders.organisationById.load(link.organisation_id),
    grant: (link: OrganisationLinkRow, _args: NoArgs, context: Context) => (link.grant_id === null ? null : context.loaders.grantById.load(link.grant_id)),
    fairsharingRecord: (link: OrganisationLinkRow, _args: NoArgs, context: Context) => context.loaders.recordById.load(link.record_id),
  },
};

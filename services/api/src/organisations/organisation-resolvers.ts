/** Organisations, their links to records and grants. */
import type { RegistryGraphqlContext } from '../kernel/graphql-context.ts';
import { numericId } from '../validation.ts';
import { notFound } from '../kernel/graphql-errors.ts';
import { visibleRecords } from '../records/record-visibility.ts';
import type { QueryResolvers, Resolvers } from '../graphql-types/resolver-types.generated.ts';
import type { OrganisationLinkParent, OrganisationParent } from '../graphql-types/resolver-parents.ts';
import { loadedByOwnId } from '../kernel/graphql-loading.ts';

type Context = RegistryGraphqlContext;
type NoArgs = Record<string, never>;
interface TextArgs {
  q?: string | null;
  load?: boolean | null;
}

export const organisationQueries: QueryResolvers = {
  async organisation(_root: unknown, args: { id?: string | null }, context: Context) {
    const id = numericId(args.id);
    const organisation = id === null ? null : await context.loaders.organisationById.load(id);
    if (!organisation) throw notFound('organisation');
    return organisation;
  },
  allOrganisations: (_root: unknown, _args: NoArgs, context: Context) => context.organisations.searchOrganisations(null),
  searchOrganisations: (_root: unknown, args: TextArgs, context: Context) => context.organisations.searchOrganisations(args.q),
  searchOrganisationTypes: (_root: unknown, args: TextArgs, context: Context) => context.organisations.searchOrganisationTypes(args.q),
  searchGrants: (_root: unknown, args: TextArgs, context: Context) => context.organisations.searchGrants(args.q),
};

export const organisationTypeResolvers: Resolvers = {
  Organisation: {
    urlForLogo: (organisation: OrganisationParent) => organisation.url_for_logo,
    rorLink: (organisation: OrganisationParent) => organisation.ror_link,
    alternativeNames: (organisation: OrganisationParent) => organisation.alternative_names ?? [],
    async types(organisation: OrganisationParent, _args: NoArgs, context: Context) {
      return (await context.loaders.organisationTypes.load(organisation.id)).map((type) => type.name);
    },
    organisationTypes: loadedByOwnId((loaders) => loaders.organisationTypes),
    countries: loadedByOwnId((loaders) => loaders.organisationCountries),
    parentOrganisations: loadedByOwnId((loaders) => loaders.organisationParents),
    childOrganisations: loadedByOwnId((loaders) => loaders.organisationChildren),
    async organisationLinks(organisation: OrganisationParent, _args: NoArgs, context: Context) {
      const links = await context.loaders.organisationLinks.load(organisation.id);
      const records = await context.loaders.recordById.loadMany(links.map((link) => link.record_id));
      const visible = new Set(
        (await visibleRecords(context, records.map((record) => (record instanceof Error ? null : record)))).map((record) => record.id),
      );
      return links.filter((link) => visible.has(link.record_id));
    },
    users: loadedByOwnId((loaders) => loaders.organisationUsers),
    savedSearches: loadedByOwnId((loaders) => loaders.organisationSavedSearches),
  },
  OrganisationLink: {
    isLead: (link: OrganisationLinkParent) => link.is_lead,
    organisation: (link: OrganisationLinkParent, _args: NoArgs, context: Context) => context.loaders.organisationById.load(link.organisation_id),
    grant: (link: OrganisationLinkParent, _args: NoArgs, context: Context) => (link.grant_id === null ? null : context.loaders.grantById.load(link.grant_id)),
    fairsharingRecord: (link: OrganisationLinkParent, _args: NoArgs, context: Context) => context.loaders.recordById.load(link.record_id),
  },
};

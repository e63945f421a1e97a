/** The organisations slice as the app assembles it: its services, routes and resolvers (domain-declaration.ts). */
import { defineDomain, type AppConnections } from '../domain-declaration.ts';
import { bindDependencies } from '../kernel/bind-dependencies.ts';
import * as organisations from './organisation-service.ts';
import { organisationRoutes } from './organisation-routes.ts';
import { organisationQueries, organisationTypeResolvers } from './organisation-resolvers.ts';

const organisationsServices = ({ db, publisher }: AppConnections) => ({
  ...bindDependencies(db, {
    searchOrganisations: organisations.searchOrganisations, searchOrganisationTypes: organisations.searchOrganisationTypes, searchGrants: organisations.searchGrants,
  }),
  ...bindDependencies({ db, publisher }, {
    createOrganisation: organisations.createOrganisation, updateOrganisation: organisations.updateOrganisation, deleteOrganisation: organisations.deleteOrganisation,
    createGrant: organisations.createGrant,
    createOrganisationLink: organisations.createOrganisationLink, updateOrganisationLink: organisations.updateOrganisationLink, deleteOrganisationLink: organisations.deleteOrganisationLink,
  }),
});

declare module '../kernel/graphql-context.ts' {
  interface DomainServices {
    organisations: ReturnType<typeof organisationsServices>;
  }
}

export const organisationsDomain = defineDomain({
  name: 'organisations',
  services: organisationsServices,
  routes: [organisationRoutes],
  resolvers: { ...organisationTypeResolvers, Query: organisationQueries },
});

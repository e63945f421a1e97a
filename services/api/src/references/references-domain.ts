/** The references (licences, publications, tags) slice as the app assembles it: its services, routes and resolvers (domain-declaration.ts). */
import { defineDomain, type AppConnections } from '../domain-declaration.ts';
import { bindDependencies } from '../kernel/bind-dependencies.ts';
import * as references from './reference-service.ts';
import type { PublicationLookups } from './publication-lookup-queue.ts';
import { referenceRoutes } from './reference-routes.ts';

const referencesServices = ({ db, publisher, publicationLookups }: AppConnections & { publicationLookups: PublicationLookups }) => bindDependencies({ db, publisher, lookups: publicationLookups }, {
  createLicenceLink: references.createLicenceLink, updateLicenceLink: references.updateLicenceLink, deleteLicenceLink: references.deleteLicenceLink,
  createPublication: references.createPublication, updatePublication: references.updatePublication,
  lookUp: references.lookUp, lookUpZenodo: references.lookUpZenodo, lookUpDoiCitation: references.lookUpDoiCitation, createTag: references.createTag,
});

declare module '../kernel/graphql-context.ts' {
  interface DomainServices {
    references: ReturnType<typeof referencesServices>;
  }
}

export const referencesDomain = defineDomain({
  name: 'references',
  services: referencesServices,
  routes: [referenceRoutes],
});

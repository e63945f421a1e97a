/**
 * The list of slices (each declared once in its `<slice>/<slice>-domain.ts`) and their services,
 * each bound once to what it needs (the database handle, the index publisher, the search client,
 * the mailers): `app.records`, `app.claims`, … for the REST routes, and the same objects in every
 * GraphQL context (`context.records`, …). app.ts registers the slices' routes and
 * graphql/resolvers.ts merges their resolvers from the same list. Routes, resolvers and plugins
 * call the services; only repositories run SQL. This module and the database plugin hand the
 * database handle on (eslint rule `registry/no-database-handle`).
 */
import fp from 'fastify-plugin';
import type { AppConnections, DomainDeclaration } from './domain-declaration.ts';
import type { DomainServices } from './kernel/graphql-context.ts';
import { createSmtpMailer, type CommunityMail, type Mailer } from './accounts/mailer.ts';
import type { AccountDependencies } from './accounts/account-actions.ts';
import { createPublicationLookups, type PublicationLookups } from './references/publication-lookup-queue.ts';
import { accountsDomain } from './accounts/accounts-domain.ts';
import { recordsDomain } from './records/records-domain.ts';
import { exportDomain } from './export/export-domain.ts';
import { recordViewsDomain } from './record-views/record-views-domain.ts';
import { operationsDomain } from './operations/operations-domain.ts';
import { claimsDomain } from './claims/claims-domain.ts';
import { watchingDomain } from './watching/watching-domain.ts';
import { reviewsDomain } from './reviews/reviews-domain.ts';
import { webhooksDomain } from './webhooks/webhooks-domain.ts';
import { linkHealthDomain } from './link-health/link-health-domain.ts';
import { savedSearchesDomain } from './saved-searches/saved-searches-domain.ts';
import { organisationsDomain } from './organisations/organisations-domain.ts';
import { referencesDomain } from './references/references-domain.ts';
import { curationDomain } from './curation/curation-domain.ts';
import { messagesDomain } from './messages/messages-domain.ts';
import { timelineDomain } from './timeline/timeline-domain.ts';
import { siteDomain } from './site/site-domain.ts';
import { suggestionsDomain } from './suggestions/suggestions-domain.ts';
import { linkedDataDomain } from './linked-data/linked-data-domain.ts';
import { changesDomain } from './changes/changes-domain.ts';
import { harvestingDomain } from './oai/oai-domain.ts';
import { vocabulariesDomain } from './vocabularies/vocabularies-domain.ts';
import { searchDomain } from './search/search-domain.ts';
import { statisticsDomain } from './statistics/statistics-domain.ts';
import { requestLoadersDomain } from './request-loaders/request-loaders-domain.ts';

/** What every slice's services are built from: the app's connections and the mailers and queues of the slices that need them. */
export interface DomainInputs extends AppConnections {
  communityMail: CommunityMail;
  accountMailer: Mailer;
  publicationLookups: PublicationLookups;
  signToken: AccountDependencies['signToken'];
}

/** A slice as the composition builds it: its services from DomainInputs. */
interface BuildableDomain {
  name: string;
  services?: (inputs: DomainInputs) => unknown;
  routes?: DomainDeclaration['routes'];
  resolvers?: DomainDeclaration['resolvers'];
}

/** Every slice, in the order their routes are registered. Each must be built from DomainInputs alone. */
export const DOMAINS: readonly BuildableDomain[] = [
  operationsDomain, siteDomain, vocabulariesDomain, exportDomain, changesDomain, linkedDataDomain, searchDomain, statisticsDomain,
  recordViewsDomain, timelineDomain, accountsDomain, recordsDomain, claimsDomain, watchingDomain, reviewsDomain, savedSearchesDomain,
  webhooksDomain, linkHealthDomain, messagesDomain, curationDomain, harvestingDomain, organisationsDomain, referencesDomain, suggestionsDomain,
  requestLoadersDomain,
];

/** Each slice's services under its name, as the slices declared them in `DomainServices`. */
function domainServices(inputs: DomainInputs): DomainServices {
  const bound: Record<string, unknown> = {};
  for (const domain of DOMAINS) if (domain.services) bound[domain.name] = domain.services(inputs);
  // Every slice declares its services' type under the name it is bound by (defineDomain checks it).
  return bound as unknown as DomainServices;
}

declare module 'fastify' {
  // Each domain's service is a decoration of the app (`app.records`, …).
  // eslint-disable-next-line @typescript-eslint/no-empty-object-type
  interface FastifyInstance extends DomainServices {}
}

export const domainsPlugin = fp(
  async (app) => {
    const accountMailer = createSmtpMailer(app.config);
    app.addHook('onClose', async () => accountMailer.close());
    const publicationLookups = createPublicationLookups(app.config);
    app.addHook('onClose', async () => publicationLookups.close());
    const services = domainServices({
      db: app.db,
      config: app.config,
      searchClient: app.searchClient,
      redis: app.redis,
      publisher: app.indexPublisher,
      communityMail: app.communityMail,
      accountMailer,
      publicationLookups,
      // The JWT plugin is registered by the auth plugin; tokens are signed only while requests run.
      signToken: (claims, expiresAtSeconds) => app.jwt.sign({ ...claims, exp: expiresAtSeconds }),
      warn: (message, error) => app.log.warn({ reason: error instanceof Error ? error.message : String(error) }, message),
    });
    // One decoration per domain; each name's type is DomainServices[name] (declared above).
    for (const [name, service] of Object.entries(services)) app.decorate(name, service);
    // And all of them as one object, for a GraphQL context (`kernel/graphql-context.ts`).
    app.decorate('domainServices', services);
  },
  { name: 'registry-domains', dependencies: ['registry-config', 'registry-database', 'registry-search-client', 'registry-index-queue', 'registry-community-mailer'] },
);

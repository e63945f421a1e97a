/**
 * The domains' services, each bound once to what it needs (the database handle, the index
 * publisher, the search client, the mailer): `app.records`, `app.claims`, … for the REST routes,
 * and the same objects in every GraphQL context (`context.records`, …). Routes, resolvers and
 * plugins call these; only repositories run SQL. This is the one module besides the database
 * plugin and the repositories that holds the database handle (eslint rule
 * `registry/no-database-handle`).
 */
import fp from 'fastify-plugin';
import type { Redis } from 'ioredis';
import type { Database, IndexPublisher, RegistryConfig, SearchClient } from '@registry/platform';
import { recordsAlias } from '@registry/schemas';
import { bindDependencies } from './bind-dependencies.ts';
import type { DomainServices } from './kernel/graphql-context.ts';
import { createAccountRepository } from './accounts/account-repository.ts';
import type { AccountDependencies } from './accounts/account-actions.ts';
import * as apiKeys from './accounts/api-key-service.ts';
import * as passwords from './accounts/password-service.ts';
import * as profiles from './accounts/profile-service.ts';
import * as sessions from './accounts/session-service.ts';
import * as signUp from './accounts/sign-up-service.ts';
import * as userAdmin from './accounts/user-admin-service.ts';
import { createAttemptLimiter } from './accounts/attempt-limits.ts';
import { createSmtpMailer, type MailContext, type Mailer } from './accounts/mailer.ts';
import { readChangesJson } from './changes/change-feed.ts';
import { KeptPages } from './kernel/kept-pages.ts';
import { recentlyChangedIds, recordsAmongFeed, recordsFeed, savedSearchOf } from './changes/atom-feeds.ts';
import * as claims from './claims/claim-service.ts';
import * as curation from './curation/curation-service.ts';
import * as curationFiles from './curation/curation-files-service.ts';
import * as siteModes from './curation/site-mode-service.ts';
import { approveRecordForCreator, deleteRecordForCreator } from './curation/record-decisions.ts';
import { readPublicRecordBatches } from './export/public-records-repository.ts';
import { createLoaders } from './records/record-loaders.ts';
import { catalogueJsonLdStream, catalogueRdfStream, recordDescription, recordSignposting, withdrawnDescription } from './linked-data/linked-data-service.ts';
import { describeTombstone } from './records/withdrawn-records.ts';
import * as messages from './messages/message-service.ts';
import { oldestPendingOutboxAt, pendingOutboxCount, pingDatabase, recentRecordRevisions } from './operations/operations-repository.ts';
import { addressOf, answerOaiRequest } from './oai/oai-service.ts';
import * as organisations from './organisations/organisation-service.ts';
import * as organisationRows from './organisations/organisation-repository.ts';
import { mostViewedRecords, recordViewCount } from './record-views/record-views-repository.ts';
import * as records from './records/record-service.ts';
import * as curationActions from './records/record-curation-actions.ts';
import * as recordRows from './records/record-repository.ts';
import { historyNames } from './records/history-service.ts';
import { findRecord, listRecords } from './records/record-reads.ts';
import * as references from './references/reference-service.ts';
import { createPublicationLookups, type PublicationLookups } from './references/publication-lookup-queue.ts';
import { reviewRecord } from './reviews/review-service.ts';
import * as savedSearches from './saved-searches/saved-search-service.ts';
import * as webhooks from './webhooks/webhook-service.ts';
import * as linkHealth from './link-health/link-health-service.ts';
import * as site from './site/site-service.ts';
import { searchSuggestions } from './suggestions/suggestions-service.ts';
import * as timeline from './timeline/timeline-service.ts';
import * as vocabularies from './vocabularies/vocabulary-service.ts';
import { countListSizes } from './vocabularies/list-sizes-repository.ts';
import * as watching from './watching/watching-service.ts';

/** What the services are built from (the app's connections), named apart from the app so the services' type does not depend on it. */
interface DomainInputs {
  db: Database;
  config: RegistryConfig;
  searchClient: SearchClient;
  redis: Redis;
  publisher: IndexPublisher | null;
  communityMail: { mailer: Mailer; context: MailContext };
  accountMailer: Mailer;
  publicationLookups: PublicationLookups;
  signToken: AccountDependencies['signToken'];
  warn(message: string, error: unknown): void;
}

function domainServices({ db, config, searchClient, redis, publisher, communityMail, accountMailer, publicationLookups, signToken, warn }: DomainInputs) {
  const mail = { mailer: communityMail.mailer, mailContext: communityMail.context, warn };
  const search = { client: searchClient, alias: recordsAlias(config.indexPrefix) };
  const writes = { db, publisher };
  const account: AccountDependencies = {
    repository: createAccountRepository(db),
    mailer: accountMailer,
    limiter: createAttemptLimiter(redis, config.queuePrefix),
    config,
    signToken,
    warn,
  };

  return {
    accounts: {
      ...bindDependencies(account, {
        signUp: signUp.signUp, confirm: signUp.confirm, resendConfirmation: signUp.resendConfirmation,
        signIn: sessions.signIn, signOut: sessions.signOut, viewerForSession: sessions.viewerForSession, viewerForApiKey: sessions.viewerForApiKey,
        apiKeyWasRevoked: sessions.apiKeyWasRevoked,
        sessionForUser: sessions.sessionForUser, signInWithIdentity: sessions.signInWithIdentity,
        requestPasswordReset: passwords.requestPasswordReset, resetPassword: passwords.resetPassword, checkPassword: passwords.checkPassword,
        ownAccount: profiles.ownAccount, updateOwnAccount: profiles.updateOwnAccount, deleteOwnAccount: profiles.deleteOwnAccount,
        addMissingEmail: profiles.addMissingEmail, profile: profiles.profile,
        createApiKey: apiKeys.createApiKey, listApiKeys: apiKeys.listApiKeys, revokeApiKey: apiKeys.revokeApiKey,
        accountRows: userAdmin.accountRows, listUsers: userAdmin.listUsers, userForAdmin: userAdmin.userForAdmin,
        updateUserAsAdmin: userAdmin.updateUserAsAdmin, deleteUserAsAdmin: userAdmin.deleteUserAsAdmin,
        addUserAsOperator: userAdmin.addUserAsOperator, setRoleAsOperator: userAdmin.setRoleAsOperator, superCuratorExists: userAdmin.superCuratorExists,
      }),
      sessionAnswer: sessions.sessionAnswer,
      profileTypes: profiles.profileTypes,
      userRoles: userAdmin.userRoles,
    },
    records: {
      ...bindDependencies({ ...writes, ...mail, search, publicUrl: config.publicUrl }, {
        createRecord: records.createRecord,
        updateSection: records.updateSection,
        updateWholeRecord: records.updateWholeRecord,
        canEditRecord: curationActions.canEditRecord,
        metadataFields: records.metadataFields,
        recordLogo: curationActions.recordLogo,
        setRecordHidden: curationActions.setRecordHidden,
        mergeRecords: curationActions.mergeRecords,
        recordAttributesAfterSave: records.recordAttributesAfterSave,
        approveRecord: approveRecordForCreator,
        deleteRecord: deleteRecordForCreator,
        listRecords,
        findRecord,
      }),
      ...bindDependencies(db, {
        resolveRecordIdentifier: recordRows.resolveRecordIdentifier, findRecordRow: recordRows.findRecordRow, recordsOfRegistry: recordRows.recordsOfRegistry,
        recordsNamedAny: recordRows.recordsNamedAny, recordSummaries: recordRows.recordSummaries, historyNames, readPublicRecordBatches,
      }),
      ...bindDependencies({ db, publicUrl: config.publicUrl }, { describeTombstone }),
      /** Fresh DataLoaders for one GraphQL request. */
      loaders: () => createLoaders(db),
    },
    recordViews: bindDependencies(db, { viewsOfRecord: recordViewCount, mostViewed: mostViewedRecords }),
    /** What /healthz, /readyz and /metrics read from Postgres. */
    operations: bindDependencies(db, { pingDatabase, pendingOutboxCount, oldestPendingOutboxAt, recentRecordRevisions }),
    claims: bindDependencies({ ...writes, ...mail }, {
      requestClaim: claims.requestClaim, claimState: claims.claimState, decideClaim: claims.decideClaim, stopMaintaining: claims.stopMaintaining,
    }),
    watching: bindDependencies({ db, secret: config.jwtSecret }, {
      watchRecord: watching.watchRecord, setDigestPreference: watching.setDigestPreference, unsubscribe: watching.unsubscribe,
    }),
    reviews: bindDependencies(writes, { reviewRecord }),
    webhooks: bindDependencies({
      db, egressAllow: config.egressAllow, secretOverlapMs: config.webhooks.secretOverlapMs,
      maxPerAccount: config.webhooks.maxPerAccount, maxPerHost: config.webhooks.maxPerHost,
    }, {
      createWebhook: webhooks.createWebhook, listWebhooks: webhooks.listWebhooks, updateWebhook: webhooks.updateWebhook, deleteWebhook: webhooks.deleteWebhook,
      rotateSecret: webhooks.rotateSecret, listDeliveries: webhooks.listDeliveries, redeliver: webhooks.redeliver,
    }),
    linkHealth: bindDependencies({ ...writes, brokenDays: config.linkBrokenDays }, {
      curatorLinkReport: linkHealth.curatorLinkReport, ownBrokenLinks: linkHealth.ownBrokenLinks,
      homepageUnreachableSince: linkHealth.homepageUnreachableSince, adoptFinalUrl: linkHealth.adoptFinalUrl,
    }),
    savedSearches: bindDependencies({ ...writes, publicUrl: config.publicUrl }, {
      createSavedSearch: savedSearches.createSavedSearch, updateSavedSearch: savedSearches.updateSavedSearch, deleteSavedSearch: savedSearches.deleteSavedSearch,
    }),
    organisations: {
      ...bindDependencies(db, {
        searchOrganisations: organisationRows.searchOrganisations, searchOrganisationTypes: organisationRows.searchOrganisationTypes, searchGrants: organisationRows.searchGrants,
      }),
      ...bindDependencies(writes, {
      createOrganisation: organisations.createOrganisation, updateOrganisation: organisations.updateOrganisation, deleteOrganisation: organisations.deleteOrganisation,
      createGrant: organisations.createGrant,
        createOrganisationLink: organisations.createOrganisationLink, updateOrganisationLink: organisations.updateOrganisationLink, deleteOrganisationLink: organisations.deleteOrganisationLink,
      }),
    },
    references: bindDependencies({ ...writes, lookups: publicationLookups }, {
      createLicenceLink: references.createLicenceLink, updateLicenceLink: references.updateLicenceLink, deleteLicenceLink: references.deleteLicenceLink,
      createPublication: references.createPublication, updatePublication: references.updatePublication,
      lookUp: references.lookUp, lookUpZenodo: references.lookUpZenodo, lookUpDoiCitation: references.lookUpDoiCitation, createTag: references.createTag,
    }),
    curation: bindDependencies(db, {
      awaitingApproval: curation.awaitingApproval, recentUserEdits: curation.recentUserEdits, pendingClaims: curation.pendingClaims,
      hiddenRecords: curation.hiddenRecords, incompleteRecords: curation.incompleteRecords, leastRecentlyUpdated: curation.leastRecentlyUpdated, leastRecentlyUpdatedRecord: curation.leastRecentlyUpdatedRecord,
      needsReview: curation.needsReview, recentCuratorCreations: curation.recentCuratorCreations, curatorList: curation.curatorList,
      summaryStatistics: curation.summaryStatistics, dashboardMessages: curation.dashboardMessages,
      addProcessingNote: curation.addProcessingNote, assignCurator: curation.assignCurator,
      recordsWithoutDoiCsv: curationFiles.recordsWithoutDoiCsv, creationDatesCsv: curationFiles.creationDatesCsv, editDatesCsv: curationFiles.editDatesCsv,
      storedSiteModes: siteModes.storedSiteModes, switchSiteModes: siteModes.switchSiteModes,
    }),
    messages: bindDependencies(db, {
      listMessages: messages.listMessages, createMessage: messages.createMessage, updateMessage: messages.updateMessage, deleteMessage: messages.deleteMessage,
    }),
    timeline: bindDependencies(db, {
      notableEvents: timeline.notableEvents, createNotableEvent: timeline.createNotableEvent, updateNotableEvent: timeline.updateNotableEvent, deleteNotableEvent: timeline.deleteNotableEvent,
    }),
    site: {
      ...bindDependencies(db, { homepageStats: site.homepageStats, publicRecordCountsByRegistry: site.publicRecordCountsByRegistry }),
      sitemap: () => site.sitemap(db, config.publicUrl),
    },
    suggestions: bindDependencies({ search, db }, { searchSuggestions }),
    linkedData: bindDependencies(
      { db, site: { publicUrl: config.publicUrl, siteName: config.siteName } },
      { recordDescription, withdrawnDescription, recordSignposting, catalogueRdfStream, catalogueJsonLdStream },
    ),
    changes: {
      ...bindDependencies({ db, keptPages: new KeptPages() }, { readChangesJson }),
      ...bindDependencies({ db, site: { publicUrl: config.publicUrl, siteName: config.siteName } }, { recordsFeed, recentlyChangedIds, savedSearchOf, recordsAmongFeed }),
    },
    harvesting: bindDependencies(
      { db, publicUrl: config.publicUrl, siteName: config.siteName, adminEmail: addressOf(config.mailFrom), keptPages: new KeptPages(), secret: config.jwtSecret },
      { answerOaiRequest },
    ),
    vocabularies: {
      ...bindDependencies(db, vocabularies.vocabularyReads),
      /** Row counts of the unpaged lists, for the GraphQL query cost. */
      listSizes: () => countListSizes(db),
    },
  };
}

type BoundServices = ReturnType<typeof domainServices>;

declare module './kernel/graphql-context.ts' {
  // The services' types, declared here where they are bound (the kernel sits below the domains).
  // eslint-disable-next-line @typescript-eslint/no-empty-object-type
  interface DomainServices extends BoundServices {}
}
export const DOMAIN_NAMES = [
  'accounts', 'records', 'recordViews', 'claims', 'watching', 'reviews', 'savedSearches', 'organisations', 'references',
  'curation', 'messages', 'timeline', 'site', 'suggestions', 'vocabularies', 'changes', 'harvesting',
  'linkedData', 'operations', 'webhooks', 'linkHealth',
] as const satisfies readonly (keyof DomainServices)[];

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
      signToken: (claims, expiresInSeconds) => app.jwt.sign(claims, { expiresIn: expiresInSeconds }),
      warn: (message, error) => app.log.warn({ reason: error instanceof Error ? error.message : String(error) }, message),
    });
    // One decoration per domain; each name's type is DomainServices[name] (declared above).
    for (const name of DOMAIN_NAMES) app.decorate(name, services[name] as never);
    // And all of them as one object, for a GraphQL context (`kernel/graphql-context.ts`).
    app.decorate('domainServices', services);
  },
  { name: 'registry-domains', dependencies: ['registry-config', 'registry-database', 'registry-search-client', 'registry-index-queue', 'registry-community-mailer'] },
);

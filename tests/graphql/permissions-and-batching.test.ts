/**
 * Visibility rules, per-viewer fields and query batching, on a small related catalogue in an
 * isolated database (the real corpus has no users, hidden records or organisations).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { createIsolatedEnvironment, type IsolatedEnvironment } from '../support/environment.ts';
import {
  CURATION_SUMMARY_QUERY, CURATOR_APPROVALS_QUERY, PENDING_MAINTENANCE_QUERY, publicUserQuery, recordPageQuery, userEditEventsQuery, userMetaQuery,
} from './client-queries.ts';
import { insertFixtureCatalogue, type FixtureIds } from './fixture-rows.ts';
import { countQueries, sendQuery, startGraphqlApp, tokenFor } from './support.ts';

let environment: IsolatedEnvironment;
let app: FastifyInstance;
let ids: FixtureIds;
let tokens: Record<keyof FixtureIds['users'], string>;

beforeAll(async () => {
  environment = await createIsolatedEnvironment('graphql_permissions');
  ids = await insertFixtureCatalogue(environment.db, { extraRecords: 10 });
  app = await startGraphqlApp(environment.config, environment.db);
  tokens = {
    curator: await tokenFor(app, ids.users.curator),
    superCurator: await tokenFor(app, ids.users.superCurator),
    maintainer: await tokenFor(app, ids.users.maintainer),
    watcher: await tokenFor(app, ids.users.watcher),
    other: await tokenFor(app, ids.users.other),
  };
});

afterAll(async () => {
  await app?.close();
  await environment?.cleanup();
});

describe('hidden records', () => {
  it('answer "record not found" to anonymous and unrelated viewers', async () => {
    for (const token of [undefined, tokens.other]) {
      const answer = await sendQuery(app, `{fairsharingRecord(id:${ids.hiddenRecordId}){ id name }}`, token);
      expect(answer.status).toBe(200);
      expect(answer.data).toEqual({ fairsharingRecord: null });
      expect(answer.errors?.map((error) => error.message)).toEqual(['record not found']);
    }
  });

  it('are visible to curators and to their maintainers', async () => {
    const asCurator = await sendQuery(app, `{fairsharingRecord(id:${ids.hiddenRecordId}){ id isHidden isOwner curatorNotes }}`, tokens.curator);
    expect(asCurator.errors).toBeUndefined();
    expect(asCurator.data!.fairsharingRecord).toMatchObject({ id: String(ids.hiddenRecordId), isHidden: true, isOwner: false });
    const asMaintainer = await sendQuery(app, `{fairsharingRecord(id:${ids.hiddenRecordId}){ id isOwner curatorNotes }}`, tokens.maintainer);
    expect(asMaintainer.errors).toBeUndefined();
    expect(asMaintainer.data!.fairsharingRecord).toEqual({ id: String(ids.hiddenRecordId), isOwner: true, curatorNotes: null });
  });

  it('are left out of relations shown to other viewers', async () => {
    const query = `{fairsharingRecord(id:${ids.publicRecordId}){ recordAssociations{ linkedRecord{ id } } }}`;
    const anonymous = await sendQuery(app, query);
    const curator = await sendQuery(app, query, tokens.curator);
    const linked = (answer: typeof anonymous) => answer.data!.fairsharingRecord.recordAssociations.map((a: { linkedRecord: { id: string } }) => a.linkedRecord.id);
    expect(linked(anonymous)).not.toContain(String(ids.hiddenRecordId));
    expect(linked(curator)).toContain(String(ids.hiddenRecordId));
  });
});

describe('per-viewer fields', () => {
  it('shows curator notes to curators only', async () => {
    const query = `{fairsharingRecord(id:${ids.publicRecordId}){ curatorNotes }}`;
    expect((await sendQuery(app, query)).data!.fairsharingRecord.curatorNotes).toBeNull();
    expect((await sendQuery(app, query, tokens.curator)).data!.fairsharingRecord.curatorNotes).toBe('curators only');
  });

  it('shows watchers to curators, and to each watcher only themself', async () => {
    const query = `{fairsharingRecord(id:${ids.publicRecordId}){ watchers{ username } }}`;
    const usernames = async (token?: string) =>
      (await sendQuery(app, query, token)).data!.fairsharingRecord.watchers.map((user: { username: string }) => user.username).sort();
    expect(await usernames()).toEqual([]);
    expect(await usernames(tokens.watcher)).toEqual(['watcher']);
    expect(await usernames(tokens.curator)).toEqual(['other', 'watcher']);
  });

  it('gives history to signed-in viewers', async () => {
    const answer = await sendQuery(app, `{fairsharingRecord(id:${ids.publicRecordId}){ history legacyLogs }}`, tokens.other);
    expect(answer.errors).toBeUndefined();
    expect(answer.data!.fairsharingRecord).toEqual({ history: [], legacyLogs: [] });
  });

  it('shows a user e-mail only to the user themself and super curators', async () => {
    const query = `{user(id:${ids.users.maintainer} ){ username email maintainedRecords{ id type name doi registry isApproved } }}`;
    expect((await sendQuery(app, query)).data!.user.email).toBeNull();
    expect((await sendQuery(app, query, tokens.other)).data!.user.email).toBeNull();
    expect((await sendQuery(app, query, tokens.maintainer)).data!.user.email).toBe('maintainer@example.org');
    expect((await sendQuery(app, query, tokens.superCurator)).data!.user.email).toBe('maintainer@example.org');
    const records = (await sendQuery(app, query)).data!.user.maintainedRecords.map((record: { id: string }) => record.id);
    expect(records).not.toContain(String(ids.hiddenRecordId));
  });

  it('lists users for super curators only', async () => {
    const denied = await sendQuery(app, '{allUsers(q:"*"){ id username email}}', tokens.curator);
    expect(denied.status).toBe(200);
    expect(denied.errors?.[0].message).toMatch(/unauthorised/);
    const allowed = await sendQuery(app, '{allUsers(q:"mainta"){ id username email}}', tokens.superCurator);
    expect(allowed.data!.allUsers).toEqual([{ id: String(ids.users.maintainer), username: 'maintainer', email: 'maintainer@example.org' }]);
  });

  it('answers the curator dashboard lists to curators and refuses others', async () => {
    const query = '{hiddenRecords{ id name createdAt type creator{id username } curator{id username }}}';
    const hidden = (await sendQuery(app, query, tokens.curator)).data as { hiddenRecords: { id: string }[] };
    expect(hidden.hiddenRecords.map((record) => Number(record.id))).toEqual([ids.hiddenRecordId]);
    const denied = await sendQuery(app, query, tokens.other);
    expect(denied.errors?.[0].message).toMatch(/unauthorised/);
    expect(denied.status).toBeLessThan(500);
  });
});

describe('profile and dashboard queries of the client', () => {
  it('answers the own-profile, public-profile and edit-event queries', async () => {
    const own = await sendQuery(app, userMetaQuery(ids.users.other), tokens.other);
    expect(own.errors).toBeUndefined();
    expect(own.data!.user.createdSearches).toEqual([expect.objectContaining({ name: 'My search', creator: { id: String(ids.users.other), username: 'other' } })]);
    expect(own.data!.user.watchedRecords.length).toBeGreaterThan(0);
    const publicProfile = await sendQuery(app, publicUserQuery(ids.users.maintainer));
    expect(publicProfile.errors).toBeUndefined();
    expect(publicProfile.data!.user).toMatchObject({ username: 'maintainer', email: null, thirdParty: false, awards: [] });
    const events = await sendQuery(app, userEditEventsQuery(ids.users.other), tokens.other);
    expect(events.errors).toBeUndefined();
    expect(events.data!.user.editEvents).toEqual([]);
  });

  it('answers the curator dashboard queries to curators', async () => {
    for (const query of [CURATION_SUMMARY_QUERY, CURATOR_APPROVALS_QUERY, PENDING_MAINTENANCE_QUERY]) {
      const answer = await sendQuery(app, query, tokens.curator);
      expect(answer.errors, query).toBeUndefined();
      expect(answer.status).toBe(200);
    }
  });
});

describe('batching: one query per relation, not per row', () => {
  it('reads a record page with every relation in a small fixed number of SQL queries', async () => {
    const { result, statements } = await countQueries(environment.db, () => sendQuery(app, recordPageQuery(ids.publicRecordId)));
    expect(result.errors).toBeUndefined();
    const record = result.data!.fairsharingRecord;
    expect(record.organisationLinks).toHaveLength(2);
    expect(record.licences).toHaveLength(2);
    expect(record.recordAssociations.length).toBe(ids.relatedRecordIds.length);
    expect(record.reverseRecordAssociations.length).toBe(ids.relatedRecordIds.length);
    expect(record.legacyIds).toEqual(['bsg-s000777']);
    if (process.env.GRAPHQL_TEST_LOG) console.info(`record page: ${statements.length} SQL statements`);
    // About one query per relation field of the page (~35 fields), whatever the number of related rows.
    expect(statements.length).toBeLessThanOrEqual(40);
  });

  it('reads a list of records with nested relations with the same number of queries as a single record', async () => {
    const query = `{fairsharingRegistry(id:"database"){ fairsharingRecords{ id name subjects{ label } maintainers{ username } organisationLinks{ organisation{ name types countries{ code } } grant{ name } } licences{ name } recordAssociations{ linkedRecord{ name } } } }}`;
    const { result, statements } = await countQueries(environment.db, () => sendQuery(app, query));
    expect(result.errors).toBeUndefined();
    expect(result.data!.fairsharingRegistry.fairsharingRecords.length).toBe(ids.relatedRecordIds.length);
    if (process.env.GRAPHQL_TEST_LOG) console.info(`record list: ${statements.length} SQL statements`);
    expect(statements.length).toBeLessThanOrEqual(15);
  });
});

describe('lookups by other identifiers', () => {
  it('finds the record by DOI, FAIRsharing id and legacy id', async () => {
    for (const id of ['10.25504/FAIRsharing.abc123', 'FAIRsharing.ABC123', 'BSG-S000777', String(ids.publicRecordId)]) {
      const answer = await sendQuery(app, `{fairsharingRecord(id:"${id}"){ id }}`);
      expect(answer.data!.fairsharingRecord, id).toEqual({ id: String(ids.publicRecordId) });
    }
  });

  it('answers organisations with their links, types and countries', async () => {
    const { organisation_id: organisationId } = await environment.db('organisation_links').where({ record_id: ids.publicRecordId }).first();
    const answer = await sendQuery(
      app,
      `{organisation(id:${organisationId} ){ id name alternativeNames homepage rorLink types urlForLogo users{id username email orcid } countries{name id code } childOrganisations{id name } parentOrganisations{id name } organisationLinks{ id isLead relation fairsharingRecord{ id name abbreviation type registry status description subjects{id label iri definitions } domains{id label iri definitions } userDefinedTags{id label } taxonomies{id label }}grant{ id name}} savedSearches{ id name url organisations{ id name}}}}`,
    );
    expect(answer.errors).toBeUndefined();
    expect(answer.data!.organisation).toMatchObject({ types: ['University'], countries: [{ code: 'GB' }], organisationLinks: [{ isLead: true, relation: 'maintains', grant: { name: 'Grant 42' } }] });
  });
});

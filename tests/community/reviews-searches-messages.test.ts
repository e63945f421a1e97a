/**
 * Reviews, saved searches and public messages through the REST API, with each permission case:
 * curators review (lastReviewed moves, the record is re-indexed); people save searches linking
 * policies they maintain, super curators also organisations and users; creators (or super
 * curators) change and delete them; super curators write the messages everyone reads.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, type AccountsHarness } from '../accounts/support.ts';
import { demoRecords, person, startCommunityHarness, type Person } from './support.ts';
import { SAVED_SEARCH_MESSAGES } from '@registry/schemas/forms/saved-search.ts';

let harness: AccountsHarness;
let user: Person;
let maintainer: Person;
let curator: Person;
let superCurator: Person;
let record: { id: number; name: string };
let policy: { id: number; name: string };
let otherPolicy: { id: number; name: string };
let organisationId: number;

const graphql = async (query: string, who?: Person) =>
  (await call(harness.app, { method: 'POST', url: '/graphql', token: who?.token, payload: { query } })).body as { data: Record<string, unknown> };

beforeAll(async () => {
  harness = await startCommunityHarness('reviews_searches');
  user = await person(harness, 'searcher');
  maintainer = await person(harness, 'policy-maintainer');
  curator = await person(harness, 'review-curator', 'curator');
  superCurator = await person(harness, 'review-super', 'super_curator');
  record = (await demoRecords(harness)).visible[0];
  [policy, otherPolicy] = await harness.env.db('records as r').join('registries as g', 'g.id', 'r.registry_id')
    .where({ 'g.name': 'Policy', 'r.is_hidden': false, 'r.is_approved': true }).orderBy('r.id').limit(2).select('r.id', 'r.name');
  await harness.env.db('record_maintainers').insert({ record_id: policy.id, user_id: maintainer.id });
  // A real organisation (its ROR record), since the demo catalogue has none.
  [{ id: organisationId }] = await harness.env.db('organisations').insert({ name: 'University of Oxford', homepage: 'https://www.ox.ac.uk', ror_link: 'https://ror.org/052gg0110' }).returning('id');
}, 180_000);

afterAll(async () => {
  await harness?.close();
});

describe('POST /record_reviews', () => {
  const review = (who: Person | null, body: Record<string, unknown>) =>
    call(harness.app, { method: 'POST', url: '/record_reviews', token: who?.token, payload: { record_review: body } });

  it('is for curators only', async () => {
    expect((await review(null, { fairsharing_record_id: record.id })).status).toBe(401);
    expect((await review(user, { fairsharing_record_id: record.id })).status).toBe(403);
    expect((await review(maintainer, { fairsharing_record_id: policy.id })).status).toBe(403);
    expect((await review(curator, {})).status).toBe(400);
    expect((await review(curator, { fairsharing_record_id: 2_000_000 })).status).toBe(404);
  });

  it('records the review, moves lastReviewed and re-indexes the record', async () => {
    const outbox = () => harness.env.db('index_outbox').where({ entity_type: 'record', entity_id: record.id }).count<{ count: string }[]>('id as count');
    const before = Number((await outbox())[0].count);
    const response = await review(curator, { fairsharing_record_id: record.id });
    expect(response.status).toBe(201);
    const reviewedAt = (response.body.record_review as { created_at: string }).created_at;
    expect(Number((await outbox())[0].count)).toBe(before + 1);
    const answer = await graphql(`{ fairsharingRecord(id: ${record.id}) { lastReviewed reviews { user { username } } } }`, curator);
    const found = answer.data.fairsharingRecord as { lastReviewed: string; reviews: { user: { username: string } }[] };
    expect(new Date(found.lastReviewed).getTime()).toBe(new Date(reviewedAt).getTime());
    expect(found.reviews.map((item) => item.user.username)).toContain(curator.username);
  });

  it('tells curators alone whether a record needs review (not reviewed for a year)', async () => {
    const needsReview = async (id: number, who?: Person) =>
      ((await graphql(`{ fairsharingRecord(id: ${id}) { needsReview } }`, who)).data.fairsharingRecord as { needsReview: boolean | null }).needsReview;
    const [unreviewed] = await harness.env.db('records').where({ is_approved: true, is_hidden: false }).whereNull('last_reviewed').whereNot({ id: record.id }).limit(1).pluck('id');
    expect(await needsReview(unreviewed, curator)).toBe(true);
    expect(await needsReview(record.id, curator)).toBe(false);
    expect(await needsReview(unreviewed, user)).toBeNull();
    expect(await needsReview(unreviewed)).toBeNull();
  });
});

describe('saved searches', () => {
  const save = (who: Person | null, body: Record<string, unknown>) =>
    call(harness.app, { method: 'POST', url: '/saved_searches', token: who?.token, payload: { saved_search: body } });
  const change = (who: Person, id: number, body: Record<string, unknown>) =>
    call(harness.app, { method: 'PUT', url: `/saved_searches/${id}`, token: who.token, payload: { saved_search: body } });
  const url = '/search?fairsharingRegistry=Policy&subjects=genomics';
  let savedId: number;

  it('needs a name, a site path and a short comment', async () => {
    expect((await save(null, { name: 'Genomics policies', url })).status).toBe(401);
    const missing = await save(user, { url });
    expect(missing.status).toBe(400);
    expect(missing.body.message).toMatch(/Required/);
    expect((await save(user, { name: 'x', url: 'https://elsewhere.example/search' })).status).toBe(400);
    const long = await save(user, { name: 'x', url, comments: 'c'.repeat(101) });
    expect(long.body.message).toMatch(/at most 100 characters/);
  });

  it('reads the url with the URL parser against the site: a path leading off the site is refused, a whole address of the site kept as its path', async () => {
    // A browser reads `\` as `/`: both are links to evil.example, which react-router followed off the site.
    for (const offSite of ['/\\evil.example/path', '/\\/evil.example', '/.//evil.example', '//evil.example/search', 'javascript:alert(1)']) {
      const refused = await save(user, { name: 'x', url: offSite });
      expect(refused.status, offSite).toBe(400);
      expect(refused.body.message, offSite).toContain(SAVED_SEARCH_MESSAGES.url);
    }
    const ownSite = await save(user, { name: 'Own site', url: `${harness.app.config.publicUrl}/search?q=rna#results` });
    expect(ownSite.status).toBe(201);
    expect(ownSite.body.url).toBe('/search?q=rna#results');
    const moved = await change(user, ownSite.body.id as number, { url: '/\\evil.example/path' });
    expect(moved.status).toBe(400);
    expect((await harness.env.db('saved_searches').where({ id: ownSite.body.id }).first('url')).url).toBe('/search?q=rna#results');
    expect((await call(harness.app, { method: 'DELETE', url: `/saved_searches/${ownSite.body.id}`, token: user.token })).status).toBe(200);
  });

  it('links only policies the person maintains, and organisations and users only for super curators', async () => {
    expect((await save(user, { name: 'x', url, fairsharing_record_ids: [policy.id] })).status).toBe(403);
    expect((await save(maintainer, { name: 'x', url, fairsharing_record_ids: [otherPolicy.id] })).status).toBe(403);
    expect((await save(curator, { name: 'x', url, fairsharing_record_ids: [record.id] })).body.message).toMatch(/Only policies/);
    expect((await save(maintainer, { name: 'x', url, organisation_ids: [organisationId] })).status).toBe(403);
    expect((await save(curator, { name: 'x', url, user_ids: [user.id] })).status).toBe(403);
    expect((await save(superCurator, { name: 'x', url, organisation_ids: [9_999_999] })).status).toBe(400);
  });

  it('saves a search with its parameters and links; it shows on the profile, the record and the organisation', async () => {
    const response = await save(maintainer, {
      name: 'Genomics policies', comments: 'Funder policies for genomics', url, params: { fairsharingRegistry: 'Policy', subjects: 'genomics' }, fairsharing_record_ids: [policy.id],
    });
    expect(response.status).toBe(201);
    expect(response.body).toMatchObject({ name: 'Genomics policies', url, creator_id: maintainer.id, fairsharing_record_ids: [policy.id], params: { subjects: 'genomics' } });
    savedId = response.body.id as number;
    const linked = await save(superCurator, { name: 'Oxford searches', url, organisation_ids: [organisationId], user_ids: [user.id] });
    expect(linked.body).toMatchObject({ organisation_ids: [organisationId], user_ids: [user.id] });
    const onRecord = await graphql(`{ fairsharingRecord(id: ${policy.id}) { savedSearches { name url creator { username } } } }`);
    expect((onRecord.data.fairsharingRecord as { savedSearches: unknown[] }).savedSearches).toEqual([{ name: 'Genomics policies', url, creator: { username: maintainer.username } }]);
    const profile = await graphql(`{ user(id: ${user.id}) { savedSearches { name url } } }`, user);
    expect((profile.data.user as { savedSearches: unknown[] }).savedSearches).toEqual([{ name: 'Oxford searches', url }]);
  });

  it('is changed or deleted by its creator or a super curator only', async () => {
    expect((await change(user, savedId, { name: 'Mine now' })).status).toBe(403);
    expect((await change(curator, savedId, { name: 'Mine now' })).status).toBe(403);
    expect((await call(harness.app, { method: 'DELETE', url: `/saved_searches/${savedId}`, token: user.token })).status).toBe(403);
    const renamed = await change(maintainer, savedId, { name: 'Genomics funder policies', fairsharing_record_ids: [] });
    expect(renamed.body).toMatchObject({ name: 'Genomics funder policies', comments: 'Funder policies for genomics', fairsharing_record_ids: [] });
    expect((await change(maintainer, savedId, { name: '' })).status).toBe(400);
    expect((await change(superCurator, savedId, { comments: 'Checked' })).body).toMatchObject({ comments: 'Checked' });
    expect((await call(harness.app, { method: 'DELETE', url: `/saved_searches/${savedId}`, token: maintainer.token })).status).toBe(200);
    expect((await change(maintainer, savedId, { name: 'gone' })).status).toBe(404);
  });
});

describe('messages', () => {
  const readMessages = async () => ((await graphql('{ messages { id message } }')).data.messages as { id: string; message: string }[]);

  it('are written by super curators only and read by everyone', async () => {
    const body = { message: { message: 'The registry will be read-only on Saturday from 08:00 to 10:00 UTC.' } };
    expect((await call(harness.app, { method: 'POST', url: '/messages/', payload: body })).status).toBe(401);
    expect((await call(harness.app, { method: 'POST', url: '/messages/', token: curator.token, payload: body })).status).toBe(403);
    expect((await call(harness.app, { method: 'POST', url: '/messages/', token: superCurator.token, payload: { message: { message: ' ' } } })).status).toBe(400);
    const created = await call(harness.app, { method: 'POST', url: '/messages/', token: superCurator.token, payload: body });
    expect(created.status).toBe(201);
    const id = created.body.id as number;
    expect((await readMessages()).map((item) => item.message)).toContain(body.message.message);
    expect((await call(harness.app, { method: 'PUT', url: `/messages/${id}`, token: curator.token, payload: { message: { message: 'x' } } })).status).toBe(403);
    const changed = await call(harness.app, { method: 'PUT', url: `/messages/${id}`, token: superCurator.token, payload: { message: { message: 'Read-only on Saturday 08:00–09:00 UTC.' } } });
    expect(changed.body).toMatchObject({ message: 'Read-only on Saturday 08:00–09:00 UTC.' });
    expect((await call(harness.app, { method: 'DELETE', url: `/messages/${id}`, token: curator.token })).status).toBe(403);
    expect((await call(harness.app, { method: 'DELETE', url: `/messages/${id}`, token: superCurator.token })).status).toBe(200);
    expect((await call(harness.app, { method: 'DELETE', url: `/messages/${id}`, token: superCurator.token })).status).toBe(404);
    expect(await readMessages()).toEqual([]);
  });
});

/**
 * Saved-search links are bounded before any of them is checked: 30,000 copies of one id, more
 * ids than a list may hold, or an id past the int4 range answer 400 at once and store nothing
 * (30,000 duplicates used to cost minutes of database work, one lookup per copy).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BOUND_MESSAGES, INT4_MAX, MAX_IDS_PER_LIST } from '@registry/schemas/forms/bounds.ts';
import { call, type AccountsHarness } from '../accounts/support.ts';
import { person, startCommunityHarness, type Person } from '../community/support.ts';

let harness: AccountsHarness;
let superCurator: Person;
let policyId: number;

beforeAll(async () => {
  harness = await startCommunityHarness('cost_saved_searches');
  superCurator = await person(harness, 'cost-super', 'super_curator');
  [{ id: policyId }] = await harness.env.db('records as r').join('registries as g', 'g.id', 'r.registry_id')
    .where({ 'g.name': 'Policy' }).orderBy('r.id').limit(1).select('r.id');
}, 180_000);

afterAll(async () => {
  await harness?.close();
});

const save = (links: Record<string, unknown>) =>
  call(harness.app, { method: 'POST', url: '/saved_searches', token: superCurator.token, payload: { saved_search: { name: 'Bounded', url: '/search?q=x', ...links } } });
const stored = async () => Number((await harness.env.db('saved_searches').count<{ count: string }[]>('id as count'))[0].count);

describe('saved-search links', () => {
  it.each([
    ['30,000 copies of one record id', { fairsharing_record_ids: Array.from({ length: 30_000 }, () => 1) }, String(MAX_IDS_PER_LIST)],
    ['two copies of one user id', { user_ids: [1, 1] }, BOUND_MESSAGES.duplicateIds],
    [`${MAX_IDS_PER_LIST + 1} distinct organisation ids`, { organisation_ids: Array.from({ length: MAX_IDS_PER_LIST + 1 }, (_, index) => index + 1) }, String(MAX_IDS_PER_LIST)],
    ['an id past the int4 range', { organisation_ids: [INT4_MAX + 1] }, BOUND_MESSAGES.id],
    // The message names the bound (the route's body check or the form schema, whichever reads it first).
  ])('refuses %s, storing nothing', async (_name, links, message) => {
    const before = await stored();
    const response = await save(links);
    expect(response.status).toBe(400);
    expect(JSON.stringify(response.body)).toContain(message);
    expect(await stored()).toBe(before);
  });

  it('still saves a search linked to a policy', async () => {
    const response = await save({ fairsharing_record_ids: [policyId] });
    expect(response.status).toBe(201);
    expect(response.body.fairsharing_record_ids).toEqual([policyId]);
  });
});

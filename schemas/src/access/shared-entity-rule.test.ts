/** `sharedEntity.change`: who may change a publication, organisation, grant, licence or tag many records cite. */
import { describe, expect, it } from 'vitest';
import { can, type SharedEntityFacts } from './policy.ts';
import { viewerForUser } from './viewer.ts';

const creator = viewerForUser({ id: 10, username: 'creator', role: 'user' }, 'session');
const creatorByKey = viewerForUser({ id: 10, username: 'creator', role: 'user' }, 'api_key');
const stranger = viewerForUser({ id: 11, username: 'stranger', role: 'user' }, 'session');
const curator = viewerForUser({ id: 20, username: 'curator', role: 'curator' }, 'session');

const record = (facts: { maintainerIds?: number[]; createdById?: number | null; isApproved?: boolean }) => ({
  isHidden: false,
  isApproved: facts.isApproved ?? true,
  maintainerIds: facts.maintainerIds ?? [],
  createdById: facts.createdById ?? null,
  ownerIds: [...(facts.maintainerIds ?? []), ...(facts.createdById ? [facts.createdById] : [])],
});
const changes = (viewer: typeof creator, sharedEntity: SharedEntityFacts) => can(viewer, 'sharedEntity.change', { sharedEntity });

describe('sharedEntity.change', () => {
  it('lets curators change any shared entity, seeded ones (no creator) included', () => {
    expect(changes(curator, { createdById: null, citingRecords: [record({ maintainerIds: [99] })] })).toBe(true);
    expect(can(curator, 'sharedEntity.change')).toBe(true);
  });

  it('lets its creator change it while no record or only records they may edit cite it', () => {
    expect(changes(creator, { createdById: 10, citingRecords: [] })).toBe(true);
    expect(changes(creator, { createdById: 10, citingRecords: [record({ maintainerIds: [10] }), record({ createdById: 10, isApproved: false })] })).toBe(true);
  });

  it('refuses its creator once a record they may not edit cites it', () => {
    expect(changes(creator, { createdById: 10, citingRecords: [record({ maintainerIds: [10] }), record({ maintainerIds: [99] })] })).toBe(false);
    // Created but approved: no longer theirs to edit unless they maintain it.
    expect(changes(creator, { createdById: 10, citingRecords: [record({ createdById: 10, isApproved: true })] })).toBe(false);
  });

  it('refuses everyone else, seeded entities and API keys', () => {
    expect(changes(stranger, { createdById: 10, citingRecords: [] })).toBe(false);
    expect(changes(stranger, { createdById: null, citingRecords: [] })).toBe(false);
    expect(changes(creatorByKey, { createdById: 10, citingRecords: [] })).toBe(false);
    expect(can(creator, 'sharedEntity.change')).toBe(false);
  });

  it('approves licences named inline for curators alone', () => {
    expect(can(curator, 'sharedEntity.approve')).toBe(true);
    expect(can(creator, 'sharedEntity.approve')).toBe(false);
  });
});

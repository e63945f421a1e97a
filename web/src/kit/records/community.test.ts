import { describe, expect, it } from 'vitest';
import { claimStatusLabel, claimView, type ClaimStateAnswer } from './community.ts';

const claim = (status: ClaimStateAnswer['existing'] & string, extra: Partial<NonNullable<ClaimStateAnswer['maintenance_request']>> = {}): ClaimStateAnswer => ({
  existing: status,
  maintainer: false,
  maintenance_request: {
    id: 1, fairsharing_record_id: 1, user_id: 1, status, claimant_message: null, curator_message: null, created_at: '2026-11-20T10:00:00Z', decided_at: null, ...extra,
  },
});

describe('claimView', () => {
  it('offers a claim to someone who never claimed, withdrew, or stopped maintaining', () => {
    expect(claimView({ existing: null, maintainer: false, maintenance_request: null })).toEqual({ kind: 'can-claim', text: null, curatorMessage: null });
    expect(claimView(claim('withdrawn')).kind).toBe('can-claim');
    expect(claimView(claim('approved')).kind).toBe('can-claim');
  });

  it('tells a claimant their request is pending and when to expect the answer', () => {
    const view = claimView(claim('pending'));
    expect(view.kind).toBe('pending');
    expect(view.text).toBe('You asked to maintain this record on 20 Nov 2026. A curator will answer within five working days; you will get an e-mail.');
  });

  it('tells of a rejection with the curator’s message and lets them ask again', () => {
    expect(claimView(claim('rejected', { decided_at: '2026-11-21T09:00:00Z', curator_message: 'Please write from your institute address.' }))).toEqual({
      kind: 'can-claim',
      text: 'A curator declined your request to maintain this record on 21 Nov 2026. You may ask again.',
      curatorMessage: 'Please write from your institute address.',
    });
  });

  it('knows a maintainer, whatever their claims say', () => {
    expect(claimView({ ...claim('approved'), maintainer: true }).kind).toBe('maintainer');
  });
});

describe('claimStatusLabel', () => {
  it('reads each status, and passes an unknown one through', () => {
    expect(claimStatusLabel('pending')).toBe('pending: a curator will answer within five working days');
    expect(claimStatusLabel('rejected')).toBe('declined by a curator');
    expect(claimStatusLabel('archived')).toBe('archived');
    expect(claimStatusLabel(null)).toBe('');
  });
});

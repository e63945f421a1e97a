import { describe, expect, it } from 'vitest';
import { DOI_RULE_SENTENCE, doiExplanation, missingDoiReason } from './doi-rule.ts';

const APPROVED_COMPLETE = { doi: null, is_approved: true, is_hidden: false, is_complete: true };

describe('the DOI rule', () => {
  it('names what a record still lacks, in order: approval, visibility, a complete description', () => {
    expect(missingDoiReason({ ...APPROVED_COMPLETE, doi: '10.25504/FAIRsharing.x' })).toBeNull();
    expect(missingDoiReason({ ...APPROVED_COMPLETE, is_approved: false, is_complete: false })).toBe('awaiting approval');
    expect(missingDoiReason({ ...APPROVED_COMPLETE, is_hidden: true })).toBe('hidden');
    expect(missingDoiReason({ ...APPROVED_COMPLETE, is_complete: false })).toBe('incomplete');
    expect(missingDoiReason(APPROVED_COMPLETE)).toBe('awaiting registration');
  });

  it('says one sentence for a pending record and an approved one alike', () => {
    expect(doiExplanation('awaiting approval')).toBe(`No DOI yet. ${DOI_RULE_SENTENCE}`);
    expect(doiExplanation('incomplete')).toBe(`No DOI yet. ${DOI_RULE_SENTENCE}`);
    expect(doiExplanation('hidden')).toContain(DOI_RULE_SENTENCE);
    expect(doiExplanation('awaiting registration')).toMatch(/being registered with DataCite/);
    expect(doiExplanation('something new')).toBe('No DOI yet. Reason: something new.');
    expect(doiExplanation(null)).toBeNull();
  });
});

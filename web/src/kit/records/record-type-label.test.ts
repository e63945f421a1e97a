import { describe, expect, it } from 'vitest';
import { recordTypeLabel } from './record-type-label.ts';

describe('recordTypeLabel', () => {
  it('writes stored record types as words, keeping FAIRassist as spelled', () => {
    expect(recordTypeLabel('terminology_artefact')).toBe('Terminology artefact');
    expect(recordTypeLabel('knowledgebase_and_repository')).toBe('Knowledgebase and repository');
    expect(recordTypeLabel('fairassist')).toBe('FAIRassist');
    expect(recordTypeLabel(null)).toBe('—');
  });
});

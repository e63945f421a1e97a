import { describe, expect, it } from 'vitest';
import { LICENCE_RELATIONS, ORGANISATION_RELATIONS } from './linked-entities.ts';
import { linkRelationLabel } from './relation-labels.ts';

describe('linkRelationLabel', () => {
  it('reads SPEC’s undefined relation, and a missing one, as "Unspecified"', () => {
    expect(linkRelationLabel('undefined')).toBe('Unspecified');
    expect(linkRelationLabel(null)).toBe('Unspecified');
    expect(linkRelationLabel('')).toBe('Unspecified');
  });

  it('labels every relation a link can have, none as "undefined"', () => {
    for (const relation of [...ORGANISATION_RELATIONS, ...LICENCE_RELATIONS]) expect(linkRelationLabel(relation)).not.toMatch(/undefined|_/i);
    expect(linkRelationLabel('collaborates_on')).toBe('Collaborates on');
  });

  it('reads a relation outside the list as its words', () => {
    expect(linkRelationLabel('hosted_by')).toBe('Hosted by');
  });
});

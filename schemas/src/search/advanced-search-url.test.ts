import { describe, expect, it } from 'vitest';
import { formatAdvancedSearchUrl, parseAdvancedSearchUrl, type AdvancedSearchWhere } from './advanced-search-url.ts';

describe('parseAdvancedSearchUrl', () => {
  it('reads the public client form: one group per fields value, + between values, booleans', () => {
    const parsed = parseAdvancedSearchUrl({
      q: ' genome ',
      operator: '_or',
      fields: ['(operator=_and&subjects=genomics+life science&isImplemented=true)', '(operator=_or&registry=standard)'],
    });
    expect(parsed).toEqual({
      q: 'genome',
      where: {
        operator: '_or',
        fields: [
          { operator: '_and', subjects: ['genomics', 'life science'], isImplemented: true },
          { operator: '_or', registry: ['standard'] },
        ],
      },
    });
  });

  it('accepts several groups concatenated in one value, and defaults operators to _and', () => {
    const parsed = parseAdvancedSearchUrl({ fields: '(operator=_and&status=ready)(registry=policy&hasPublication=false)' });
    expect(parsed).toEqual({
      where: { operator: '_and', fields: [{ operator: '_and', status: ['ready'] }, { operator: '_and', registry: ['policy'], hasPublication: false }] },
    });
  });

  it('answers an empty where without fields, and merges a repeated identifier', () => {
    expect(parseAdvancedSearchUrl({})).toEqual({ where: { operator: '_and', fields: [] } });
    expect(parseAdvancedSearchUrl({ fields: '(operator=_or&subjects=a&subjects=b+a)' }).where.fields[0]).toEqual({ operator: '_or', subjects: ['a', 'b'] });
  });
});

describe('formatAdvancedSearchUrl', () => {
  it('is the inverse of parse, escaping the characters that structure the string', () => {
    const where: AdvancedSearchWhere = {
      operator: '_or',
      fields: [
        { operator: '_and', organisations: ['National Institutes of Health (NIH), Bethesda', 'A&B=C+D'], isRecommended: true },
        { operator: '_or', type: ['repository'] },
      ],
    };
    const url = formatAdvancedSearchUrl({ q: 'x', where });
    expect(url.fields[1]).toBe('(operator=_or&type=repository)');
    expect(url.fields[0]).not.toMatch(/\(NIH\)/);
    expect(parseAdvancedSearchUrl(url)).toEqual({ q: 'x', where });
  });

  it('leaves out empty values and an empty q', () => {
    expect(formatAdvancedSearchUrl({ q: '', where: { operator: '_and', fields: [{ operator: '_and', subjects: [] }] } })).toEqual({
      operator: '_and',
      fields: ['(operator=_and)'],
    });
  });
});

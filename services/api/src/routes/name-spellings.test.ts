import { describe, expect, it } from 'vitest';
import { camelCase, snakeCase, withDeclaredNames } from './name-spellings.ts';

describe('API names in either spelling', () => {
  it('converts between snake_case and camelCase', () => {
    expect(snakeCase('fairsharingRegistry')).toBe('fairsharing_registry');
    expect(camelCase('fairsharing_registry')).toBe('fairsharingRegistry');
    expect(camelCase(snakeCase('userDefinedTags'))).toBe('userDefinedTags');
  });

  it('moves a key spelled the other way to its declared name, the declared spelling winning, and keeps the rest', () => {
    const declared = new Set(['fairsharing_registry', 'record_type']);
    expect(withDeclaredNames({ fairsharingRegistry: ['standard'], 'page[size]': '5', q: 'x' }, declared, snakeCase)).toEqual({
      fairsharing_registry: ['standard'],
      'page[size]': '5',
      q: 'x',
    });
    expect(withDeclaredNames({ recordType: 'a', record_type: 'b' }, declared, snakeCase)).toEqual({ record_type: 'b' });
    expect(withDeclaredNames(undefined, declared, snakeCase)).toBeUndefined();
  });
});

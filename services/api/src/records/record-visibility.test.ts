import { describe, expect, it } from 'vitest';
import { parseRecordIdentifier } from './record-visibility.ts';

describe('parseRecordIdentifier', () => {
  it.each([
    [2, { kind: 'id', id: 2 }],
    ['2', { kind: 'id', id: 2 }],
    [' 42 ', { kind: 'id', id: 42 }],
    ['FAIRsharing.2mk2zb', { kind: 'doi', doi: '10.25504/fairsharing.2mk2zb' }],
    ['10.25504/FAIRsharing.2MK2ZB', { kind: 'doi', doi: '10.25504/fairsharing.2mk2zb' }],
    ['https://doi.org/10.25504/FAIRsharing.2mk2zb', { kind: 'doi', doi: '10.25504/fairsharing.2mk2zb' }],
    ['10.5072/Registry.ab12cd', { kind: 'doi', doi: '10.5072/registry.ab12cd' }],
    ['bsg-s000001', { kind: 'legacy', legacyId: 'bsg-s000001' }],
    ['BIODBCORE-000123', { kind: 'legacy', legacyId: 'biodbcore-000123' }],
  ])('reads %o', (raw, expected) => {
    expect(parseRecordIdentifier(raw)).toEqual(expected);
  });

  it.each([null, undefined, '', '0', '-1', '99999999999', 'not an id', '10.5072/', '10.5072/with space', "2'; drop table records"])('refuses %o', (raw) => {
    expect(parseRecordIdentifier(raw)).toBeNull();
  });
});

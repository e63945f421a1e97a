import { describe, expect, it } from 'vitest';
import { buildRecordQuery, isLegacyId, pathToReplace, recordIdForRoute } from './record-id.ts';

describe('record ids', () => {
  it('prefixes the DOI route', () => {
    expect(recordIdForRoute('FAIRsharing.2mk2zb', true)).toBe('10.25504/FAIRsharing.2mk2zb');
    expect(recordIdForRoute('2', false)).toBe('2');
  });

  it('recognises legacy ids', () => {
    expect(isLegacyId('bsg-s000001')).toBe(true);
    expect(isLegacyId('biodbcore-000123')).toBe(true);
    expect(isLegacyId('FAIRsharing.2mk2zb')).toBe(false);
    expect(isLegacyId('2')).toBe(false);
  });

  it('replaces only legacy paths by the numeric one', () => {
    expect(pathToReplace('bsg-s000001', false, 12)).toBe('/12');
    expect(pathToReplace('12', false, 12)).toBeNull();
    expect(pathToReplace('FAIRsharing.abc', true, 12)).toBeNull();
  });

  it('writes numeric ids bare and others quoted', () => {
    expect(buildRecordQuery('2')).toContain('fairsharingRecord(id:2)');
    expect(buildRecordQuery('10.25504/FAIRsharing.2mk2zb')).toContain('fairsharingRecord(id:"10.25504/FAIRsharing.2mk2zb")');
  });
});

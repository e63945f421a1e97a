import { describe, expect, it } from 'vitest';
import { isStartupData, type StartupData } from './startup-data.ts';

const VALID: StartupData = {
  introspection: { __type: { fields: [{ name: 'searchFairsharingRecords', args: [{ name: 'q', type: { name: 'String', kind: 'SCALAR' } }] }] } },
  messages: [{ id: '1', message: 'Maintenance on Monday', updatedAt: '2026-11-26T00:00:00Z', createdAt: '2026-11-26T00:00:00Z' }],
  siteName: 'FAIRsharing',
  modes: { maintenance: false, readOnly: true },
};

describe('start-up data in a page', () => {
  it('is taken in the shape the server writes', () => {
    expect(isStartupData(VALID)).toBe(true);
    expect(isStartupData({ ...VALID, introspection: { __type: null }, messages: [] })).toBe(true);
  });

  it('is refused when a part the app reads is missing or of another type', () => {
    for (const damaged of [
      null,
      'text',
      { ...VALID, introspection: undefined },
      { ...VALID, introspection: { __type: { fields: 'none' } } },
      { ...VALID, messages: [{ id: 1 }] },
      { ...VALID, siteName: 7 },
      { ...VALID, modes: { maintenance: 'no', readOnly: false } },
    ]) {
      expect(isStartupData(damaged), JSON.stringify(damaged)).toBe(false);
    }
  });
});

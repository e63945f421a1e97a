import { describe, expect, it } from 'vitest';
import { decodeResumptionToken, encodeResumptionToken, type ListState } from './resumption-token.ts';

const SECRET = 'a server secret of at least thirty-two characters';
const state: ListState = {
  verb: 'ListRecords', metadataPrefix: 'oai_dc', from: null, until: null, set: null, earliest: '2015-01-01T00:00:00.000Z',
  afterId: 200, cursor: 200, completeListSize: 3205, expires: Date.parse('2030-01-01T00:00:00Z'),
};
const now = new Date('2029-12-31T23:00:00Z');

describe('resumption tokens', () => {
  it('decode to the state they were issued with, under the same secret', () => {
    expect(decodeResumptionToken(encodeResumptionToken(state, SECRET), 'ListRecords', now, SECRET)).toEqual(state);
  });

  it('refuse a state changed after signing, a missing or altered signature, another secret', () => {
    const token = encodeResumptionToken(state, SECRET);
    const signature = token.split('.')[1]!;
    const withState = (changed: Partial<ListState>) => `${Buffer.from(JSON.stringify({ ...state, ...changed })).toString('base64url')}.${signature}`;
    for (const forged of [
      withState({ completeListSize: 900_719_925_474_112 }), withState({ cursor: 0 }), withState({ expires: state.expires + 1 }), withState({ afterId: 0 }),
      token.split('.')[0]!, `${token}x`, `${token}.${signature}`, encodeResumptionToken(state, `${SECRET}!`), '', '.',
    ]) {
      expect(() => decodeResumptionToken(forged, 'ListRecords', now, SECRET), forged).toThrow(/not one this repository issued/);
    }
  });
});

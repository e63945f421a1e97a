/**
 * Resumption tokens of ListIdentifiers and ListRecords: the list's arguments, the last id sent
 * (a keyset cursor: the next page starts after it, whatever changed meanwhile), how many items
 * were sent, the list's size when it began, and when the token expires. Encoded as base64url
 * JSON; anything that does not decode to this shape, or has expired, is badResumptionToken.
 */
import { Type, type Static } from '@sinclair/typebox';
import { Value } from '@sinclair/typebox/value';
import { INT4_MAX } from '@registry/schemas/forms/bounds.ts';
import { OaiError } from './oai-arguments.ts';

const ListState = Type.Object(
  {
    verb: Type.Union([Type.Literal('ListIdentifiers'), Type.Literal('ListRecords')]),
    metadataPrefix: Type.String(),
    from: Type.Union([Type.String(), Type.Null()]),
    until: Type.Union([Type.String(), Type.Null()]),
    set: Type.Union([Type.String(), Type.Null()]),
    /** Datestamp of records without a known change date, fixed for the whole list. */
    earliest: Type.String(),
    afterId: Type.Integer({ minimum: 0, maximum: INT4_MAX }),
    cursor: Type.Integer({ minimum: 0 }),
    completeListSize: Type.Integer({ minimum: 0 }),
    /** Milliseconds since 1970. */
    expires: Type.Integer({ minimum: 0 }),
  },
  { additionalProperties: false },
);

export type ListState = Static<typeof ListState>;

export function encodeResumptionToken(state: ListState): string {
  return Buffer.from(JSON.stringify(state)).toString('base64url');
}

export function decodeResumptionToken(token: string, verb: ListState['verb'], now: Date): ListState {
  let state: unknown;
  try {
    state = JSON.parse(Buffer.from(token, 'base64url').toString('utf8'));
  } catch {
    state = null;
  }
  if (!Value.Check(ListState, state) || state.verb !== verb || Number.isNaN(Date.parse(state.earliest))) throw new OaiError('badResumptionToken', 'The resumption token is not one this repository issued for this verb');
  if (state.expires <= now.getTime()) throw new OaiError('badResumptionToken', 'The resumption token has expired; start the list again');
  return state;
}

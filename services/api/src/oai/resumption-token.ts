/**
 * Resumption tokens of ListIdentifiers and ListRecords: the list's arguments, the last id sent
 * (a keyset cursor: the next page starts after it, whatever changed meanwhile), how many items
 * were sent, the list's size when it began, and when the token expires. Encoded as base64url
 * JSON and an HMAC-SHA-256 of it under a key derived from the server's signing secret
 * (JWT_SECRET), so a harvester cannot set the cursor, the expiry or the list's size: a token whose
 * signature does not match, that does not decode to this shape, or has expired, is
 * badResumptionToken.
 */
import { createHmac, hkdfSync, timingSafeEqual } from 'node:crypto';
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

const NOT_ISSUED = 'The resumption token is not one this repository issued for this verb';

/** The signing key of tokens, derived from the server's secret (as the API-key hash key is), one per secret. */
const signingKeys = new Map<string, Buffer>();
function signingKey(secret: string): Buffer {
  let key = signingKeys.get(secret);
  if (!key) {
    key = Buffer.from(hkdfSync('sha256', secret, 'registry', 'oai-resumption-token', 32));
    signingKeys.set(secret, key);
  }
  return key;
}

function signatureOf(payload: string, secret: string): string {
  return createHmac('sha256', signingKey(secret)).update(payload).digest('base64url');
}

/** `<base64url JSON>.<base64url HMAC>`; `secret` is the server's signing secret (config.jwtSecret). */
export function encodeResumptionToken(state: ListState, secret: string): string {
  const payload = Buffer.from(JSON.stringify(state)).toString('base64url');
  return `${payload}.${signatureOf(payload, secret)}`;
}

/** The signed JSON of a token, compared as the exact text issued (base64url decoding forgives stray bits). */
function signedPayload(token: string, secret: string): string {
  const [payload = '', signature = '', ...rest] = token.split('.');
  const given = Buffer.from(signature);
  const expected = Buffer.from(signatureOf(payload, secret));
  if (rest.length > 0 || payload === '' || given.length !== expected.length || !timingSafeEqual(given, expected)) {
    throw new OaiError('badResumptionToken', NOT_ISSUED);
  }
  return payload;
}

export function decodeResumptionToken(token: string, verb: ListState['verb'], now: Date, secret: string): ListState {
  const payload = signedPayload(token, secret);
  let state: unknown;
  try {
    state = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8'));
  } catch {
    state = null;
  }
  if (!Value.Check(ListState, state) || state.verb !== verb || Number.isNaN(Date.parse(state.earliest))) throw new OaiError('badResumptionToken', NOT_ISSUED);
  if (state.expires <= now.getTime()) throw new OaiError('badResumptionToken', 'The resumption token has expired; start the list again');
  return state;
}

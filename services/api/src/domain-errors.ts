/**
 * Errors a domain service raises on purpose (every domain's one error type). Their message is
 * meant for the client; the REST error handler answers them with their status, and `details`
 * (e.g. the failing field of each rule) goes out beside the message. `fieldErrors` (field →
 * messages) is for form screens that show each rule's message under its field: the account
 * routes answer it as `errors` in their own wire format (account-errors.ts).
 */
import { INT4_MAX } from '@registry/schemas/forms/bounds.ts';
export class DomainError extends Error {
  override name = 'DomainError';
  constructor(
    readonly statusCode: number,
    message: string,
    readonly details?: Record<string, unknown>,
    readonly fieldErrors: Record<string, string[]> = {},
  ) {
    super(message);
  }
}

/** 429: the client has as many of these running as it may; the answer's retry-after says when to come back. */
export class BusyError extends DomainError {
  constructor(message: string, readonly retryAfterSeconds: number) {
    super(429, message);
  }
}

/** 422 naming every failing field's messages. */
export function invalidFieldsError(fieldErrors: Record<string, string[]>): DomainError {
  return new DomainError(422, Object.values(fieldErrors).flat().join('; '), undefined, fieldErrors);
}

export function notFoundError(what: string): DomainError {
  return new DomainError(404, `${what} not found`);
}

export function forbiddenError(message = 'You are not allowed to do this.'): DomainError {
  return new DomainError(403, message);
}

export function unauthenticatedError(): DomainError {
  return new DomainError(401, 'Please log in first.');
}

export function invalidError(message: string, details?: Record<string, unknown>): DomainError {
  return new DomainError(400, message, details);
}

/**
 * What a Postgres error that bad input or a race can cause means for the client, by SQLSTATE.
 * The services check ids and bounds first; these are the last line of defence when a check is
 * missing or a concurrent request wins the race (a link saved while its target is deleted).
 */
const DATABASE_ERRORS: Readonly<Record<string, { statusCode: number; message: string }>> = {
  // integrity_constraint_violation: another request changed the rows this one relies on
  '23503': { statusCode: 409, message: 'This change refers to something that no longer exists (it may just have been deleted). Reload and try again.' },
  '23505': { statusCode: 409, message: 'This already exists (it may just have been added by someone else). Reload and try again.' },
  // transaction_rollback: two saves locked the same rows in opposite orders (a shared entity's
  // change locks it, then its citing records; a record save locks the record, then what it links)
  '40P01': { statusCode: 409, message: 'Another change to the same records was being saved at the same moment. Try again.' },
  // data_exception: a value Postgres cannot store
  '22001': { statusCode: 400, message: 'A value is too long to store.' },
  '22003': { statusCode: 400, message: `A number is out of range (ids are whole numbers from 1 to ${INT4_MAX}).` },
  '22P02': { statusCode: 400, message: 'A value has the wrong type.' },
  '22021': { statusCode: 400, message: 'Text must be valid Unicode without NUL.' },
  // program_limit_exceeded (index row size) and protocol_violation (more than 65,535 query parameters)
  '54000': { statusCode: 400, message: 'A value is too large to store.' },
  '08P01': { statusCode: 400, message: 'The request names too many items at once.' },
  // query_canceled: the statement outlived the request's time-out (the API pool's statement_timeout)
  '57014': { statusCode: 503, message: 'The request took too long and was stopped. Ask for less, or try again later.' },
  // The database cannot be reached, is restarting, is full of connections or is not there (yet):
  // the request was fine and may be sent again (a 500 would say the server is broken).
  ...Object.fromEntries(['08000', '08001', '08003', '08004', '08006', '53300', '57P01', '57P02', '57P03', '3D000'].map(
    (code) => [code, { statusCode: 503, message: 'The database is not available at the moment. Try again shortly.' }],
  )),
  // A connection refused (Postgres down, or another service the request needed): not the request's fault.
  ECONNREFUSED: { statusCode: 503, message: 'A service the registry needs is not available at the moment. Try again shortly.' },
};

/** The client's error for a Postgres error caused by its input or a race, or undefined for a server fault. */
export function databaseInputError(error: unknown): DomainError | undefined {
  const code = (error as { code?: unknown } | null)?.code;
  if (typeof code !== 'string' || !Object.hasOwn(DATABASE_ERRORS, code)) return undefined;
  const known = DATABASE_ERRORS[code]!;
  return new DomainError(known.statusCode, known.message);
}

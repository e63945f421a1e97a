/**
 * Errors a resolver raises on purpose: their message is meant for the client and goes out as
 * it is. Anything else is reported as an internal error without details (the log keeps them).
 */
export class GraphqlUserError extends Error {
  override name = 'GraphqlUserError';
  constructor(
    message: string,
    readonly code: string,
  ) {
    super(message);
  }
}

/** The graph page and the record page look for this exact text. */
export const RECORD_NOT_FOUND = 'record not found';

export function recordNotFound(): GraphqlUserError {
  return new GraphqlUserError(RECORD_NOT_FOUND, 'NOT_FOUND');
}

export function notFound(what: string): GraphqlUserError {
  return new GraphqlUserError(`${what} not found`, 'NOT_FOUND');
}

export function unauthorised(message = 'unauthorised: this needs a signed-in user with the right role'): GraphqlUserError {
  return new GraphqlUserError(message, 'UNAUTHORISED');
}

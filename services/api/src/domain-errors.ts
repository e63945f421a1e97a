/**
 * Errors a domain service raises on purpose. Their message is meant for the client; the REST
 * error handler answers them with their status, and `details` (e.g. the failing field of each
 * rule) goes out beside the message.
 */
export class DomainError extends Error {
  override name = 'DomainError';
  constructor(
    readonly statusCode: number,
    message: string,
    readonly details?: Record<string, unknown>,
  ) {
    super(message);
  }
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

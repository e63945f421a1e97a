/**
 * Which of the media types a route can answer the request's Accept header prefers (the route's
 * order breaks ties, so `*\/*` and a missing header get its first). Read by the record and page
 * answers (pages/static-web.ts) and the curators' files (CSV or FAIRsharing's list of lines).
 */
import Negotiator from 'negotiator';
import type { FastifyRequest } from 'fastify';

/**
 * Media-type parameters other than q are dropped first: JSON-LD clients add a `profile`
 * (`application/ld+json;profile="…#compacted"`), and every profile gets the same document.
 */
export function preferredMediaType(request: FastifyRequest, available: string[]): string | undefined {
  const accept = (request.headers.accept ?? '*/*')
    .split(',')
    .map((range) => {
      const [type = '', ...parameters] = range.split(';');
      return [type, ...parameters.filter((parameter) => /^\s*q\s*=/i.test(parameter))].join(';');
    })
    .join(',');
  return new Negotiator({ headers: { accept } }).mediaType(available);
}

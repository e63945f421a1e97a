/** Strong entity tags of whole answers, and the `If-None-Match` check (RFC 9110 §13.1.2, weak comparison). */
import { createHash } from 'node:crypto';

export function entityTag(body: string): string {
  return `"${createHash('sha256').update(body).digest('base64url').slice(0, 32)}"`;
}

/** True when the client's `If-None-Match` names `tag` (or is `*`): answer 304. */
export function notModified(ifNoneMatch: string | undefined, tag: string): boolean {
  if (!ifNoneMatch) return false;
  return ifNoneMatch.split(',').some((candidate) => {
    const value = candidate.trim();
    return value === '*' || value.replace(/^W\//, '') === tag;
  });
}

/**
 * Deactivated users are treated as absent: they are not listed as maintainers, reviewers,
 * curators or editors, cannot sign in, and their tokens and keys stop working.
 */
import type { Knex } from 'knex';

export function activeUsersOnly(alias = 'users'): (query: Knex.QueryBuilder) => void {
  return (query) => {
    query.where(`${alias}.deactivated`, false);
  };
}

/**
 * The user columns any reader of public data may load. Secrets (password hash, tokens) and
 * private fields (e-mail, preferences) are read only by the accounts code, by name.
 */
export const PUBLIC_USER_COLUMNS = [
  'id', 'username', 'first_name', 'last_name', 'homepage', 'orcid', 'twitter', 'mastodon', 'bluesky',
  'third_party', 'awards', 'role', 'deactivated',
] as const;

/** Row form of the same rule, for users reached by id (a record's last editor, a reviewer). */
export function isActiveUser(user: { deactivated: boolean } | null | undefined): boolean {
  return user !== null && user !== undefined && !user.deactivated;
}

/** Who is asking, as every permission and visibility decision sees them. */

/** Roles of SPEC §6, stored as one enum column (`users.role`). `developer` grants what `user` grants. */
export const USER_ROLES = ['user', 'curator', 'super_curator', 'developer'] as const;
export type UserRole = (typeof USER_ROLES)[number];

/**
 * How the viewer proved who they are: a sign-in session, or an API key (read-only by design,
 * so a leaked key can never change an account or a record).
 */
export type ViewerCredential = 'anonymous' | 'session' | 'api_key';

export interface Viewer {
  userId: number | null;
  username: string | null;
  role: UserRole | null;
  /** Derived from `role`; kept as fields because the search and the web app read them often. */
  isCurator: boolean;
  isSuperCurator: boolean;
  credential: ViewerCredential;
  /**
   * The site is in read-only mode (SPEC §1): every write refuses, whoever asks, except those
   * marked `openWhenReadOnly`. The web app sets it from the modes the server reports, so each
   * button and form that asks `can()` follows the mode; the API's site-mode hook answers 423
   * before any rule runs, so its viewers leave it unset.
   */
  siteReadOnly?: boolean;
}

export const ANONYMOUS_VIEWER: Viewer = Object.freeze({
  userId: null,
  username: null,
  role: null,
  isCurator: false,
  isSuperCurator: false,
  credential: 'anonymous',
});

export function isUserRole(value: unknown): value is UserRole {
  return typeof value === 'string' && (USER_ROLES as readonly string[]).includes(value);
}

export function isCuratorRole(role: UserRole | null): boolean {
  return role === 'curator' || role === 'super_curator';
}

/** The viewer of an active (not deactivated) user; deactivated users are anonymous everywhere. */
export function viewerForUser(user: { id: number; username: string; role: UserRole }, credential: 'session' | 'api_key'): Viewer {
  return Object.freeze({
    userId: user.id,
    username: user.username,
    role: user.role,
    isCurator: isCuratorRole(user.role),
    isSuperCurator: user.role === 'super_curator',
    credential,
  });
}

/** The same viewer as seen while the site is, or is not, in read-only mode. */
export function viewerInSiteMode(viewer: Viewer, siteReadOnly: boolean): Viewer {
  if ((viewer.siteReadOnly ?? false) === siteReadOnly) return viewer;
  return Object.freeze({ ...viewer, siteReadOnly });
}

/** Who is asking: decides what hidden/unapproved content and curator-only filters they may see. */
export interface Viewer {
  userId: number | null;
  username: string | null;
  isCurator: boolean;
  isSuperCurator: boolean;
}

export const ANONYMOUS_VIEWER: Viewer = Object.freeze({
  userId: null,
  username: null,
  isCurator: false,
  isSuperCurator: false,
});

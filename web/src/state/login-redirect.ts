/** Where the login guard sends a visitor, and what it tells the login page. */

/** The login route for the current page, so a successful login comes back here. */
export function loginPathFor(pathWithQuery: string): string {
  return `/accounts/login?goTo=${encodeURIComponent(pathWithQuery)}`;
}

/** Route state of a redirect to login for a signed-in user who may not open the page. */
export interface LoginRedirectState {
  notAllowed: true;
}

export function isNotAllowedRedirect(state: unknown): state is LoginRedirectState {
  return !!state && typeof state === 'object' && (state as { notAllowed?: unknown }).notAllowed === true;
}

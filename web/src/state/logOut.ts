import type { Dispatch } from '@reduxjs/toolkit';
import { rest } from '../api/client.ts';
import { endSession } from './sessionSlice.ts';

/**
 * Ends the token on the server, then forgets the session here. The local session ends even
 * when the server cannot be reached: logging out must always work for the person at the screen.
 * `leave` runs before the session ends (e.g. going home), so a page behind the login guard is
 * left before the guard could send the visitor to the login page.
 */
export async function logOut(dispatch: Dispatch, leave?: () => Promise<void> | void): Promise<void> {
  try {
    await rest('delete', '/users/sign_out');
  } catch {
    // An already expired or revoked token is as good as ended.
  }
  await leave?.();
  endSession(dispatch);
}

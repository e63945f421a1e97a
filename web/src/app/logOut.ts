import type { Dispatch } from '@reduxjs/toolkit';
import { restDelete } from '../api/client.ts';
import { endSession } from './sessionSlice.ts';

/**
 * Ends the token on the server, then forgets the session here. The local session ends even
 * when the server cannot be reached: logging out must always work for the person at the screen.
 */
export async function logOut(dispatch: Dispatch): Promise<void> {
  try {
    await restDelete('/users/sign_out');
  } catch {
    // An already expired or revoked token is as good as ended.
  }
  endSession(dispatch);
}

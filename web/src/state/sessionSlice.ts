/**
 * The signed-in user, kept in localStorage so a reload keeps the session (SPEC §4): this slice
 * restores, stores and clears it; the login screens start it from the sign-in answer.
 */
import { createSlice, type Dispatch, type PayloadAction } from '@reduxjs/toolkit';

export interface StoredSession {
  id?: number;
  credentials: {
    username: string;
    token: string;
    /** Expiry as epoch seconds, epoch milliseconds or an ISO date (SPEC §9: seconds or date). */
    validity: number | string;
  };
  flags?: { is_curator?: boolean; is_super_curator?: boolean; role?: string };
}

export interface SessionState {
  isLoggedIn: boolean;
  user: StoredSession | null;
}

export const SESSION_STORAGE_KEY = 'registry.session';
export const SESSION_EXPIRED_MESSAGE = 'You session has expired. Please log in again.';

/** Expiry instant in milliseconds; numbers below 1e12 are taken as seconds. */
export function sessionExpiresAt(validity: number | string): number {
  if (typeof validity === 'number') return validity < 1e12 ? validity * 1000 : validity;
  if (/^\d+$/.test(validity)) return sessionExpiresAt(Number(validity));
  return Date.parse(validity);
}

export function isSessionValid(session: StoredSession, now = Date.now()): boolean {
  const expiresAt = sessionExpiresAt(session.credentials.validity);
  return Number.isFinite(expiresAt) && expiresAt > now;
}

function isStoredSession(value: unknown): value is StoredSession {
  if (!value || typeof value !== 'object') return false;
  const credentials = (value as { credentials?: unknown }).credentials;
  return (
    !!credentials &&
    typeof credentials === 'object' &&
    typeof (credentials as { token?: unknown }).token === 'string' &&
    typeof (credentials as { username?: unknown }).username === 'string'
  );
}

export function readStoredSession(): StoredSession | null {
  try {
    const raw = localStorage.getItem(SESSION_STORAGE_KEY);
    if (!raw) return null;
    const parsed: unknown = JSON.parse(raw);
    return isStoredSession(parsed) ? parsed : null;
  } catch {
    return null;
  }
}

export function writeStoredSession(session: StoredSession | null): void {
  try {
    if (session) localStorage.setItem(SESSION_STORAGE_KEY, JSON.stringify(session));
    else localStorage.removeItem(SESSION_STORAGE_KEY);
  } catch {
    // Storage can be disabled (private mode); the session then lasts for this page only.
  }
}

/** What `POST /users/sign_in` and `GET /users/valid` answer for a signed-in user. */
export interface SignInAnswer {
  success: boolean;
  jwt?: string;
  /** When the token stops working: seconds since 1970 (our API), epoch milliseconds or an ISO date. */
  expiry?: number | string;
  username?: string;
  id?: number;
  is_curator?: boolean;
  is_super_curator?: boolean;
  role?: string;
}

/** The stored session of a sign-in answer (a token and expiry given separately win, as after ORCID sign-in). */
export function sessionFromSignIn(answer: SignInAnswer, token = answer.jwt, expiry = answer.expiry): StoredSession {
  return {
    id: answer.id,
    credentials: { username: answer.username ?? '', token: token ?? '', validity: expiry ?? 0 },
    flags: { is_curator: !!answer.is_curator, is_super_curator: !!answer.is_super_curator, role: answer.role },
  };
}

const initialState: SessionState = { isLoggedIn: false, user: null };

export const sessionSlice = createSlice({
  name: 'session',
  initialState,
  reducers: {
    loggedIn(state, action: PayloadAction<StoredSession>) {
      state.isLoggedIn = true;
      state.user = action.payload;
    },
    loggedOut(state) {
      state.isLoggedIn = false;
      state.user = null;
    },
  },
});

export const { loggedIn, loggedOut } = sessionSlice.actions;

/** Stores the session locally and in the app. */
export function startSession(dispatch: Dispatch, session: StoredSession): void {
  writeStoredSession(session);
  dispatch(loggedIn(session));
}

/** Forgets the session locally and in the app (the server side is ended by the caller). */
export function endSession(dispatch: Dispatch): void {
  writeStoredSession(null);
  dispatch(loggedOut());
}

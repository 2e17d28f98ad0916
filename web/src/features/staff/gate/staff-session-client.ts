// The staff session of DESIGN.md section 7, seen from the browser: the server keeps the session
// behind an HttpOnly cookie; local storage holds only when this browser signed in (staff spec
// section 7, 'the admin session token'), never the PIN.
import { apiRequest, ApiError, getJson } from '../../../lib/api-client';
import { STORAGE_KEYS } from '../../../lib/storage-keys';
import type { StaffSessionStatus } from '@shared/passkey-api';

export const STAFF_PIN_LENGTH = 4;
export const INCORRECT_PIN_MESSAGE = 'Incorrect PIN code';

export type SessionCheck = Pick<StaffSessionStatus, 'authenticated' | 'passkeyRequired' | 'pinAccepted'>;

export async function fetchStaffSession(signal?: AbortSignal): Promise<SessionCheck> {
  const answer = await getJson<StaffSessionStatus>('/api/admin/session', { signal });
  const authenticated = answer?.authenticated === true;
  if (!authenticated) forgetSignIn();
  return { authenticated, passkeyRequired: answer?.passkeyRequired === true, pinAccepted: answer?.pinAccepted === true };
}

/** `passkeyNext`: the PIN was right, and (STAFF_REQUIRE_PASSKEY) a passkey must complete the sign-in. */
export type SignInResult = { ok: true; passkeyNext: boolean } | { ok: false; wrongPin: boolean; message: string };

/** POST /api/admin/session {pin}: 401 is a wrong PIN; 429 (locked) and 503 (not set up) carry the server's sentence. */
export async function signInWithPin(pin: string): Promise<SignInResult> {
  try {
    const answer = await apiRequest<Partial<StaffSessionStatus>>('POST', '/api/admin/session', { pin });
    if (answer?.authenticated === false && answer.pinAccepted) return { ok: true, passkeyNext: true };
    rememberSignIn();
    return { ok: true, passkeyNext: false };
  } catch (err) {
    if (!(err instanceof ApiError))
      return { ok: false, wrongPin: false, message: 'Could not reach the server. Check the connection and try again.' };
    if (err.status === 401) return { ok: false, wrongPin: true, message: INCORRECT_PIN_MESSAGE };
    return { ok: false, wrongPin: false, message: err.serverMessage ?? err.message };
  }
}

export async function signOut(): Promise<void> {
  try {
    await apiRequest('DELETE', '/api/admin/session');
  } finally {
    forgetSignIn();
  }
}

/** After a passkey sign-in (the server set the session cookie). */
export function rememberSignIn(): void {
  try {
    localStorage.setItem(STORAGE_KEYS.adminSession, JSON.stringify({ timestamp: Date.now() }));
  } catch {
    // Storage may be unavailable (private mode); the cookie is what signs in.
  }
}

function forgetSignIn(): void {
  try {
    localStorage.removeItem(STORAGE_KEYS.adminSession);
  } catch {
    // As above.
  }
}

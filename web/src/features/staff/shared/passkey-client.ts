// Staff passkeys seen from the browser (DESIGN.md section 7, staff sign-in): the WebAuthn prompts
// through @simplewebauthn/browser, and the server's answers turned into sentences a person can act
// on. Shared by the PIN gate and the /admin/passkeys screen.
import { browserSupportsWebAuthn, startAuthentication, startRegistration } from '@simplewebauthn/browser';
import type { PublicKeyCredentialCreationOptionsJSON, PublicKeyCredentialRequestOptionsJSON } from '@simplewebauthn/browser';
import type { PasskeyListResponse, PasskeySummary } from '@shared/passkey-api';
import { ApiError, apiRequest, getJson } from '../../../lib/api-client';

export type PasskeyResult = { ok: true } | { ok: false; message: string; /** the server wants the PIN first */ pinFirst?: boolean };

export const NO_WEBAUTHN_MESSAGE = 'This browser cannot use passkeys. Sign in with the PIN, or use an up-to-date browser.';
const CANCELLED_MESSAGE = 'The passkey prompt was closed or timed out before it finished. Try again when you are ready.';
const OFFLINE_MESSAGE = 'Could not reach the server. Check the connection and try again.';
const PIN_FIRST_MESSAGE = 'Enter the staff PIN first, then use your passkey.';

export function passkeysSupported(): boolean {
  return browserSupportsWebAuthn();
}

/** What went wrong, in words: a closed prompt, a device already registered, or the server's own sentence. */
export function passkeyProblem(err: unknown): { message: string; pinFirst?: boolean } {
  if (err instanceof ApiError) {
    const message = err.serverMessage ?? OFFLINE_MESSAGE;
    return { message, pinFirst: message === PIN_FIRST_MESSAGE };
  }
  const { name, code } = err as { name?: string; code?: string };
  if (code === 'ERROR_AUTHENTICATOR_PREVIOUSLY_REGISTERED' || name === 'InvalidStateError') {
    return { message: 'This device already holds a staff passkey: it is in the list below. Use it to sign in.' };
  }
  if (name === 'NotAllowedError' || name === 'AbortError' || code === 'ERROR_CEREMONY_ABORTED') return { message: CANCELLED_MESSAGE };
  if (name === 'SecurityError' || code === 'ERROR_INVALID_DOMAIN' || code === 'ERROR_INVALID_RP_ID') {
    return { message: 'Passkeys work only on the site’s own address over HTTPS. Open the staff area from its usual link.' };
  }
  if (err instanceof TypeError) return { message: OFFLINE_MESSAGE };
  return { message: 'The passkey did not work on this device. Try again, or sign in with the PIN.' };
}

async function attempt(run: () => Promise<void>): Promise<PasskeyResult> {
  if (!passkeysSupported()) return { ok: false, message: NO_WEBAUTHN_MESSAGE };
  try {
    await run();
    return { ok: true };
  } catch (err) {
    return { ok: false, ...passkeyProblem(err) };
  }
}

/** Sign in with a passkey this device holds (after the PIN when the server requires both). */
export function signInWithPasskey(): Promise<PasskeyResult> {
  return attempt(async () => {
    const { options } = await apiRequest<{ options: PublicKeyCredentialRequestOptionsJSON }>('POST', '/api/admin/session/passkey/options');
    const response = await startAuthentication({ optionsJSON: options });
    await apiRequest('POST', '/api/admin/session/passkey', { response });
  });
}

/** A new device, after the PIN, with the one-time enrolment code: registers its passkey and signs in. */
export function enrolWithCode(code: string, name: string): Promise<PasskeyResult> {
  return attempt(async () => {
    const { options } = await apiRequest<{ options: PublicKeyCredentialCreationOptionsJSON }>(
      'POST',
      '/api/admin/session/enrolment/options',
      {
        code,
      },
    );
    const response = await startRegistration({ optionsJSON: options });
    await apiRequest('POST', '/api/admin/session/enrolment', { name, response });
  });
}

/** From a signed-in staff session: registers a passkey on this device. */
export function registerPasskey(name: string): Promise<PasskeyResult> {
  return attempt(async () => {
    const { options } = await apiRequest<{ options: PublicKeyCredentialCreationOptionsJSON }>('POST', '/api/admin/passkeys/options');
    const response = await startRegistration({ optionsJSON: options });
    await apiRequest<{ passkey: PasskeySummary }>('POST', '/api/admin/passkeys', { name, response });
  });
}

export async function fetchPasskeys(signal?: AbortSignal): Promise<PasskeyListResponse> {
  const answer = await getJson<PasskeyListResponse>('/api/admin/passkeys', { signal });
  if (!answer) throw new Error('empty answer');
  return answer;
}

export async function removePasskey(id: string): Promise<void> {
  await apiRequest('DELETE', `/api/admin/passkeys/${encodeURIComponent(id)}`);
}

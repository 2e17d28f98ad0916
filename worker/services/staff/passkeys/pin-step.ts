// While STAFF_REQUIRE_PASSKEY=true a right PIN opens no session: it opens a five-minute PIN step in
// this browser (an HttpOnly cookie, its hash in KV), which a passkey (or a one-time enrolment code
// and a new passkey) completes. The step is spent by the sign-in it completes.
import { endKvSession, readKvSession, storeKvSession } from '../../../lib/kv-session';
import { toBase64Url } from '../../../lib/base64';
import { randomHex } from '../../../lib/crypto';

export const STAFF_PIN_STEP_COOKIE = '__Host-cb_staff_pin';
export const PIN_STEP_TTL_SECONDS = 5 * 60;
const PREFIX = 'staff-pin-step';

export interface PinStep {
  id: string;
  createdAt: string;
  expiresAt: string;
}

export async function openPinStep(kv: KVNamespace, now = new Date()): Promise<{ token: string; step: PinStep }> {
  const token = toBase64Url(crypto.getRandomValues(new Uint8Array(32)));
  const step = await storeKvSession(kv, PREFIX, token, PIN_STEP_TTL_SECONDS, { id: `P-${randomHex(5)}` }, now);
  return { token, step };
}

export function readPinStep(kv: KVNamespace, token: string | undefined, now = new Date()): Promise<PinStep | null> {
  return readKvSession<PinStep>(kv, PREFIX, token, now);
}

export function endPinStep(kv: KVNamespace, token: string | undefined): Promise<void> {
  return endKvSession(kv, PREFIX, token);
}

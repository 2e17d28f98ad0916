// Where staff passkeys belong and when they are required (DESIGN.md section 7, staff sign-in).
import type { Env } from '../../../env';
import { publicOrigin } from '../../../lib/origin';
import { sha256Hex, timingSafeEqualText } from '../../../lib/crypto';

/** STAFF_REQUIRE_PASSKEY=true: every sign-in needs the PIN and a passkey; a guessed PIN alone opens nothing. */
export function passkeyRequired(env: Pick<Env, 'STAFF_REQUIRE_PASSKEY'>): boolean {
  return env.STAFF_REQUIRE_PASSKEY?.trim().toLowerCase() === 'true';
}

export interface RelyingParty {
  /** The host name passkeys are bound to: PUBLIC_BASE_URL's, else the request's own. */
  id: string;
  name: string;
  /** The only origin a passkey answer is accepted from. */
  origin: string;
}

/**
 * The site as a WebAuthn relying party. With PUBLIC_BASE_URL set (production, the deploy check asks
 * for it) a passkey belongs to that host whatever Host header a request carries.
 */
export function relyingParty(env: Pick<Env, 'PUBLIC_BASE_URL' | 'BUSINESS_NAME'>, requestUrl: string): RelyingParty {
  const origin = publicOrigin(env, requestUrl);
  return { id: new URL(origin).hostname, name: `${env.BUSINESS_NAME?.trim() || 'Custom Blinds'} staff`, origin };
}

/** Shorter codes are refused: an enrolment code stands in for a signed-in device. */
export const MIN_ENROLMENT_CODE_LENGTH = 12;

/** The one-time enrolment code (a secret), or null when none is set or it is too short to trust. */
export function configuredEnrolmentCode(env: Pick<Env, 'STAFF_ENROLMENT_CODE'>): string | null {
  const code = env.STAFF_ENROLMENT_CODE?.trim();
  if (!code) return null;
  if (code.length < MIN_ENROLMENT_CODE_LENGTH) {
    console.error(`STAFF_ENROLMENT_CODE is ignored: it must be at least ${MIN_ENROLMENT_CODE_LENGTH} characters.`);
    return null;
  }
  return code;
}

export function enrolmentCodeMatches(configured: string, offered: string): boolean {
  return timingSafeEqualText(configured, offered.trim());
}

/** What D1 keeps of a spent code: its hash, so a read of the table never reveals a code. */
export function enrolmentCodeHash(code: string): Promise<string> {
  return sha256Hex(`staff-enrolment-code:${code}`);
}

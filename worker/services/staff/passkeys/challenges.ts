// WebAuthn challenges (DESIGN.md section 7, staff sign-in): each one is kept in KV for five minutes
// with what it may be used for, and spent exactly once. KV alone cannot promise "once" (a read and a
// delete are two calls, and two replays in flight could both read it), so the spending is decided by
// one RateLimiter object per challenge, whose first hit is the only one allowed.
import type { Env } from '../../../env';
import { AppError } from '../../../lib/errors';
import { fromBase64 } from '../../../lib/base64';

/** Long enough for a person to answer the device's prompt; KV's shortest expiry is 60 s. */
export const CHALLENGE_TTL_SECONDS = 5 * 60;

export type ChallengePurpose = 'register' | 'sign-in' | 'enrol';

export interface ChallengeRecord {
  purpose: ChallengePurpose;
  /** For 'register': the staff session that asked, which alone may complete it. */
  sessionId?: string;
  /** For 'enrol': the hash of the enrolment code it was opened with, spent when the passkey is stored. */
  codeHash?: string;
  /** For 'enrol' and sign-in while a passkey is required: the PIN step it belongs to. */
  pinStepId?: string;
}

const PREFIX = 'passkey-challenge';
const CHALLENGE_PATTERN = /^[A-Za-z0-9_-]{16,128}$/;
export const EXPIRED_MESSAGE = 'This passkey request has expired or was already used. Start again.';

export async function storeChallenge(env: Pick<Env, 'SESSIONS'>, challenge: string, record: ChallengeRecord): Promise<void> {
  await env.SESSIONS.put(`${PREFIX}:${challenge}`, JSON.stringify(record), { expirationTtl: CHALLENGE_TTL_SECONDS });
}

/** The challenge the browser signed, read from the response's clientDataJSON (base64url JSON). */
export function challengeOf(clientDataJSON: string): string {
  const bytes = fromBase64(
    clientDataJSON
      .replace(/-/g, '+')
      .replace(/_/g, '/')
      .padEnd(Math.ceil(clientDataJSON.length / 4) * 4, '='),
  );
  let challenge: unknown;
  try {
    challenge = bytes ? (JSON.parse(new TextDecoder().decode(bytes)) as { challenge?: unknown }).challenge : undefined;
  } catch {
    challenge = undefined;
  }
  if (typeof challenge !== 'string' || !CHALLENGE_PATTERN.test(challenge)) {
    throw new AppError('validation_error', 'The passkey answer could not be read. Try again.');
  }
  return challenge;
}

/**
 * Spends the challenge in `clientDataJSON` for `purpose`: its record, or a 400 when it is unknown,
 * expired, already spent or was issued for something else.
 */
export async function spendChallenge(
  env: Pick<Env, 'SESSIONS' | 'RATE_LIMITER'>,
  clientDataJSON: string,
  purpose: ChallengePurpose,
): Promise<{ challenge: string; record: ChallengeRecord }> {
  const challenge = challengeOf(clientDataJSON);
  const key = `${PREFIX}:${challenge}`;
  const record = await env.SESSIONS.get<ChallengeRecord>(key, 'json');
  if (!record) throw new AppError('validation_error', EXPIRED_MESSAGE);
  const first = await env.RATE_LIMITER.get(env.RATE_LIMITER.idFromName(key)).hit(1, CHALLENGE_TTL_SECONDS);
  if (!first.allowed) throw new AppError('validation_error', EXPIRED_MESSAGE);
  await env.SESSIONS.delete(key);
  if (record.purpose !== purpose) throw new AppError('validation_error', EXPIRED_MESSAGE);
  return { challenge, record };
}

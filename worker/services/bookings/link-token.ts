// The move-or-cancel link in a booking's e-mails: the booking id, its sequence (a move makes the
// links of earlier e-mails stale) and an expiry (the visit's end), signed with HMAC-SHA-256 under
// BOOKING_LINK_SECRET. Nothing else is needed to change the visit, so nothing less is accepted.
import type { Env } from '../../env';
import { isDevelopment } from '../../lib/app-env';
import { toBase64Url } from '../../lib/base64';
import { hmacSha256, timingSafeEqualText } from '../../lib/crypto';
import { AppError } from '../../lib/errors';
import { LINK_EXPIRED_MESSAGE, LINK_INVALID_MESSAGE } from '../../shared/visit-bookings-api';

/** Signs links when BOOKING_LINK_SECRET is unset, only while APP_ENV is exactly 'development'. */
export const LOCAL_BOOKING_LINK_SECRET = 'local-development-booking-link-secret-not-for-production';

export function bookingLinkSecret(env: Pick<Env, 'BOOKING_LINK_SECRET' | 'APP_ENV'>): string {
  const secret = env.BOOKING_LINK_SECRET?.trim();
  if (secret) return secret;
  if (isDevelopment(env)) return LOCAL_BOOKING_LINK_SECRET;
  throw new AppError('not_configured', 'Online booking is not available yet. Please call or WhatsApp us to book a site visit.');
}

export interface LinkClaims {
  bookingId: string;
  sequence: number;
  /** Seconds since the epoch. */
  expiresAt: number;
}

async function signature(secret: string, payload: string): Promise<string> {
  return toBase64Url(await hmacSha256(secret, `visit-booking:${payload}`));
}

export async function signBookingLink(env: Pick<Env, 'BOOKING_LINK_SECRET' | 'APP_ENV'>, claims: LinkClaims): Promise<string> {
  const payload = `${claims.bookingId}.${claims.sequence}.${claims.expiresAt}`;
  return `${payload}.${await signature(bookingLinkSecret(env), payload)}`;
}

/** The claims of a well-signed, unexpired token; a 400 a person can act on otherwise. */
export async function verifyBookingLink(
  env: Pick<Env, 'BOOKING_LINK_SECRET' | 'APP_ENV'>,
  token: string,
  now = new Date(),
): Promise<LinkClaims> {
  const match = /^(bk_[a-z2-7]{24})\.(\d{1,4})\.(\d{1,12})\.([A-Za-z0-9_-]{43})$/.exec(token.trim());
  if (!match) throw new AppError('validation_error', LINK_INVALID_MESSAGE);
  const [, bookingId, sequence, expiresAt, sig] = match as unknown as [string, string, string, string, string];
  const expected = await signature(bookingLinkSecret(env), `${bookingId}.${sequence}.${expiresAt}`);
  if (!timingSafeEqualText(sig, expected)) throw new AppError('validation_error', LINK_INVALID_MESSAGE);
  if (Number(expiresAt) * 1000 <= now.getTime()) throw new AppError('validation_error', LINK_EXPIRED_MESSAGE);
  return { bookingId, sequence: Number(sequence), expiresAt: Number(expiresAt) };
}

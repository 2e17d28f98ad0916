// The contract of staff passkeys (DESIGN.md section 7, staff sign-in): the staff area's list and
// registration (/api/admin/passkeys), passkey sign-in and one-time enrolment (/api/admin/session/...),
// and the PIN gate and /admin/passkeys screen that call them. The WebAuthn answers are the browser's
// JSON forms (WebAuthn Level 3 toJSON, as @simplewebauthn/browser sends them), bounded in size.
import { z } from 'zod';

export interface PasskeySummary {
  id: string;
  name: string;
  createdAt: string;
  lastUsedAt: string | null;
  /** Kept by a password manager or platform account that syncs it to the person's other devices. */
  synced: boolean;
  backedUp: boolean;
}

export interface PasskeyListResponse {
  success: true;
  passkeys: PasskeySummary[];
  /** STAFF_REQUIRE_PASSKEY: sign-in needs the PIN and a passkey, so the last one cannot be removed. */
  passkeyRequired: boolean;
}

/** GET /api/admin/session, with what the PIN gate needs to offer next. */
export interface StaffSessionStatus {
  success: true;
  authenticated: boolean;
  expiresAt: string | null;
  passkeyRequired: boolean;
  /** A right PIN was entered in this browser within 5 minutes and waits for a passkey. */
  pinAccepted: boolean;
}

const base64url = (max: number) =>
  z
    .string({ error: 'is required' })
    .max(max, `must be at most ${max} characters`)
    .regex(/^[A-Za-z0-9_-]*$/, 'must be base64url');

const transports = z.array(z.string().max(20)).max(10).optional();
const clientExtensionResults = z.record(z.string(), z.unknown()).default({});

export const registrationResponseSchema = z.object({
  id: base64url(1400),
  rawId: base64url(1400),
  type: z.literal('public-key', { error: "must be 'public-key'" }),
  authenticatorAttachment: z.enum(['platform', 'cross-platform']).optional(),
  clientExtensionResults,
  response: z.object({
    clientDataJSON: base64url(4000),
    attestationObject: base64url(16000),
    authenticatorData: base64url(8000).optional(),
    transports,
    publicKeyAlgorithm: z.number().int().optional(),
    publicKey: base64url(4000).optional(),
  }),
});

export const authenticationResponseSchema = z.object({
  id: base64url(1400),
  rawId: base64url(1400),
  type: z.literal('public-key', { error: "must be 'public-key'" }),
  authenticatorAttachment: z.enum(['platform', 'cross-platform']).optional(),
  clientExtensionResults,
  response: z.object({
    clientDataJSON: base64url(4000),
    authenticatorData: base64url(8000),
    signature: base64url(2000),
    userHandle: base64url(200).optional(),
  }),
});

export const passkeyNameSchema = z
  .string({ error: 'is required' })
  .trim()
  .min(1, 'give the passkey a name, such as the device it is on')
  .max(60, 'must be at most 60 characters');

/** POST /api/admin/passkeys and POST /api/admin/session/enrolment. */
export const passkeyRegistrationSchema = z.object({ name: passkeyNameSchema, response: registrationResponseSchema });

/** POST /api/admin/session/passkey. */
export const passkeySignInSchema = z.object({ response: authenticationResponseSchema });

/** POST /api/admin/session/enrolment/options. */
export const enrolmentOptionsSchema = z.object({
  code: z.string({ error: 'is required' }).trim().min(1, 'is required').max(200, 'must be at most 200 characters'),
});

export const passkeyIdSchema = z.object({ id: base64url(1400).min(1, 'is required') });

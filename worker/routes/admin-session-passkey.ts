import { Hono, type Context } from 'hono';
import { deleteCookie, getCookie, setCookie } from 'hono/cookie';
import type { AppBindings } from '../env';
import { AppError } from '../lib/errors';
import { validate } from '../lib/validate';
import { jsonBody } from '../middleware/json-body';
import { rateLimit } from '../middleware/rate-limit';
import { sameOriginWrites } from '../middleware/same-origin';
import { recordAudit } from '../services/staff/audit';
import { EXPIRED_MESSAGE } from '../services/staff/passkeys/challenges';
import {
  authenticationOptions,
  registrationOptions,
  verifyAuthentication,
  verifyRegistration,
} from '../services/staff/passkeys/ceremonies';
import {
  configuredEnrolmentCode,
  enrolmentCodeHash,
  enrolmentCodeMatches,
  passkeyRequired,
  relyingParty,
} from '../services/staff/passkeys/config';
import { STAFF_PIN_STEP_COOKIE, endPinStep, readPinStep, type PinStep } from '../services/staff/passkeys/pin-step';
import { enrolmentCodeSpent, insertPasskey, recordPasskeyUse } from '../services/staff/passkeys/store';
import { STAFF_COOKIE, STAFF_COOKIE_OPTIONS, STAFF_SESSION_TTL_SECONDS, createStaffSession } from '../services/staff/session';
import { enrolmentOptionsSchema, passkeyRegistrationSchema, passkeySignInSchema } from '../shared/passkey-api';

const PASSKEY_BODY_LIMIT = 32 * 1024;
const PIN_FIRST = 'Enter the staff PIN first, then use your passkey.';

/** The PIN step this browser opened, or a 401: while a passkey is required it comes before any passkey ceremony. */
async function pinStepOf(c: Context<AppBindings>): Promise<{ token: string | undefined; step: PinStep }> {
  const token = getCookie(c, STAFF_PIN_STEP_COOKIE);
  const step = await readPinStep(c.env.SESSIONS, token);
  if (!step) throw new AppError('unauthorized', PIN_FIRST);
  return { token, step };
}

/** Signs this browser in: the session cookie, the PIN step (if any) spent. */
async function startSession(c: Context<AppBindings>, pinStepToken: string | undefined) {
  const { token, session } = await createStaffSession(c.env.SESSIONS);
  if (pinStepToken) {
    await endPinStep(c.env.SESSIONS, pinStepToken);
    deleteCookie(c, STAFF_PIN_STEP_COOKIE, STAFF_COOKIE_OPTIONS);
  }
  setCookie(c, STAFF_COOKIE, token, { ...STAFF_COOKIE_OPTIONS, maxAge: STAFF_SESSION_TTL_SECONDS });
  return session;
}

/**
 * Staff sign-in with a passkey, and the one-time enrolment of a new device (DESIGN.md section 7).
 * Without STAFF_REQUIRE_PASSKEY a passkey alone signs in, as the PIN does. With it, both need the
 * PIN step first: a passkey completes it, or (for a device with none yet) the enrolment code set
 * with `wrangler secret put STAFF_ENROLMENT_CODE` opens one registration, once.
 */
export const adminSessionPasskeyRoutes = new Hono<AppBindings>()
  .post('/passkey/options', sameOriginWrites, rateLimit({ name: 'staff-passkey-options', limit: 30, windowSeconds: 600 }), async (c) => {
    const pinStep = passkeyRequired(c.env) ? (await pinStepOf(c)).step : null;
    const options = await authenticationOptions(c.env, relyingParty(c.env, c.req.url), { purpose: 'sign-in', pinStepId: pinStep?.id });
    return c.json({ success: true, options });
  })
  .post(
    '/passkey',
    sameOriginWrites,
    rateLimit({ name: 'staff-passkey-sign-in', limit: 20, windowSeconds: 600 }),
    jsonBody(PASSKEY_BODY_LIMIT),
    validate('json', passkeySignInSchema),
    async (c) => {
      const required = passkeyRequired(c.env);
      const pinStep = required ? await pinStepOf(c) : null;
      const { response } = c.req.valid('json');
      let verified;
      try {
        verified = await verifyAuthentication(c.env, relyingParty(c.env, c.req.url), response);
      } catch (err) {
        if (err instanceof AppError && err.code === 'unauthorized') {
          await recordAudit(c.env.DB, { actor: 'anonymous', action: 'staff.sign-in-failed', details: { reason: 'passkey' } });
        }
        throw err;
      }
      // A challenge from another browser's PIN step (or from before it) does not complete this one.
      if (pinStep && verified.record.pinStepId !== pinStep.step.id) throw new AppError('unauthorized', PIN_FIRST);
      const session = await startSession(c, pinStep?.token);
      await recordPasskeyUse(c.env.DB, verified.passkey.id, verified.newCounter, session.id);
      return c.json({ success: true, authenticated: true, expiresAt: session.expiresAt });
    },
  )
  .post(
    '/enrolment/options',
    sameOriginWrites,
    rateLimit({ name: 'staff-enrolment', limit: 5, windowSeconds: 900 }),
    jsonBody(1024),
    validate('json', enrolmentOptionsSchema),
    async (c) => {
      if (!passkeyRequired(c.env)) {
        throw new AppError(
          'conflict',
          'No enrolment code is needed here: sign in with the PIN and register a passkey from the staff area.',
        );
      }
      const { step } = await pinStepOf(c);
      const configured = configuredEnrolmentCode(c.env);
      if (!configured) {
        throw new AppError(
          'conflict',
          'No enrolment code is set up. Register this device from a device that is already signed in, or ask the site owner.',
        );
      }
      if (!enrolmentCodeMatches(configured, c.req.valid('json').code)) {
        await recordAudit(c.env.DB, { actor: step.id, action: 'staff.enrolment-code-refused' });
        throw new AppError('unauthorized', 'That enrolment code is not right. Check it with the site owner.');
      }
      const codeHash = await enrolmentCodeHash(configured);
      if (await enrolmentCodeSpent(c.env.DB, codeHash)) {
        throw new AppError('conflict', 'This enrolment code has already been used. Ask the site owner for a new one.');
      }
      const options = await registrationOptions(c.env, relyingParty(c.env, c.req.url), { purpose: 'enrol', codeHash, pinStepId: step.id });
      return c.json({ success: true, options });
    },
  )
  .post(
    '/enrolment',
    sameOriginWrites,
    rateLimit({ name: 'staff-enrolment-finish', limit: 10, windowSeconds: 900 }),
    jsonBody(PASSKEY_BODY_LIMIT),
    validate('json', passkeyRegistrationSchema),
    async (c) => {
      if (!passkeyRequired(c.env)) throw new AppError('conflict', 'No enrolment code is needed here: sign in with the PIN.');
      const pinStep = await pinStepOf(c);
      const { name, response } = c.req.valid('json');
      const { passkey, record } = await verifyRegistration(
        c.env,
        relyingParty(c.env, c.req.url),
        'enrol',
        response,
        name,
        'enrolment-code',
      );
      if (record.pinStepId !== pinStep.step.id || !record.codeHash) throw new AppError('validation_error', EXPIRED_MESSAGE);
      // The code is spent in the passkey's own batch: a second use fails there, whatever raced it.
      await insertPasskey(c.env.DB, passkey, pinStep.step.id, record.codeHash);
      const session = await startSession(c, pinStep.token);
      await recordAudit(c.env.DB, { actor: session.id, action: 'staff.sign-in', details: { method: 'enrolment', passkey: passkey.id } });
      return c.json({ success: true, authenticated: true, expiresAt: session.expiresAt }, 201);
    },
  );

import { Hono } from 'hono';
import type { AppBindings } from '../env';
import { AppError } from '../lib/errors';
import { validate } from '../lib/validate';
import { jsonBody } from '../middleware/json-body';
import { requireStaff, staffActor } from '../middleware/require-staff';
import { EXPIRED_MESSAGE } from '../services/staff/passkeys/challenges';
import { registrationOptions, verifyRegistration } from '../services/staff/passkeys/ceremonies';
import { passkeyRequired, relyingParty } from '../services/staff/passkeys/config';
import { insertPasskey, listPasskeys, removePasskey, summary } from '../services/staff/passkeys/store';
import { passkeyIdSchema, passkeyRegistrationSchema, type PasskeyListResponse } from '../shared/passkey-api';

/** WebAuthn answers carry a public key and, with attestation 'none', little else. */
const PASSKEY_BODY_LIMIT = 32 * 1024;

/**
 * Staff passkeys from the staff area (DESIGN.md section 7, staff sign-in): the list, registering
 * this device's passkey (only from a signed-in session, which alone can finish what it started),
 * and removing one. Each change is audited in the batch that makes it.
 */
export const adminPasskeyRoutes = new Hono<AppBindings>()
  .use('*', requireStaff)
  .get('/', async (c) => {
    const answer: PasskeyListResponse = {
      success: true,
      passkeys: (await listPasskeys(c.env.DB)).map(summary),
      passkeyRequired: passkeyRequired(c.env),
    };
    return c.json(answer);
  })
  .post('/options', async (c) => {
    const options = await registrationOptions(c.env, relyingParty(c.env, c.req.url), { purpose: 'register', sessionId: staffActor(c) });
    return c.json({ success: true, options });
  })
  .post('/', jsonBody(PASSKEY_BODY_LIMIT), validate('json', passkeyRegistrationSchema), async (c) => {
    const { name, response } = c.req.valid('json');
    const actor = staffActor(c);
    const { passkey, record } = await verifyRegistration(c.env, relyingParty(c.env, c.req.url), 'register', response, name, actor);
    // A challenge opened by another staff session is not this one's to finish.
    if (record.sessionId !== actor) throw new AppError('validation_error', EXPIRED_MESSAGE);
    const stored = await insertPasskey(c.env.DB, passkey, actor);
    return c.json({ success: true, passkey: summary(stored) }, 201);
  })
  .delete('/:id', validate('param', passkeyIdSchema), async (c) => {
    await removePasskey(c.env.DB, c.req.valid('param').id, staffActor(c), passkeyRequired(c.env));
    return c.json({ success: true });
  });

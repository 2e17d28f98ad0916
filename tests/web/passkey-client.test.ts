// The sentences the PIN gate and /admin/passkeys show when a passkey prompt or the server says no.
import { describe, expect, it } from 'vitest';
import { ApiError } from '../../web/src/lib/api-client';
import { passkeyProblem } from '../../web/src/features/staff/shared/passkey-client';

const domError = (name: string) => Object.assign(new Error('browser said no'), { name });

describe('passkey problems in words', () => {
  it('a closed, cancelled or timed-out prompt', () => {
    for (const err of [
      domError('NotAllowedError'),
      domError('AbortError'),
      Object.assign(new Error('x'), { code: 'ERROR_CEREMONY_ABORTED' }),
    ]) {
      expect(passkeyProblem(err).message).toBe(
        'The passkey prompt was closed or timed out before it finished. Try again when you are ready.',
      );
    }
  });

  it('a device that already holds a staff passkey', () => {
    expect(passkeyProblem(domError('InvalidStateError')).message).toMatch(/^This device already holds a staff passkey/);
    expect(passkeyProblem(Object.assign(new Error('x'), { code: 'ERROR_AUTHENTICATOR_PREVIOUSLY_REGISTERED' })).message).toMatch(
      /already holds a staff passkey/,
    );
  });

  it("the server's own sentence, and whether it wants the PIN first", () => {
    const pinFirst = new ApiError(401, JSON.stringify({ message: 'Enter the staff PIN first, then use your passkey.' }), '401');
    expect(passkeyProblem(pinFirst)).toEqual({ message: 'Enter the staff PIN first, then use your passkey.', pinFirst: true });
    const spent = new ApiError(
      409,
      JSON.stringify({ message: 'This enrolment code has already been used. Ask the site owner for a new one.' }),
      '409',
    );
    expect(passkeyProblem(spent)).toEqual({
      message: 'This enrolment code has already been used. Ask the site owner for a new one.',
      pinFirst: false,
    });
  });

  it('no connection, a wrong address, anything else', () => {
    expect(passkeyProblem(new TypeError('Failed to fetch')).message).toBe(
      'Could not reach the server. Check the connection and try again.',
    );
    expect(passkeyProblem(domError('SecurityError')).message).toMatch(/only on the site’s own address/);
    expect(passkeyProblem(domError('UnknownError')).message).toBe(
      'The passkey did not work on this device. Try again, or sign in with the PIN.',
    );
  });
});

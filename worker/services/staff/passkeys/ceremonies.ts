// The two WebAuthn ceremonies for staff (DESIGN.md section 7), through @simplewebauthn/server (WebCrypto
// only, so it runs in workerd): options with a fresh challenge kept in KV, and verification of the
// browser's answer against that challenge (spent once), this site's origin and host, and, for a
// sign-in, a passkey stored in D1. User verification (the device's own PIN, fingerprint or face) is
// required both times, so a passkey is more than a stolen device.
import {
  generateAuthenticationOptions,
  generateRegistrationOptions,
  verifyAuthenticationResponse,
  verifyRegistrationResponse,
  type AuthenticationResponseJSON,
  type AuthenticatorTransport,
  type PublicKeyCredentialCreationOptionsJSON,
  type PublicKeyCredentialRequestOptionsJSON,
  type RegistrationResponseJSON,
} from '@simplewebauthn/server';
import { isoBase64URL } from '@simplewebauthn/server/helpers';
import type { Env } from '../../../env';
import { AppError } from '../../../lib/errors';
import { CHALLENGE_TTL_SECONDS, spendChallenge, storeChallenge, type ChallengePurpose, type ChallengeRecord } from './challenges';
import type { RelyingParty } from './config';
import { findPasskey, listPasskeys, type NewPasskey, type StoredPasskey } from './store';

type CeremonyEnv = Pick<Env, 'DB' | 'SESSIONS' | 'RATE_LIMITER'>;

const NOT_VERIFIED = 'The passkey could not be verified. Try again, or sign in with the PIN.';

/** Options for registering a passkey on this device; every stored passkey is excluded, so one device is not registered twice. */
export async function registrationOptions(
  env: CeremonyEnv,
  rp: RelyingParty,
  record: ChallengeRecord & { purpose: 'register' | 'enrol' },
): Promise<PublicKeyCredentialCreationOptionsJSON> {
  const existing = await listPasskeys(env.DB);
  const options = await generateRegistrationOptions({
    rpName: rp.name,
    rpID: rp.id,
    // The staff share one sign-in (the PIN): one account, named for the business.
    userName: 'staff',
    userDisplayName: rp.name,
    attestationType: 'none',
    timeout: CHALLENGE_TTL_SECONDS * 1000,
    excludeCredentials: existing.map((p) => ({ id: p.id, transports: p.transports as AuthenticatorTransport[] })),
    authenticatorSelection: { residentKey: 'required', userVerification: 'required' },
  });
  await storeChallenge(env, options.challenge, record);
  return options;
}

/** Options for signing in: any staff passkey this device holds (discoverable credentials, no list sent). */
export async function authenticationOptions(
  env: CeremonyEnv,
  rp: RelyingParty,
  record: ChallengeRecord & { purpose: 'sign-in' },
): Promise<PublicKeyCredentialRequestOptionsJSON> {
  const options = await generateAuthenticationOptions({ rpID: rp.id, userVerification: 'required', timeout: CHALLENGE_TTL_SECONDS * 1000 });
  await storeChallenge(env, options.challenge, record);
  return options;
}

/** The library's reason goes to the log; the person gets a sentence they can act on. */
function refused(code: 'validation_error' | 'unauthorized') {
  return (err: unknown): never => {
    if (err instanceof AppError) throw err;
    console.warn('passkey verification refused', (err as Error)?.message ?? err);
    throw new AppError(code, code === 'unauthorized' ? NOT_VERIFIED : 'The passkey could not be registered. Try again.');
  };
}

export async function verifyRegistration(
  env: CeremonyEnv,
  rp: RelyingParty,
  purpose: Extract<ChallengePurpose, 'register' | 'enrol'>,
  response: RegistrationResponseJSON,
  name: string,
  createdBy: string,
): Promise<{ passkey: NewPasskey; record: ChallengeRecord }> {
  const { challenge, record } = await spendChallenge(env, response.response.clientDataJSON, purpose);
  const verification = await verifyRegistrationResponse({
    response,
    expectedChallenge: challenge,
    expectedOrigin: rp.origin,
    expectedRPID: rp.id,
    requireUserVerification: true,
  }).catch(refused('validation_error'));
  if (!verification.verified) return refused('validation_error')('registration not verified');
  const { credential, credentialDeviceType, credentialBackedUp } = verification.registrationInfo;
  return {
    record,
    passkey: {
      id: credential.id,
      publicKey: isoBase64URL.fromBuffer(credential.publicKey),
      counter: credential.counter,
      transports: credential.transports ?? [],
      deviceType: credentialDeviceType,
      backedUp: credentialBackedUp,
      name,
      createdBy,
    },
  };
}

export async function verifyAuthentication(
  env: CeremonyEnv,
  rp: RelyingParty,
  response: AuthenticationResponseJSON,
): Promise<{ passkey: StoredPasskey; newCounter: number; record: ChallengeRecord }> {
  // The challenge is spent first: an answer for an unknown passkey still uses up its request.
  const { challenge, record } = await spendChallenge(env, response.response.clientDataJSON, 'sign-in');
  const passkey = await findPasskey(env.DB, response.id);
  if (!passkey)
    throw new AppError(
      'unauthorized',
      'This passkey is not registered for the staff area (it may have been removed). Sign in with the PIN.',
    );
  const verification = await verifyAuthenticationResponse({
    response,
    expectedChallenge: challenge,
    expectedOrigin: rp.origin,
    expectedRPID: rp.id,
    credential: {
      id: passkey.id,
      publicKey: isoBase64URL.toBuffer(passkey.publicKey),
      counter: passkey.counter,
      transports: passkey.transports as AuthenticatorTransport[],
    },
    requireUserVerification: true,
  }).catch(refused('unauthorized'));
  if (!verification.verified) return refused('unauthorized')('authentication not verified');
  return { passkey, newCounter: verification.authenticationInfo.newCounter, record };
}

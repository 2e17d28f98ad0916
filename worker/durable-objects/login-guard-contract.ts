// What callers of the LoginGuard object may ask of it and what it answers. A leaf: it imports nothing,
// so worker/env.ts can type the LOGIN_GUARD binding without importing the object's class.

export interface SignInAttempt {
  /** The PIN typed in. */
  guess: string;
  /** The configured PIN: compared here, after the attempt is counted, in the same call. */
  pin: string;
  /** clientKey() of the caller. */
  clientKey: string;
  /** The device cookie the browser presented, if any. */
  deviceCookie?: string;
  /** False for guards other than the staff PIN's (the site-visit phrase): no lockout is handed out to report. */
  reportLockout?: boolean;
}

export type SignInOutcome =
  | { outcome: 'signed-in'; deviceCookie: string }
  | { outcome: 'wrong-pin' }
  | { outcome: 'locked'; scope: 'device' | 'client' | 'untrusted'; retryAfterSeconds: number };

/** The moment sign-in from unknown browsers stops: what the business's e-mail reports. */
export interface UntrustedLockout {
  /** Start of the day window the lockout belongs to (one e-mail per day window). */
  dayStart: number;
  lockedUntil: number;
  attemptsToday: number;
  attemptsThisHour: number;
}

/**
 * The guard's decision on one attempt. `report` is set once per day window in which unknown browsers
 * were locked out: the caller tells the business, and calls `reportFailed` if it could not, so the
 * next locked-out attempt hands the report out again.
 */
export type SignInDecision = SignInOutcome & { report?: UntrustedLockout };

export interface LoginGuardApi extends Rpc.DurableObjectBranded {
  attemptSignIn(attempt: SignInAttempt): Promise<SignInDecision>;
  reportFailed(lockout: UntrustedLockout): Promise<void>;
}

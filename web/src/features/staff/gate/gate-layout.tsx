import { useEffect, useId, useRef, useState, type ChangeEvent, type FormEvent } from 'react';
import { Outlet } from 'react-router';
import { SiteFooter } from '../../../components/site-footer';
import { SiteHeader } from '../../../components/site-header';
import { PasskeySignIn, PasskeyStep } from './passkey-sign-in';
import { StaffNav } from './staff-nav';
import { fetchStaffSession, signInWithPin, signOut, STAFF_PIN_LENGTH } from './staff-session-client';
import './staff.css';

// 'passkey-step': STAFF_REQUIRE_PASSKEY, the PIN was right and a passkey completes the sign-in.
type GateState = 'checking' | 'check-failed' | 'signed-out' | 'passkey-step' | 'signed-in';

/**
 * The PIN gate in front of every staff screen (staff spec section 6): at most 4 characters, submit
 * at exactly 4, 'Incorrect PIN code' clears the field, remembered 24 hours (the server's session
 * cookie), Logout. Beside the PIN, a passkey (DESIGN.md section 7); with STAFF_REQUIRE_PASSKEY the
 * PIN and then a passkey. The server guards every staff API itself; this gate is the screen in front.
 */
export function StaffGateLayout() {
  const [state, setState] = useState<GateState>('checking');
  const [checkAttempt, setCheckAttempt] = useState(0);
  const [loggingOut, setLoggingOut] = useState(false);
  const [logoutError, setLogoutError] = useState<string | null>(null);
  const [passkeyRequired, setPasskeyRequired] = useState(false);
  const [pinNotice, setPinNotice] = useState<string | null>(null);
  const staffHeadingRef = useRef<HTMLHeadingElement>(null);
  const focusStaffBar = useRef(false);

  useEffect(() => {
    const controller = new AbortController();
    setState('checking');
    fetchStaffSession(controller.signal)
      .then((check) => {
        setPasskeyRequired(check.passkeyRequired);
        setState(check.authenticated ? 'signed-in' : check.pinAccepted ? 'passkey-step' : 'signed-out');
      })
      .catch(() => {
        if (!controller.signal.aborted) setState('check-failed');
      });
    return () => controller.abort();
  }, [checkAttempt]);

  useEffect(() => {
    if (state === 'signed-in' && focusStaffBar.current) {
      focusStaffBar.current = false;
      staffHeadingRef.current?.focus();
    }
  }, [state]);

  function signedIn() {
    focusStaffBar.current = true;
    setState('signed-in');
  }

  async function logout() {
    setLoggingOut(true);
    setLogoutError(null);
    try {
      await signOut();
      setState('signed-out');
    } catch {
      setLogoutError('Could not log out. Check the connection and try again.');
    } finally {
      setLoggingOut(false);
    }
  }

  if (state === 'signed-in') {
    return (
      <>
        <StaffNav onLogout={logout} loggingOut={loggingOut} headingRef={staffHeadingRef} />
        {logoutError && (
          <p className="staff-bar__error" role="alert">
            {logoutError}
          </p>
        )}
        <Outlet />
      </>
    );
  }

  return (
    <div className="page">
      <SiteHeader />
      <main className="staff-gate" id="main">
        {state === 'checking' && (
          <p className="staff-gate__status" role="status">
            Checking your staff session…
          </p>
        )}
        {state === 'check-failed' && (
          <div className="staff-gate__card">
            <h1>Staff sign-in</h1>
            <p role="alert">Could not check your staff session. Check the connection and try again.</p>
            <button type="button" className="button" onClick={() => setCheckAttempt((n) => n + 1)}>
              Try again
            </button>
          </div>
        )}
        {state === 'signed-out' && (
          <div className="staff-gate__stack">
            <PinForm
              passkeyRequired={passkeyRequired}
              notice={pinNotice}
              onSignedIn={signedIn}
              onPasskeyNext={() => {
                setPinNotice(null);
                setState('passkey-step');
              }}
            />
            {!passkeyRequired && <PasskeySignIn onSignedIn={signedIn} />}
          </div>
        )}
        {state === 'passkey-step' && (
          <PasskeyStep
            onSignedIn={signedIn}
            onPinFirst={() => {
              setPinNotice('The PIN step has expired. Enter the PIN again, then use your passkey.');
              setState('signed-out');
            }}
            onPinAgain={() => {
              setPinNotice(null);
              setState('signed-out');
            }}
          />
        )}
      </main>
      <SiteFooter />
    </div>
  );
}

interface PinFormProps {
  passkeyRequired: boolean;
  /** Why the PIN is asked again (an expired PIN step). */
  notice: string | null;
  onSignedIn: () => void;
  onPasskeyNext: () => void;
}

function PinForm({ passkeyRequired, notice, onSignedIn, onPasskeyNext }: PinFormProps) {
  const [pin, setPin] = useState('');
  const [pending, setPending] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const inputRef = useRef<HTMLInputElement>(null);
  const id = useId();
  const headingId = `${id}-heading`;
  const errorId = `${id}-error`;

  useEffect(() => {
    inputRef.current?.focus();
  }, []);

  function change(e: ChangeEvent<HTMLInputElement>) {
    setPin(e.target.value.replace(/\D/g, '').slice(0, STAFF_PIN_LENGTH));
  }

  async function submit(e: FormEvent) {
    e.preventDefault();
    if (pin.length !== STAFF_PIN_LENGTH || pending) return;
    setPending(true);
    setError(null);
    const result = await signInWithPin(pin);
    setPending(false);
    if (result.ok) {
      if (result.passkeyNext) onPasskeyNext();
      else onSignedIn();
      return;
    }
    setError(result.message);
    // spec section 6: a wrong PIN clears the field.
    if (result.wrongPin) setPin('');
    inputRef.current?.focus();
  }

  return (
    <form className="staff-gate__card" aria-labelledby={headingId} onSubmit={submit} noValidate>
      <h1 id={headingId}>Staff sign-in</h1>
      <p className="muted">
        {passkeyRequired
          ? 'Enter the 4-digit staff PIN, then confirm with your passkey. This browser stays signed in for 24 hours.'
          : 'Enter the 4-digit staff PIN to open the staff area. This browser stays signed in for 24 hours.'}
      </p>
      {notice && (
        <p className="staff-gate__error" role="alert">
          {notice}
        </p>
      )}
      <label className="staff-gate__label" htmlFor={`${id}-pin`}>
        PIN
      </label>
      <input
        ref={inputRef}
        id={`${id}-pin`}
        className="staff-gate__pin"
        name="pin"
        type="password"
        inputMode="numeric"
        pattern="[0-9]*"
        maxLength={STAFF_PIN_LENGTH}
        autoComplete="one-time-code"
        value={pin}
        onChange={change}
        aria-invalid={error !== null}
        aria-describedby={error ? errorId : undefined}
        // readOnly, not disabled, while signing in: a disabled field could not take the focus back.
        readOnly={pending}
      />
      {error && (
        <p className="staff-gate__error" id={errorId} role="alert">
          {error}
        </p>
      )}
      <button type="submit" className="button button--accent staff-gate__submit" disabled={pin.length !== STAFF_PIN_LENGTH || pending}>
        {pending ? 'Signing in…' : 'Sign in'}
      </button>
    </form>
  );
}

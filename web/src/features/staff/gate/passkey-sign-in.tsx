import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { enrolWithCode, NO_WEBAUTHN_MESSAGE, passkeysSupported, signInWithPasskey, type PasskeyResult } from '../shared/passkey-client';
import { rememberSignIn } from './staff-session-client';

interface GateFieldProps {
  id: string;
  label: string;
  type?: 'text' | 'password';
  placeholder?: string;
  value: string;
  maxLength: number;
  onChange: (value: string) => void;
  readOnly: boolean;
}

function GateField({ id, label, type = 'text', onChange, ...input }: GateFieldProps) {
  return (
    <>
      <label className="staff-gate__label" htmlFor={id}>
        {label}
      </label>
      <input id={id} className="staff-gate__text" type={type} autoComplete="off" onChange={(e) => onChange(e.target.value)} {...input} />
    </>
  );
}

/** A passkey prompt in progress, its error, and what happens on success. */
function usePasskeyAction(onSignedIn: () => void, onPinFirst?: () => void) {
  const [pending, setPending] = useState(false);
  const [error, setError] = useState<string | null>(null);
  async function run(action: () => Promise<PasskeyResult>) {
    if (pending) return;
    setPending(true);
    setError(null);
    const result = await action();
    setPending(false);
    if (result.ok) {
      rememberSignIn();
      onSignedIn();
    } else if (result.pinFirst && onPinFirst) onPinFirst();
    else setError(result.message);
  }
  return { pending, error, run };
}

/**
 * Beside the PIN form while passkeys are optional: sign in with a passkey this device (or a phone
 * nearby) holds. Browsers without WebAuthn are told so instead of being shown a button that fails.
 */
export function PasskeySignIn({ onSignedIn }: { onSignedIn: () => void }) {
  const { pending, error, run } = usePasskeyAction(onSignedIn);
  const id = useId();
  if (!passkeysSupported()) return <p className="muted staff-gate__passkey">{NO_WEBAUTHN_MESSAGE}</p>;
  return (
    <section className="staff-gate__card staff-gate__passkey" aria-labelledby={`${id}-h`}>
      <h2 id={`${id}-h`}>Or use a passkey</h2>
      <p className="muted">If you registered a passkey for the staff area, sign in with it instead of the PIN.</p>
      {error && (
        <p className="staff-gate__error" role="alert">
          {error}
        </p>
      )}
      <button type="button" className="button staff-gate__submit" onClick={() => run(signInWithPasskey)} disabled={pending}>
        {pending ? 'Waiting for your passkey…' : 'Use a passkey'}
      </button>
    </section>
  );
}

/**
 * STAFF_REQUIRE_PASSKEY, after a right PIN: the passkey that completes the sign-in, or for a device
 * without one, the one-time enrolment code and a passkey registered here.
 */
interface PasskeyStepProps {
  onSignedIn: () => void;
  /** The server no longer knows this PIN step (expired): back to the PIN, saying why. */
  onPinFirst: () => void;
  onPinAgain: () => void;
}

export function PasskeyStep({ onSignedIn, onPinFirst, onPinAgain }: PasskeyStepProps) {
  const { pending, error, run } = usePasskeyAction(onSignedIn, onPinFirst);
  const [code, setCode] = useState('');
  const [name, setName] = useState('');
  const [formError, setFormError] = useState<string | null>(null);
  const [source, setSource] = useState<'passkey' | 'enrol'>('passkey');
  const headingRef = useRef<HTMLHeadingElement>(null);
  const id = useId();
  const supported = passkeysSupported();

  useEffect(() => {
    headingRef.current?.focus();
  }, []);

  function enrol(e: FormEvent) {
    e.preventDefault();
    if (!code.trim() || !name.trim()) {
      setFormError(!code.trim() ? 'Enter the enrolment code.' : 'Give this device’s passkey a name, such as “Office laptop”.');
      return;
    }
    setFormError(null);
    setSource('enrol');
    void run(() => enrolWithCode(code, name.trim()));
  }

  // Each error beside the control it is about: the passkey button's at the top, the enrolment's in its form.
  const enrolError = formError ?? (source === 'enrol' ? error : null);
  const passkeyError = source === 'passkey' ? error : null;
  return (
    <div className="staff-gate__card" role="group" aria-labelledby={`${id}-h`}>
      <h1 id={`${id}-h`} ref={headingRef} tabIndex={-1}>
        Confirm with your passkey
      </h1>
      <p className="muted">PIN accepted. This site also asks for a staff passkey: use the one on this device, or on your phone.</p>
      {!supported && <p role="alert">{NO_WEBAUTHN_MESSAGE}</p>}
      {passkeyError && (
        <p className="staff-gate__error" role="alert">
          {passkeyError}
        </p>
      )}
      <button
        type="button"
        className="button button--accent staff-gate__submit"
        onClick={() => {
          setFormError(null);
          setSource('passkey');
          void run(signInWithPasskey);
        }}
        disabled={pending || !supported}
      >
        {pending ? 'Waiting for your passkey…' : 'Use passkey'}
      </button>
      <form className="staff-gate__enrol" onSubmit={enrol} aria-labelledby={`${id}-enrol`} noValidate>
        <h2 id={`${id}-enrol`}>New device?</h2>
        <p className="muted">
          With the one-time enrolment code from the site owner, register a passkey on this device. The code works once.
        </p>
        <GateField
          id={`${id}-code`}
          label="Enrolment code"
          type="password"
          value={code}
          maxLength={200}
          onChange={setCode}
          readOnly={pending}
        />
        <GateField
          id={`${id}-name`}
          label="Name for this device’s passkey"
          placeholder="Office laptop"
          value={name}
          maxLength={60}
          onChange={setName}
          readOnly={pending}
        />
        {enrolError && (
          <p className="staff-gate__error" role="alert">
            {enrolError}
          </p>
        )}
        <button type="submit" className="button staff-gate__submit" disabled={pending || !supported}>
          Register this device
        </button>
      </form>
      <button type="button" className="button button--small staff-gate__again" onClick={onPinAgain} disabled={pending}>
        Enter the PIN again
      </button>
    </div>
  );
}

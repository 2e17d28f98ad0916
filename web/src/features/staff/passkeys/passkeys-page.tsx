// /admin/passkeys (DESIGN.md section 7, staff sign-in): the staff passkeys beside the PIN. Register one
// on this device (the browser's own prompt: fingerprint, face or the device's screen lock), see every
// registered one with when it was last used, and remove one (each change audited by the server).
import { useCallback, useEffect, useId, useState, type FormEvent } from 'react';
import type { PasskeyListResponse, PasskeySummary } from '@shared/passkey-api';
import { toast } from '../../../components/toast';
import { ApiError } from '../../../lib/api-client';
import { fetchPasskeys, NO_WEBAUTHN_MESSAGE, passkeysSupported, registerPasskey, removePasskey } from '../shared/passkey-client';
import './passkeys.css';

type Load = { state: 'loading' } | { state: 'ready'; value: PasskeyListResponse } | { state: 'error'; message: string };

const dateTime = new Intl.DateTimeFormat('en-ZA', { dateStyle: 'medium', timeStyle: 'short', timeZone: 'Africa/Johannesburg' });
const when = (iso: string | null) => (iso ? dateTime.format(new Date(iso)) : 'Not yet');

function problem(err: unknown, fallback: string): string {
  if (err instanceof ApiError && err.status === 401) return 'Your staff session has ended. Sign in again.';
  return err instanceof ApiError ? (err.serverMessage ?? fallback) : fallback;
}

function RegisterForm({ onRegistered }: { onRegistered: () => void }) {
  const [name, setName] = useState('');
  const [pending, setPending] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const id = useId();
  const supported = passkeysSupported();

  async function submit(e: FormEvent) {
    e.preventDefault();
    if (pending) return;
    if (!name.trim()) {
      setError('Give this passkey a name, such as “Office laptop” or “Thandi’s phone”.');
      return;
    }
    setPending(true);
    setError(null);
    const result = await registerPasskey(name.trim());
    setPending(false);
    if (!result.ok) {
      setError(result.message);
      return;
    }
    setName('');
    toast({ title: 'Passkey registered', description: `“${name.trim()}” can now sign in to the staff area.` });
    onRegistered();
  }

  return (
    <form className="passkeys-register" onSubmit={submit} aria-labelledby={`${id}-h`} noValidate>
      <h2 id={`${id}-h`}>Register this device</h2>
      {!supported && <p role="alert">{NO_WEBAUTHN_MESSAGE}</p>}
      <label htmlFor={`${id}-name`}>Name for this passkey</label>
      <input
        id={`${id}-name`}
        type="text"
        autoComplete="off"
        placeholder="Office laptop"
        maxLength={60}
        value={name}
        onChange={(e) => setName(e.target.value)}
        aria-invalid={error !== null}
        aria-describedby={error ? `${id}-error` : undefined}
        readOnly={pending}
      />
      {error && (
        <p className="passkeys-error" id={`${id}-error`} role="alert">
          {error}
        </p>
      )}
      <button type="submit" className="button button--accent" disabled={pending || !supported}>
        {pending ? 'Waiting for your device…' : 'Register a passkey'}
      </button>
    </form>
  );
}

function PasskeyRow({ passkey, onRemoved }: { passkey: PasskeySummary; onRemoved: () => void }) {
  const [removing, setRemoving] = useState(false);
  async function remove() {
    if (!window.confirm(`Remove the passkey “${passkey.name}”? It can no longer sign in to the staff area.`)) return;
    setRemoving(true);
    try {
      await removePasskey(passkey.id);
      toast({ title: 'Passkey removed', description: `“${passkey.name}” can no longer sign in.` });
      onRemoved();
    } catch (err) {
      toast({ title: 'Error', description: problem(err, 'Could not remove the passkey.'), variant: 'destructive' });
      setRemoving(false);
    }
  }
  return (
    <li className="passkeys-row" data-testid="passkey-row">
      <div>
        <p className="passkeys-row__name">{passkey.name}</p>
        <p className="muted">
          Added {when(passkey.createdAt)} · Last used: {when(passkey.lastUsedAt)}
          {passkey.synced ? ' · Synced to the owner’s other devices' : ''}
        </p>
      </div>
      <button type="button" className="button button--small" onClick={() => void remove()} disabled={removing}>
        {removing ? (
          'Removing…'
        ) : (
          <>
            Remove<span className="visually-hidden"> {passkey.name}</span>
          </>
        )}
      </button>
    </li>
  );
}

export function PasskeysPage() {
  const [load, setLoad] = useState<Load>({ state: 'loading' });
  const [attempt, setAttempt] = useState(0);
  const reload = useCallback(() => setAttempt((n) => n + 1), []);
  const listId = useId();

  useEffect(() => {
    const controller = new AbortController();
    fetchPasskeys(controller.signal)
      .then((value) => setLoad({ state: 'ready', value }))
      .catch((err: unknown) => {
        if (!controller.signal.aborted) setLoad({ state: 'error', message: problem(err, 'Could not load the passkeys.') });
      });
    return () => controller.abort();
  }, [attempt]);

  return (
    <main className="staff-page passkeys-page" id="main">
      <header>
        <p className="eyebrow">Staff</p>
        <h1>Passkeys</h1>
        <p className="muted">
          A passkey signs in to the staff area with this device’s fingerprint, face or screen lock instead of the PIN. The private key stays
          on the device (or in the password manager that syncs it); the site keeps only its public key.
        </p>
      </header>
      <RegisterForm onRegistered={reload} />
      <section aria-labelledby={listId}>
        <h2 id={listId}>Registered passkeys</h2>
        {load.state === 'loading' && <p role="status">Loading passkeys…</p>}
        {load.state === 'error' && (
          <div role="alert" className="passkeys-error">
            <p>{load.message}</p>
            <button type="button" className="button" onClick={reload}>
              Try again
            </button>
          </div>
        )}
        {load.state === 'ready' && (
          <>
            <p className="muted">
              {load.value.passkeyRequired
                ? 'Sign-in here needs the PIN and a passkey, so the last passkey cannot be removed: register another device first.'
                : 'Staff can sign in with a passkey instead of the PIN.'}
            </p>
            {load.value.passkeys.length === 0 ? (
              <p className="muted">No passkeys yet: staff sign in with the PIN only.</p>
            ) : (
              <ul className="passkeys-list">
                {load.value.passkeys.map((p) => (
                  <PasskeyRow key={p.id} passkey={p} onRemoved={reload} />
                ))}
              </ul>
            )}
          </>
        )}
      </section>
    </main>
  );
}

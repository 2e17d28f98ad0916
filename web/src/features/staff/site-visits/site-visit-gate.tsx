import { useEffect, useId, useRef, useState, type FormEvent, type ReactNode } from 'react';
import type { SiteVisitSessionStatus } from '@shared/site-visits-api';
import { WRONG_PHRASE_MESSAGE } from '@shared/site-visits-api';
import { ApiError, apiRequest, getJson } from '../../../lib/api-client';
import { hasLocalSiteVisitWork } from './site-visit-sync';

type GateState = 'checking' | 'locked' | 'unlocked';

/**
 * Staff spec 2.11 and 6: the access-phrase gate of the site-visit workspace. The phrase is checked
 * by POST /api/site-visits/unlock (throttled on the server); the unlock is an HttpOnly cookie for 24 h.
 * A staff session opens it too.
 */
export function SiteVisitGate({ title, children }: { title: string; children: ReactNode }) {
  const [state, setState] = useState<GateState>('checking');
  const [phrase, setPhrase] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [submitting, setSubmitting] = useState(false);
  const inputRef = useRef<HTMLInputElement>(null);
  const ids = useId();

  useEffect(() => {
    let live = true;
    getJson<SiteVisitSessionStatus>('/api/site-visits/session')
      .then((status) => live && setState(status?.unlocked ? 'unlocked' : 'locked'))
      // No network on site: the work this phone already holds stays open (it is in this browser's
      // storage anyway); the office checks the unlock again before it takes any of it.
      .catch((err: unknown) => live && setState(!(err instanceof ApiError) && hasLocalSiteVisitWork() ? 'unlocked' : 'locked'));
    return () => {
      live = false;
    };
  }, []);

  async function unlock(event: FormEvent) {
    event.preventDefault();
    if (!phrase.trim() || submitting) return;
    setSubmitting(true);
    setError(null);
    try {
      await apiRequest('POST', '/api/site-visits/unlock', { phrase });
      setState('unlocked');
    } catch (err) {
      const message = err instanceof ApiError ? err.serverMessage : null;
      setError(
        err instanceof ApiError && err.status === 401
          ? WRONG_PHRASE_MESSAGE
          : (message ?? 'Could not check the access phrase. Please try again.'),
      );
      setPhrase('');
      inputRef.current?.focus();
    } finally {
      setSubmitting(false);
    }
  }

  if (state === 'unlocked') return <>{children}</>;
  if (state === 'checking') {
    return (
      <p className="page-loading" role="status">
        Checking access...
      </p>
    );
  }
  return (
    <section className="site-visit-gate" aria-labelledby={`${ids}-title`}>
      <h1 id={`${ids}-title`}>{title}</h1>
      <p>This workspace is for our site-visit consultants. Enter the access phrase or the 4-digit code.</p>
      <form onSubmit={(e) => void unlock(e)} noValidate>
        <div className="field">
          <label htmlFor={`${ids}-phrase`}>Access phrase</label>
          <input
            id={`${ids}-phrase`}
            ref={inputRef}
            type="password"
            autoComplete="off"
            autoFocus
            maxLength={200}
            value={phrase}
            onChange={(e) => setPhrase(e.target.value)}
            aria-invalid={error ? true : undefined}
            aria-describedby={error ? `${ids}-error` : undefined}
          />
        </div>
        {error && (
          <p id={`${ids}-error`} className="site-visit-gate__error" role="alert">
            {error}
          </p>
        )}
        <button type="submit" className="button button--accent" disabled={submitting || !phrase.trim()}>
          {submitting ? 'Checking...' : 'Unlock'}
        </button>
      </form>
    </section>
  );
}

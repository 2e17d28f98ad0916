// /admin/outbox (DESIGN.md section 7 'transactional outbox'): every e-mail the site queued, as its
// recipient sees it. Staff filter by state, order reference, lead or address and by day, open one
// message (its HTML in a sandboxed frame: no scripts, no network) and send a failed one again.
import { useEffect, useId, useState, type FormEvent } from 'react';
import { useSearchParams } from 'react-router';
import { OUTBOX_STATUSES, type OutboxListResponse, type OutboxMessage } from '@shared/outbox-api';
import { toast } from '../../../components/toast';
import { ApiError } from '../../../lib/api-client';
import {
  fetchOutbox,
  fetchOutboxMessage,
  filterFromParams,
  filterQuery,
  outboxHtmlUrl,
  retryOutboxMessage,
  STATUS_LABELS,
  type OutboxFilter,
} from './outbox-client';
import './outbox.css';

type Load<T> = { state: 'loading' } | { state: 'ready'; value: T } | { state: 'error'; message: string };

function reason(err: unknown, fallback: string): string {
  if (err instanceof ApiError && err.status === 401) return 'Your staff session has ended. Sign in again with the PIN.';
  return err instanceof ApiError ? (err.serverMessage ?? fallback) : fallback;
}

const when = (iso: string | null) => (iso ? new Date(iso).toLocaleString('en-ZA', { timeZone: 'Africa/Johannesburg' }) : '—');

function FilterForm({ filter, onApply }: { filter: OutboxFilter; onApply: (next: OutboxFilter) => void }) {
  // Keyed by the address's query: a new filter there (a link, Back) starts a fresh draft.
  const [draft, setDraft] = useState(filter);
  const submit = (e: FormEvent) => {
    e.preventDefault();
    onApply(draft);
  };
  return (
    <form className="outbox-filter" onSubmit={submit} aria-label="Filter e-mails">
      <label>
        <span>State</span>
        <select value={draft.status} onChange={(e) => setDraft({ ...draft, status: e.target.value as OutboxFilter['status'] })}>
          <option value="">Every state</option>
          {OUTBOX_STATUSES.map((s) => (
            <option key={s} value={s}>
              {STATUS_LABELS[s]}
            </option>
          ))}
        </select>
      </label>
      <label>
        <span>Order, lead or address</span>
        <input type="search" value={draft.q} maxLength={100} onChange={(e) => setDraft({ ...draft, q: e.target.value })} />
      </label>
      <label>
        <span>From</span>
        <input type="date" value={draft.from} onChange={(e) => setDraft({ ...draft, from: e.target.value })} />
      </label>
      <label>
        <span>To</span>
        <input type="date" value={draft.to} onChange={(e) => setDraft({ ...draft, to: e.target.value })} />
      </label>
      <button type="submit" className="button">
        Show
      </button>
    </form>
  );
}

function MessageView({ id, onRetried }: { id: number; onRetried: () => void }) {
  const [load, setLoad] = useState<Load<OutboxMessage>>({ state: 'loading' });
  const [sending, setSending] = useState(false);
  const headingId = useId();

  useEffect(() => {
    const controller = new AbortController();
    setLoad({ state: 'loading' });
    fetchOutboxMessage(id, controller.signal)
      .then((res) => res && setLoad({ state: 'ready', value: res.message }))
      .catch((err: unknown) => {
        if (!controller.signal.aborted) setLoad({ state: 'error', message: reason(err, `Could not load e-mail ${id}.`) });
      });
    return () => controller.abort();
  }, [id]);

  const sendAgain = async () => {
    setSending(true);
    try {
      const res = await retryOutboxMessage(id);
      setLoad({ state: 'ready', value: res.message });
      toast({ title: 'Queued again', description: `E-mail ${id} will be sent again now.` });
      onRetried();
    } catch (err) {
      toast({ title: 'Error', description: reason(err, 'Could not send the e-mail again.'), variant: 'destructive' });
    } finally {
      setSending(false);
    }
  };

  if (load.state === 'loading')
    return (
      <p role="status" className="outbox-status">
        Loading the e-mail…
      </p>
    );
  if (load.state === 'error')
    return (
      <p role="alert" className="outbox-status outbox-status--error">
        {load.message}
      </p>
    );
  const m = load.value;
  return (
    <section className="outbox-message" aria-labelledby={headingId} data-testid="outbox-message">
      <h2 id={headingId}>{m.subject}</h2>
      <dl className="outbox-facts">
        <dt>To</dt>
        <dd>{m.to_name ? `${m.to_name} <${m.to_address}>` : m.to_address || '—'}</dd>
        <dt>State</dt>
        <dd data-testid="message-status">{STATUS_LABELS[m.status]}</dd>
        <dt>Attempts</dt>
        <dd>{m.attempts}</dd>
        <dt>Queued</dt>
        <dd>{when(m.created_at)}</dd>
        <dt>Sent</dt>
        <dd>{when(m.sent_at)}</dd>
        <dt>Key</dt>
        <dd className="outbox-key">{m.dedupe_key}</dd>
        {m.last_error && (
          <>
            <dt>{m.status === 'failed' ? 'Why it failed' : 'Last problem'}</dt>
            <dd data-testid="message-error">{m.last_error}</dd>
          </>
        )}
      </dl>
      {/* Files sent with it (a calendar invitation), readable as text: the outbox keeps them whole. */}
      {m.attachments.map((a) => (
        <details key={a.filename} className="outbox-attachment">
          <summary>
            Attached: {a.filename} ({a.content_type.split(';')[0]})
          </summary>
          <pre>{a.content}</pre>
        </details>
      ))}
      {m.status === 'failed' && (
        <button type="button" className="button button--accent" onClick={() => void sendAgain()} disabled={sending}>
          {sending ? 'Sending…' : 'Send again'}
        </button>
      )}
      {m.html ? (
        <iframe className="outbox-frame" title={`The e-mail as the recipient sees it: ${m.subject}`} src={outboxHtmlUrl(m.id)} sandbox="" />
      ) : (
        <p className="muted">Its text is no longer kept (retention schedule or a deletion on request).</p>
      )}
    </section>
  );
}

export function OutboxPage() {
  const [params, setParams] = useSearchParams();
  const filter = filterFromParams(params);
  const query = filterQuery(filter);
  const openId = Number(params.get('message')) || null;
  const [list, setList] = useState<Load<OutboxListResponse>>({ state: 'loading' });
  const [attempt, setAttempt] = useState(0);

  useEffect(() => {
    const controller = new AbortController();
    setList({ state: 'loading' });
    fetchOutbox(filterFromParams(new URLSearchParams(query)), controller.signal)
      .then((res) => res && setList({ state: 'ready', value: res }))
      .catch((err: unknown) => {
        if (!controller.signal.aborted) setList({ state: 'error', message: reason(err, 'Could not load the outbox. Try again.') });
      });
    return () => controller.abort();
  }, [query, attempt]);

  const apply = (next: OutboxFilter) => setParams(new URLSearchParams(filterQuery(next)));
  const open = (id: number) => {
    const next = new URLSearchParams(params);
    next.set('message', String(id));
    setParams(next);
  };

  return (
    <main className="staff-page outbox-page" id="main">
      <header>
        <p className="eyebrow">Staff</p>
        <h1>E-mail outbox</h1>
        <p className="muted">
          Every e-mail the site queued, newest first, as its recipient sees it. A failed one shows why and can be sent again.
        </p>
      </header>
      <FilterForm key={query} filter={filter} onApply={apply} />
      {list.state === 'loading' && (
        <p role="status" className="outbox-status">
          Loading e-mails…
        </p>
      )}
      {list.state === 'error' && (
        <div role="alert" className="outbox-status outbox-status--error">
          <p>{list.message}</p>
          <button type="button" className="button" onClick={() => setAttempt((n) => n + 1)}>
            Try again
          </button>
        </div>
      )}
      {list.state === 'ready' && (
        <>
          <p className="muted" data-testid="outbox-counts">
            {OUTBOX_STATUSES.map((s) => `${STATUS_LABELS[s]}: ${list.value.counts[s]}`).join(' · ')}
          </p>
          {list.value.messages.length === 0 ? (
            <p className="outbox-status">No e-mail matches this filter.</p>
          ) : (
            <ul className="outbox-list" aria-label="E-mails">
              {list.value.messages.map((m) => (
                <li key={m.id}>
                  <button
                    type="button"
                    className={`outbox-row${m.id === openId ? ' outbox-row--open' : ''}`}
                    aria-current={m.id === openId ? 'true' : undefined}
                    onClick={() => open(m.id)}
                  >
                    <span className="outbox-row__subject">{m.subject}</span>
                    <span className="outbox-row__meta">
                      {STATUS_LABELS[m.status]} · {m.to_address || '—'} · {when(m.created_at)}
                    </span>
                  </button>
                </li>
              ))}
            </ul>
          )}
        </>
      )}
      {openId !== null && <MessageView key={openId} id={openId} onRetried={() => setAttempt((n) => n + 1)} />}
    </main>
  );
}

// The visits customers booked online for one day (default today), read-only here: who, where,
// when, and the sizes or photos they already sent in their leads and quotes. The consultant's own
// notes stay in the visit list below (site-visit-store/-sync); a booked visit is changed by the
// customer's e-mail link or at /admin/visit-schedule, never from this list.
import { useEffect, useId, useState } from 'react';
import type { BookedVisit, BookedVisitsResponse } from '@shared/visit-bookings-api';
import { ApiError, getJson } from '../../../lib/api-client';
import { localDate } from './site-visit-storage';
import './booked-visits.css';

type Load = { state: 'loading' } | { state: 'ready'; visits: BookedVisit[] } | { state: 'error'; message: string };

export function BookedVisits() {
  const id = useId();
  const [date, setDate] = useState(localDate());
  const [load, setLoad] = useState<Load>({ state: 'loading' });
  const [retry, setRetry] = useState(0);

  useEffect(() => {
    if (!/^\d{4}-\d{2}-\d{2}$/.test(date)) return;
    let cancelled = false;
    setLoad({ state: 'loading' });
    getJson<BookedVisitsResponse>(`/api/site-visits/booked?date=${date}`)
      .then((body) => !cancelled && setLoad({ state: 'ready', visits: body?.visits ?? [] }))
      .catch((err: unknown) => {
        if (cancelled) return;
        const message =
          err instanceof ApiError
            ? (err.serverMessage ?? 'The booked visits could not be loaded.')
            : 'Booked visits need a connection: they show when this phone is back online.';
        setLoad({ state: 'error', message });
      });
    return () => {
      cancelled = true;
    };
  }, [date, retry]);

  return (
    <section className="site-visits__list booked-visits" aria-labelledby={`${id}-h`}>
      <div className="site-visits__list-head">
        <h2 id={`${id}-h`}>Booked online{load.state === 'ready' ? ` (${load.visits.length})` : ''}</h2>
        <label className="booked-visits__day">
          <span>Day</span>
          <input type="date" value={date} onChange={(e) => setDate(e.target.value)} />
        </label>
      </div>
      {load.state === 'loading' && <p>Loading the booked visits...</p>}
      {load.state === 'error' && (
        <p role="alert">
          {load.message}{' '}
          <button type="button" className="button button--ghost-dark" onClick={() => setRetry((n) => n + 1)}>
            Try again
          </button>
        </p>
      )}
      {load.state === 'ready' && load.visits.length === 0 && <p className="site-visits__empty">No visits booked online for this day.</p>}
      {load.state === 'ready' && load.visits.length > 0 && (
        <ul className="site-visits__cards">
          {load.visits.map((v) => (
            <li key={v.id} className="booked-visit">
              <h3>
                {v.startTime} to {v.endTime} · {v.area}
              </h3>
              <dl>
                <dt>Customer</dt>
                <dd>{v.name}</dd>
                <dt>Phone</dt>
                <dd>
                  <a href={`tel:${v.phone.replace(/[^\d+]/g, '')}`}>{v.phone}</a>
                </dd>
                <dt>E-mail</dt>
                <dd>{v.email}</dd>
                <dt>Address</dt>
                <dd>{v.address}</dd>
                {v.notes && (
                  <>
                    <dt>Notes</dt>
                    <dd>{v.notes}</dd>
                  </>
                )}
                {v.quoteId && (
                  <>
                    <dt>Quote number given</dt>
                    <dd>{v.quoteId}</dd>
                  </>
                )}
              </dl>
              {v.sent.length === 0 ? (
                <p className="booked-visit__sent">No sizes or photos sent before the visit.</p>
              ) : (
                <ul className="booked-visit__sent">
                  {v.sent.map((s) => (
                    <li key={`${s.kind}:${s.id}`}>
                      {s.kind === 'quote' ? `Quote ${s.id}` : `Enquiry${s.productInterest ? ` (${s.productInterest})` : ''}`},{' '}
                      {s.createdAt.slice(0, 10)}: {s.sizes.length ? s.sizes.join('; ') : 'no sizes'}
                      {s.photos > 0 ? `, ${s.photos} measured from a photo` : ''}
                    </li>
                  ))}
                </ul>
              )}
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

// Dates a customer can plan on (worker/shared/delivery-dates.ts): the expected dispatch date and the
// delivery window or 'installed by' date. An order shows the dates stored on it (fixed when placed,
// counted again when staff confirm the sizes); a quote asks the server for today's.
import { useEffect, useState } from 'react';
import {
  arrivalSentence,
  datesBasisNote,
  dispatchSentence,
  formatDay,
  SAMPLE_LEAD_TIME_NOTE,
  type DeliveryEstimate,
  type DeliveryEstimateResponse,
} from '@shared/delivery-dates';
import { getJson } from '../lib/api-client';
import './delivery-dates.css';

function SampleNote({ estimate }: { estimate: DeliveryEstimate }) {
  return estimate.sampleLeadTime ? <p className="delivery-dates__note">Dates {SAMPLE_LEAD_TIME_NOTE}.</p> : null;
}

/** An order's stored dates (order page). */
export function OrderDeliveryDates({ estimate }: { estimate: DeliveryEstimate }) {
  return (
    <section className="delivery-dates" aria-labelledby="delivery-dates-title" data-testid="order-delivery-dates">
      <h2 id="delivery-dates-title">When to expect your order</h2>
      <p data-testid="delivery-dispatch">{dispatchSentence(estimate)}</p>
      <p data-testid="delivery-arrival">{arrivalSentence(estimate)}</p>
      <p className="delivery-dates__note">{datesBasisNote(estimate)}</p>
      <SampleNote estimate={estimate} />
    </section>
  );
}

type QuoteDates = { status: 'loading' } | { status: 'error' } | { status: 'ready'; dates: DeliveryEstimateResponse };

/** A quote's dates if ordered today (calculator, quote document): courier and Garden Route fitting. */
export function QuoteDeliveryDates({ productIds }: { productIds: readonly string[] }) {
  const key = [...new Set(productIds)].sort().join(',');
  const [state, setState] = useState<QuoteDates>({ status: 'loading' });
  useEffect(() => {
    if (!key) return;
    const controller = new AbortController();
    setState({ status: 'loading' });
    getJson<DeliveryEstimateResponse>(`/api/delivery-estimate?products=${encodeURIComponent(key)}`, { signal: controller.signal })
      .then((dates) => setState(dates ? { status: 'ready', dates } : { status: 'error' }))
      .catch(() => {
        if (!controller.signal.aborted) setState({ status: 'error' });
      });
    return () => controller.abort();
  }, [key]);
  if (!key) return null;
  return (
    <div className="delivery-dates delivery-dates--quote" data-testid="quote-delivery-dates" aria-live="polite">
      {state.status === 'loading' && <p role="status">Working out your dispatch date…</p>}
      {state.status === 'error' && <p role="status">We could not work out the dispatch date just now. Ask us and we will tell you.</p>}
      {state.status === 'ready' && (
        <>
          <p data-testid="quote-dispatch">
            <strong>If ordered today:</strong> {dispatchSentence(state.dates.courier)}
          </p>
          <p>{arrivalSentence(state.dates.courier)} Your order gives the window for your region.</p>
          <p>Garden Route fitting by our team: installed by {formatDay(state.dates.installation.arrivesBy)}.</p>
          <SampleNote estimate={state.dates.courier} />
        </>
      )}
    </div>
  );
}

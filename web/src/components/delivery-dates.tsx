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
import { RoomKept } from './room-kept';
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
  // Kept with the products they were counted for: another quote's dates are never shown, not even for a frame.
  const [answer, setAnswer] = useState<{ key: string; dates: QuoteDates } | null>(null);
  useEffect(() => {
    if (!key) return;
    const controller = new AbortController();
    getJson<DeliveryEstimateResponse>(`/api/delivery-estimate?products=${encodeURIComponent(key)}`, { signal: controller.signal })
      .then((dates) => setAnswer({ key, dates: dates ? { status: 'ready', dates } : { status: 'error' } }))
      .catch(() => {
        if (!controller.signal.aborted) setAnswer({ key, dates: { status: 'error' } });
      });
    return () => controller.abort();
  }, [key]);
  const state: QuoteDates = answer?.key === key ? answer.dates : { status: 'loading' };
  if (!key) return null;
  return (
    <div className="delivery-dates delivery-dates--quote" data-testid="quote-delivery-dates" aria-live="polite">
      {state.status === 'loading' && (
        // The dates' room is kept while they load, so what is below (the order panel) does not jump
        // down under the customer's finger when they arrive.
        <RoomKept status={<p role="status">Working out your dispatch date…</p>} standIn={<QuoteDatesLines dates={ROOM_FOR_DATES} room />} />
      )}
      {state.status === 'error' && <p role="status">We could not work out the dispatch date just now. Ask us and we will tell you.</p>}
      {state.status === 'ready' && <QuoteDatesLines dates={state.dates} />}
    </div>
  );
}

/** The dates' lines; `room`: the hidden stand-in that keeps their place, which tests must not find. */
function QuoteDatesLines({ dates, room = false }: { dates: DeliveryEstimateResponse; room?: boolean }) {
  return (
    <>
      <p data-testid={room ? undefined : 'quote-dispatch'}>
        <strong>If ordered today:</strong> {dispatchSentence(dates.courier)}
      </p>
      <p>{arrivalSentence(dates.courier)} Your order gives the window for your region.</p>
      <p>Garden Route fitting by our team: installed by {formatDay(dates.installation.arrivesBy)}.</p>
      <SampleNote estimate={dates.courier} />
    </>
  );
}

/** Never shown: the longest dates the lines can hold, to keep their room while the real ones load. */
const LONGEST_DAY = '2026-09-30';
const ROOM_ESTIMATE: DeliveryEstimate = {
  basis: 'placed',
  from: LONGEST_DAY,
  leadTimeWorkingDays: 0,
  sampleLeadTime: false,
  dispatchBy: LONGEST_DAY,
  method: 'courier',
  region: null,
  arrivesFrom: LONGEST_DAY,
  arrivesBy: LONGEST_DAY,
};
const ROOM_FOR_DATES: DeliveryEstimateResponse = {
  success: true,
  courier: ROOM_ESTIMATE,
  installation: { ...ROOM_ESTIMATE, method: 'installation' },
};

// /book-site-visit/manage?token=: the signed link in a booking's e-mails. The customer sees the
// visit and moves it to another open time (the old place is freed at once) or cancels it.
import { useEffect, useId, useRef, useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import type { BookingView, OpenSlot } from '@shared/visit-bookings-api';
import { BookingShell } from './book-visit-page';
import { cancelBooking, fetchOpenSlots, messageOf, moveBooking, readBooking } from './booking-client';
import { SlotPicker } from './slot-picker';
import { VisitFacts } from './visit-facts';

type State =
  | { status: 'loading' }
  | { status: 'error'; message: string }
  | { status: 'ready'; booking: BookingView; token: string; notice: string | null };

export function ManageVisitPage() {
  const [params] = useSearchParams();
  const initialToken = params.get('token') ?? '';
  const [state, setState] = useState<State>({ status: 'loading' });
  const [slots, setSlots] = useState<OpenSlot[] | null>(null);
  const [slotId, setSlotId] = useState<string | null>(null);
  const [confirmCancel, setConfirmCancel] = useState(false);
  const [pending, setPending] = useState(false);
  const [actionError, setActionError] = useState<string | null>(null);
  const headingRef = useRef<HTMLHeadingElement>(null);
  const id = useId();

  useEffect(() => {
    if (!initialToken)
      return setState({ status: 'error', message: 'This link is missing its code. Please open the link in your booking e-mail again.' });
    let cancelled = false;
    readBooking(initialToken)
      .then((answer) => !cancelled && setState({ status: 'ready', booking: answer.booking, token: initialToken, notice: null }))
      .catch((err: unknown) => !cancelled && setState({ status: 'error', message: messageOf(err) }));
    return () => {
      cancelled = true;
    };
  }, [initialToken]);

  useEffect(() => {
    if (state.status !== 'loading') headingRef.current?.focus();
  }, [state]);

  if (state.status === 'loading')
    return (
      <BookingShell title="Your Site Visit">
        <p className="booking-muted">Loading your visit...</p>
      </BookingShell>
    );
  if (state.status === 'error')
    return (
      <BookingShell title="Your Site Visit">
        <section className="tracking-card" aria-labelledby={`${id}-h`}>
          <h2 id={`${id}-h`} ref={headingRef} tabIndex={-1}>
            We could not open this visit
          </h2>
          <p className="booking-error" role="alert">
            {state.message}
          </p>
          <Link className="button button--ghost-dark" to="/book-site-visit">
            Book a new visit
          </Link>
        </section>
      </BookingShell>
    );

  const { booking, token, notice } = state;
  const cancelled = booking.status === 'cancelled';

  async function showTimes() {
    setActionError(null);
    try {
      setSlots(
        (await fetchOpenSlots(booking.area)).filter((s) => !(s.visitDate === booking.visitDate && s.startTime === booking.startTime)),
      );
    } catch (err) {
      setActionError(messageOf(err));
    }
  }

  async function act(run: () => Promise<{ booking: BookingView; message: string; token?: string }>) {
    setPending(true);
    setActionError(null);
    try {
      const answer = await run();
      setState({ status: 'ready', booking: answer.booking, token: answer.token ?? token, notice: answer.message });
      setSlots(null);
      setSlotId(null);
      setConfirmCancel(false);
    } catch (err) {
      setActionError(messageOf(err));
    } finally {
      setPending(false);
    }
  }

  return (
    <BookingShell title="Your Site Visit">
      <section className="tracking-card" aria-labelledby={`${id}-h`}>
        <h2 id={`${id}-h`} ref={headingRef} tabIndex={-1}>
          {cancelled ? 'This visit is cancelled' : 'Your booked visit'}
        </h2>
        {notice && <p role="status">{notice}</p>}
        <VisitFacts booking={booking} />
        {actionError && (
          <p className="booking-error" role="alert">
            {actionError}
          </p>
        )}
        {cancelled ? (
          <Link className="button button--accent" to={`/book-site-visit?area=${encodeURIComponent(booking.area)}`}>
            Book a new visit
          </Link>
        ) : (
          <>
            {slots === null ? (
              <div className="booking-actions">
                <button type="button" className="button button--accent" onClick={showTimes}>
                  Move the visit
                </button>
                <button type="button" className="button button--ghost-dark" onClick={() => setConfirmCancel(true)}>
                  Cancel the visit
                </button>
              </div>
            ) : slots.length === 0 ? (
              <p className="booking-empty">No other times are open in {booking.area} at the moment. Please call us to find one.</p>
            ) : (
              <>
                <SlotPicker slots={slots} selected={slotId} onSelect={setSlotId} showArea={false} />
                <button
                  type="button"
                  className="button button--accent"
                  disabled={!slotId || pending}
                  onClick={() => slotId && act(() => moveBooking(token, slotId))}
                >
                  {pending ? 'Moving...' : 'Move to this time'}
                </button>
              </>
            )}
            {confirmCancel && (
              <div className="booking-confirm" role="group" aria-label="Cancel the visit?">
                <p>Cancel this visit? The time is given to another customer.</p>
                <button type="button" className="button button--accent" disabled={pending} onClick={() => act(() => cancelBooking(token))}>
                  {pending ? 'Cancelling...' : 'Yes, cancel the visit'}
                </button>
                <button type="button" className="button button--ghost-dark" onClick={() => setConfirmCancel(false)}>
                  Keep the visit
                </button>
              </div>
            )}
          </>
        )}
      </section>
    </BookingShell>
  );
}

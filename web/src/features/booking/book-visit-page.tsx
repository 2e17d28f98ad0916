// /book-site-visit: a Garden Route customer picks an open visit time (staff set them per area) and
// books it. The place is held by the server at once; the confirmation e-mail carries the calendar
// invitation and the link to move or cancel.
import { useEffect, useId, useState, type FormEvent, type ReactNode } from 'react';
import { Link, useSearchParams } from 'react-router';
import { GARDEN_ROUTE_AREAS, type BookingView, type OpenSlot } from '@shared/visit-bookings-api';
import { ContactInputs, missingInputs } from '../../components/contact-inputs';
import { PopiaConsent } from '../../components/popia-consent';
import { SiteFooter } from '../../components/site-footer';
import { SiteHeader } from '../../components/site-header';
import { useFocusWhenSet } from '../../lib/focus-when-set';
import { telLink, usePublicConfig } from '../../lib/public-config';
import { bookVisit, fetchOpenSlots, messageOf } from './booking-client';
import { SlotPicker } from './slot-picker';
import { VisitFacts } from './visit-facts';
import '../../components/tracking.css';
import './booking.css';

type Slots = { status: 'loading' } | { status: 'ready'; slots: OpenSlot[] } | { status: 'error'; message: string };

const FIELDS = [
  { key: 'name', label: 'Your name', type: 'text', autoComplete: 'name', max: 80 },
  { key: 'email', label: 'E-mail address', type: 'email', autoComplete: 'email', max: 254 },
  { key: 'phone', label: 'Phone number', type: 'tel', autoComplete: 'tel', max: 30 },
  { key: 'address', label: 'Street address for the visit', type: 'text', autoComplete: 'street-address', max: 200 },
] as const;
type FieldKey = (typeof FIELDS)[number]['key'];

export function BookVisitPage() {
  const config = usePublicConfig();
  const [params, setParams] = useSearchParams();
  const requested = params.get('area');
  const area = GARDEN_ROUTE_AREAS.find((a) => a === requested) ?? null;
  const [slots, setSlots] = useState<Slots>({ status: 'loading' });
  const [reload, setReload] = useState(0);
  const [slotId, setSlotId] = useState<string | null>(null);
  const [fields, setFields] = useState<Record<FieldKey, string>>({ name: '', email: '', phone: '', address: '' });
  const [notes, setNotes] = useState('');
  const [quoteId, setQuoteId] = useState('');
  const [consent, setConsent] = useState(false);
  const [pending, setPending] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [booked, setBooked] = useState<{ message: string; booking: BookingView } | null>(null);
  const errorRef = useFocusWhenSet<HTMLParagraphElement>(error);
  const doneRef = useFocusWhenSet<HTMLHeadingElement>(booked);
  const id = useId();

  useEffect(() => {
    let cancelled = false;
    setSlots({ status: 'loading' });
    fetchOpenSlots(area)
      .then((found) => !cancelled && setSlots({ status: 'ready', slots: found }))
      .catch((err: unknown) => !cancelled && setSlots({ status: 'error', message: messageOf(err) }));
    return () => {
      cancelled = true;
    };
  }, [area, reload]);

  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    const missing = missingInputs(FIELDS, fields);
    if (!slotId) return setError('Please choose a time for the visit.');
    if (missing.length) return setError(`Please fill in ${missing.join(', ')}.`);
    if (!consent) return setError('Please tick the box to agree that we may contact you about this visit.');
    setPending(true);
    setError(null);
    try {
      const answer = await bookVisit({ slotId, ...fields, notes, quoteId: quoteId.trim() || null, popiaConsent: true });
      setBooked({ message: answer.message, booking: answer.booking });
    } catch (err) {
      setError(messageOf(err));
      // The time may have gone: show what is still open.
      setSlotId(null);
      setReload((n) => n + 1);
    } finally {
      setPending(false);
    }
  }

  if (booked) {
    const b = booked.booking;
    return (
      <BookingShell title="Book a Site Visit">
        <section className="tracking-card" aria-labelledby={`${id}-done`}>
          <h2 id={`${id}-done`} ref={doneRef} tabIndex={-1}>
            Your site visit is booked
          </h2>
          <p role="status">{booked.message}</p>
          <VisitFacts booking={b} />
          <p>To move or cancel the visit, use the link in the e-mail.</p>
          <Link className="button button--ghost-dark" to="/">
            Back to the home page
          </Link>
        </section>
      </BookingShell>
    );
  }

  return (
    <BookingShell title="Book a Site Visit">
      <form className="tracking-card" onSubmit={onSubmit} noValidate aria-label="Book a site visit">
        <div className="field">
          <label htmlFor={`${id}-area`}>Your area</label>
          <select
            id={`${id}-area`}
            value={area ?? ''}
            onChange={(e) => {
              setSlotId(null);
              setParams(e.target.value ? { area: e.target.value } : {}, { replace: true });
            }}
          >
            <option value="">All Garden Route areas</option>
            {GARDEN_ROUTE_AREAS.map((a) => (
              <option key={a} value={a}>
                {a}
              </option>
            ))}
          </select>
        </div>
        {slots.status === 'loading' && <p className="booking-muted">Loading the open visit times...</p>}
        {slots.status === 'error' && (
          <p className="booking-error" role="alert">
            {slots.message}{' '}
            <button type="button" className="button button--ghost-dark" onClick={() => setReload((n) => n + 1)}>
              Try again
            </button>
          </p>
        )}
        {slots.status === 'ready' && slots.slots.length === 0 && (
          <p className="booking-empty">
            No visit times are open{area ? ` in ${area}` : ''} at the moment.{' '}
            {config.phone.gardenRoute ? (
              <>
                Please call us on <a href={telLink(config.phone.gardenRoute)}>{config.phone.gardenRoute}</a> and we will find a time.
              </>
            ) : (
              'Please contact us and we will find a time.'
            )}
          </p>
        )}
        {slots.status === 'ready' && slots.slots.length > 0 && (
          <SlotPicker slots={slots.slots} selected={slotId} onSelect={setSlotId} showArea={!area} />
        )}
        <ContactInputs
          idPrefix={id}
          inputs={FIELDS}
          values={fields}
          onChange={(key, value) => setFields((v) => ({ ...v, [key]: value }))}
        />
        <div className="field">
          <label htmlFor={`${id}-quote`}>Quote number, if you have one (e.g. CB-123456)</label>
          <input id={`${id}-quote`} name="quoteId" maxLength={9} value={quoteId} onChange={(e) => setQuoteId(e.target.value)} />
        </div>
        <div className="field">
          <label htmlFor={`${id}-notes`}>Anything we should know (windows, gate code, parking)</label>
          <textarea id={`${id}-notes`} name="notes" rows={3} maxLength={1000} value={notes} onChange={(e) => setNotes(e.target.value)} />
        </div>
        <PopiaConsent id={`${id}-consent`} className="contact-consent" checked={consent} onChange={setConsent} />
        {error && (
          <p className="booking-error" role="alert" tabIndex={-1} ref={errorRef}>
            {error}
          </p>
        )}
        <button type="submit" className="button button--accent" disabled={pending}>
          {pending ? 'Booking...' : 'Book the visit'}
        </button>
      </form>
    </BookingShell>
  );
}

export function BookingShell({ title, children }: { title: string; children: ReactNode }) {
  return (
    <div className="page">
      <SiteHeader />
      <main className="tracking-page booking-page" id="main">
        <header>
          <p className="eyebrow">Garden Route, Mossel Bay to Plettenberg Bay</p>
          <h1>{title}</h1>
          <p className="lead">A consultant visits you and measures every window.</p>
        </header>
        {children}
      </main>
      <SiteFooter />
    </div>
  );
}

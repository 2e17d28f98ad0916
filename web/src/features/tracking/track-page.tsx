// /track (staff spec sections 2.7, 5, 8): a customer looks up courier tracking by tracking number
// or by order reference, and sees where the order is in the making (the fulfilment timeline) above
// the courier's history; an order not yet with the courier shows its timeline alone. ?number=
// prefills the search and runs it, so the link in the tracking e-mail opens the result; each search
// is written back to the address. A search by order reference also needs the order's e-mail
// address or postcode (the reference alone opens nothing); that stays in the form, never in the
// address, and ?order= only prefills the reference. Until the order is dispatched its own dates
// (expected dispatch, and the delivery window or 'installed by') follow the timeline.
import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { useSearchParams } from 'react-router';
import { NO_TRACKING_MESSAGE, NO_TRACKING_TITLE } from '@shared/tracking-api';
import { SiteFooter } from '../../components/site-footer';
import { SiteHeader } from '../../components/site-header';
import { ApiError } from '../../lib/api-client';
import { courierTrackingToCome, fetchTrackingByNumber, fetchTrackingForOrder, type TrackingLookup } from '../../lib/tracking-client';
import { OrderTimeline } from '../../components/order-timeline';
import { OrderDeliveryDates } from '../../components/delivery-dates';
import { TrackingFacts, TrackingTimeline } from '../../components/tracking-parts';
import '../../components/tracking.css';

type SearchBy = 'number' | 'order';
type Lookup =
  | { status: 'idle' }
  | { status: 'loading' }
  | ({ status: 'found' } & TrackingLookup)
  | { status: 'not-found' }
  | { status: 'error'; message: string };

const FIELD_LABEL: Record<SearchBy, string> = { number: 'Tracking number', order: 'Order ID' };
const PLACEHOLDER: Record<SearchBy, string> = { number: 'e.g. TCG123456789', order: 'e.g. CB-7KQ2M9XPLA' };

function searchFromUrl(params: URLSearchParams): { by: SearchBy; value: string } | null {
  const order = params.get('order')?.trim();
  if (order) return { by: 'order', value: order };
  const number = params.get('number')?.trim();
  if (number) return { by: 'number', value: number };
  return null;
}

export function TrackPage() {
  const [params, setParams] = useSearchParams();
  const fromUrl = searchFromUrl(params);
  const [by, setBy] = useState<SearchBy>(fromUrl?.by ?? 'number');
  const [value, setValue] = useState(fromUrl?.value ?? '');
  const [contact, setContact] = useState('');
  const [fieldError, setFieldError] = useState<string | null>(null);
  const [contactError, setContactError] = useState<string | null>(null);
  /** The e-mail or postcode of the last submitted order search (read when the address changes). */
  const submittedContact = useRef('');
  const [lookup, setLookup] = useState<Lookup>({ status: 'idle' });
  const [repeat, setRepeat] = useState(0);
  const inputRef = useRef<HTMLInputElement>(null);
  const contactRef = useRef<HTMLInputElement>(null);
  const contactId = useId();
  const contactErrorId = useId();
  const contactHintId = useId();
  const resultRef = useRef<HTMLHeadingElement>(null);
  const inputId = useId();
  const errorId = useId();
  const urlKey = fromUrl ? `${fromUrl.by}:${fromUrl.value}` : '';

  // The address is the search: a submitted search, a link from the e-mail, back and forward.
  useEffect(() => {
    if (!fromUrl) return setLookup({ status: 'idle' });
    setBy(fromUrl.by);
    setValue(fromUrl.value);
    // A reference from a link waits for the customer's e-mail or postcode.
    if (fromUrl.by === 'order' && !submittedContact.current) return setLookup({ status: 'idle' });
    let cancelled = false;
    setLookup({ status: 'loading' });
    const read =
      fromUrl.by === 'order' ? fetchTrackingForOrder(fromUrl.value, submittedContact.current) : fetchTrackingByNumber(fromUrl.value);
    read
      .then((found) => {
        if (!cancelled) setLookup(found && (found.tracking || found.timeline) ? { status: 'found', ...found } : { status: 'not-found' });
      })
      .catch((err: unknown) => {
        if (cancelled) return;
        // Text that cannot be a number or reference (400) is simply not found for a customer.
        if (err instanceof ApiError && err.status === 400) return setLookup({ status: 'not-found' });
        const message =
          err instanceof ApiError && err.status === 429
            ? (err.serverMessage ?? 'Too many searches. Please wait a minute and try again.')
            : 'We could not reach our server just now. Please check your connection and try again.';
        setLookup({ status: 'error', message });
      });
    return () => {
      cancelled = true;
    };
    // eslint-disable-next-line react-hooks/exhaustive-deps -- urlKey is the search itself
  }, [urlKey, repeat]);

  useEffect(() => {
    if (lookup.status === 'found' || lookup.status === 'not-found' || lookup.status === 'error') resultRef.current?.focus();
  }, [lookup]);

  function onSubmit(event: FormEvent) {
    event.preventDefault();
    const trimmed = value.trim();
    const trimmedContact = contact.trim();
    const missingValue = !trimmed;
    const missingContact = by === 'order' && !trimmedContact;
    setFieldError(missingValue ? (by === 'number' ? 'Please enter your tracking number.' : 'Please enter your order ID.') : null);
    setContactError(missingContact ? 'Please enter the e-mail address or postcode on your order.' : null);
    if (missingValue) return inputRef.current?.focus();
    if (missingContact) return contactRef.current?.focus();
    if (by === 'order') submittedContact.current = trimmedContact;
    const next = new URLSearchParams();
    next.set(by, trimmed);
    // The same search again reads it afresh (the address does not change, so count the search).
    if (next.toString() === params.toString()) setRepeat((n) => n + 1);
    else setParams(next);
  }

  // By order reference the button follows the second field, so the form reads in the order it is filled.
  const submit = (
    <button type="submit" className="button button--accent" disabled={lookup.status === 'loading'}>
      {lookup.status === 'loading' ? 'Searching...' : 'Track'}
    </button>
  );

  return (
    <div className="page">
      <SiteHeader />
      <main className="tracking-page" id="main">
        <header>
          <p className="eyebrow">Courier tracking</p>
          <h1>Track Your Order</h1>
          <p className="lead">Enter the tracking number from your dispatch e-mail, or your order ID (it starts with CB-).</p>
        </header>

        <form className="tracking-card tracking-search" onSubmit={onSubmit} noValidate aria-label="Track an order">
          <fieldset className="tracking-toggle">
            <legend>Search by</legend>
            {(['number', 'order'] as const).map((option) => (
              <label
                key={option}
                className={by === option ? 'tracking-toggle__option tracking-toggle__option--on' : 'tracking-toggle__option'}
              >
                <input
                  type="radio"
                  name="search-by"
                  value={option}
                  checked={by === option}
                  onChange={() => {
                    setBy(option);
                    setFieldError(null);
                    setContactError(null);
                  }}
                />
                {FIELD_LABEL[option]}
              </label>
            ))}
          </fieldset>
          <div className="field">
            <label htmlFor={inputId}>
              {FIELD_LABEL[by]} <span aria-hidden="true">*</span>
            </label>
            <div className="tracking-search__row">
              <input
                ref={inputRef}
                id={inputId}
                name={by}
                value={value}
                onChange={(e) => setValue(e.target.value)}
                placeholder={PLACEHOLDER[by]}
                autoComplete="off"
                autoCapitalize="characters"
                spellCheck={false}
                maxLength={60}
                required
                aria-required="true"
                aria-invalid={fieldError ? true : undefined}
                aria-describedby={fieldError ? errorId : undefined}
              />
              {by === 'number' && submit}
            </div>
            {fieldError && (
              <p className="tracking-field-error" id={errorId} role="alert">
                {fieldError}
              </p>
            )}
          </div>
          {by === 'order' && (
            <div className="field">
              <label htmlFor={contactId}>
                E-mail address or postcode <span aria-hidden="true">*</span>
              </label>
              <input
                ref={contactRef}
                id={contactId}
                name="contact"
                value={contact}
                onChange={(e) => setContact(e.target.value)}
                autoComplete="email"
                spellCheck={false}
                maxLength={254}
                required
                aria-required="true"
                aria-invalid={contactError ? true : undefined}
                aria-describedby={contactError ? `${contactHintId} ${contactErrorId}` : contactHintId}
              />
              <p className="muted" id={contactHintId}>
                The e-mail address on your order, or the postcode of its delivery address.
              </p>
              {contactError && (
                <p className="tracking-field-error" id={contactErrorId} role="alert">
                  {contactError}
                </p>
              )}
              <div className="tracking-search__row">{submit}</div>
            </div>
          )}
        </form>

        {lookup.status === 'loading' && (
          <p className="tracking-card" role="status">
            Looking up your order...
          </p>
        )}
        {lookup.status === 'not-found' && (
          <section className="tracking-card tracking-card--empty" aria-labelledby="no-tracking-title">
            <h2 id="no-tracking-title" ref={resultRef} tabIndex={-1}>
              {NO_TRACKING_TITLE}
            </h2>
            <p>{NO_TRACKING_MESSAGE}</p>
            <p className="muted">
              Search by order ID with the e-mail address or postcode on the order to see its progress from the day it was placed; the
              tracking number comes in your dispatch e-mail.
            </p>
          </section>
        )}
        {lookup.status === 'error' && (
          <section className="tracking-card tracking-card--error" aria-labelledby="tracking-error-title">
            <h2 id="tracking-error-title" ref={resultRef} tabIndex={-1}>
              Tracking could not be loaded
            </h2>
            <p>{lookup.message}</p>
          </section>
        )}
        {lookup.status === 'found' && lookup.timeline && (
          <section className="tracking-card" aria-labelledby="order-progress-title" data-testid="order-progress">
            <h2 id="order-progress-title" ref={resultRef} tabIndex={-1}>
              Your order's progress
            </h2>
            <OrderTimeline timeline={lookup.timeline} />
            {!lookup.tracking && courierTrackingToCome(lookup.timeline) && (
              <p className="muted tracking-note">{courierTrackingToCome(lookup.timeline)}</p>
            )}
          </section>
        )}
        {lookup.status === 'found' && lookup.timeline?.dates && (
          <div className="tracking-card">
            <OrderDeliveryDates estimate={lookup.timeline.dates} />
          </div>
        )}
        {lookup.status === 'found' && lookup.tracking && (
          <section className="tracking-card" aria-labelledby="tracking-result-title" data-testid="tracking-result">
            <h2 id="tracking-result-title" ref={lookup.timeline ? undefined : resultRef} tabIndex={-1}>
              Tracking {lookup.tracking.trackingNumber}
            </h2>
            <TrackingFacts tracking={lookup.tracking} />
            <h3>Tracking history</h3>
            <TrackingTimeline
              history={lookup.tracking.trackingHistory}
              label={`Tracking history of ${lookup.tracking.trackingNumber}, latest first`}
            />
            <p className="muted tracking-note">Our team updates this page by hand as the courier reports progress.</p>
          </section>
        )}
      </main>
      <SiteFooter />
    </div>
  );
}

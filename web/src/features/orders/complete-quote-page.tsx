// /complete-quote: a customer finishes a stored quote (loaded like /quote): step 1 contact details,
// step 2 pay by card now (or, without a card gateway, order and pay by bank transfer) or ask for a
// Garden Route consultation. An ordered quote links to its receipt.
import { useEffect, useId, useRef, useState, type FormEvent, type RefObject } from 'react';
import { Link } from 'react-router';
import { ContactFields, useContactDraft } from './contact-fields';
import { LinesTable, LoadingCard, OrdersPageShell, TotalsList } from './order-parts';
import { captureLead } from './orders-client';
import { formatLongDate } from './orders-model';
import {
  consultationLeadBody,
  hasPaymentContact,
  paymentRequestForQuote,
  quoteProductRows,
  type QuoteCustomerInfo,
  type SessionQuote,
} from './stored-quote-model';
import { QuoteOrderOrPay } from './bank-transfer';
import { usePublicConfig } from '../../lib/public-config';
import { CardPaymentRefused } from './sample-prices-parts';
import { SamplePricesNote } from '../../components/sample-prices-note';
import { useStoredQuote } from './use-stored-quote';
import './orders-pages.css';
import './orders.css';

export const CONSULTATION_FAILURE = 'Failed to submit your details. Please try again or contact us directly.';

export function CompleteQuotePage() {
  const [state, update] = useStoredQuote();
  return (
    <OrdersPageShell>
      {state.status === 'loading' ? (
        <LoadingCard>Loading your quote...</LoadingCard>
      ) : (
        <CompleteQuote quote={state.quote} onChange={update} />
      )}
    </OrdersPageShell>
  );
}

type Step = 'details' | 'choose' | 'consultation-sent';

function CompleteQuote({ quote, onChange }: { quote: SessionQuote; onChange: (quote: SessionQuote) => void }) {
  const [step, setStep] = useState<Step>('details');
  const headingRef = useRef<HTMLHeadingElement>(null);
  const firstRender = useRef(true);
  const { payment } = usePublicConfig();
  const card = payment.card || payment.instantEft;

  // Each step's heading takes the focus, so keyboard and screen-reader users start at its top.
  useEffect(() => {
    if (firstRender.current) {
      firstRender.current = false;
      return;
    }
    headingRef.current?.focus();
  }, [step]);

  return (
    <>
      <section className="orders-card" aria-labelledby="complete-title">
        <p className="eyebrow">Complete your quote</p>
        <h1 id="complete-title">Quote {quote.quote_id}</h1>
        {quote.valid_until && <p className="muted">Valid until {formatLongDate(quote.valid_until)}. Prices include 15% VAT.</p>}
        {quote.lines.length > 0 ? (
          <LinesTable lines={quote.lines.map((l, i) => ({ ...l, key: String(i) }))} caption={`Blinds in quote ${quote.quote_id}`} />
        ) : (
          <ul className="orders-notes">
            {quoteProductRows(quote).map((row) => (
              <li key={row.key}>
                {row.name}: {row.width} × {row.height} ({row.area})
              </li>
            ))}
          </ul>
        )}
        <TotalsList subtotal={quote.subtotal} vat={quote.vat} total={quote.total} />
        {quote.sample_prices && <SamplePricesNote />}
      </section>

      {quote.order_reference ? (
        <section className="orders-card" aria-labelledby="ordered-title">
          <h2 id="ordered-title">This quote has been ordered</h2>
          <p>
            It is order <strong>{quote.order_reference}</strong>. Your receipt shows its payment status and what happens next.
          </p>
          <Link className="button button--accent" to={`/order-confirmation?ref=${encodeURIComponent(quote.order_reference)}`}>
            View your receipt
          </Link>
        </section>
      ) : (
        <>
          <ol className="steps-indicator" aria-label="Steps">
            <li aria-current={step === 'details' ? 'step' : undefined}>1. Your details</li>
            <li aria-current={step !== 'details' ? 'step' : undefined}>2. {card ? 'Pay' : 'Order'} or book a consultation</li>
          </ol>
          {step === 'details' && (
            <DetailsStep
              quote={quote}
              headingRef={headingRef}
              onDone={(info) => {
                onChange({ ...quote, customer_info: info });
                setStep('choose');
              }}
            />
          )}
          {step === 'choose' && (
            <ChooseStep
              quote={quote}
              headingRef={headingRef}
              onBack={() => setStep('details')}
              onConsultationSent={() => setStep('consultation-sent')}
            />
          )}
          {step === 'consultation-sent' && (
            <section className="orders-card" aria-labelledby="thanks-title">
              <h2 id="thanks-title" ref={headingRef} tabIndex={-1}>
                Thank You!
              </h2>
              <p role="status">
                Our Garden Route regional team has your quote {quote.quote_id} and will contact you within 24 hours to arrange a
                consultation.
              </p>
              <Link className="button" to="/">
                Back to Home
              </Link>
            </section>
          )}
        </>
      )}
    </>
  );
}

interface DetailsStepProps {
  quote: SessionQuote;
  headingRef: RefObject<HTMLHeadingElement | null>;
  onDone: (info: QuoteCustomerInfo) => void;
}

function DetailsStep({ quote, headingRef, onDone }: DetailsStepProps) {
  const { draft, setDraft, errors, submit } = useContactDraft(quote.customer_info, onDone);

  return (
    <section className="orders-card" aria-labelledby="details-title">
      <h2 id="details-title" ref={headingRef} tabIndex={-1}>
        Step 1: Your contact details
      </h2>
      <form className="orders-form" onSubmit={submit} noValidate aria-label="Your contact details">
        <ContactFields value={draft} errors={errors} onChange={setDraft} />
        <div className="button-row">
          <button type="submit" className="button button--accent">
            Continue
          </button>
        </div>
      </form>
    </section>
  );
}

interface ChooseStepProps {
  quote: SessionQuote;
  headingRef: RefObject<HTMLHeadingElement | null>;
  onBack: () => void;
  onConsultationSent: () => void;
}

function ChooseStep({ quote, headingRef, onBack, onConsultationSent }: ChooseStepProps) {
  const info = quote.customer_info;
  const [consent, setConsent] = useState(false);
  const [pending, setPending] = useState(false);
  const [failed, setFailed] = useState(false);
  const id = useId();
  const { payment } = usePublicConfig();
  const card = payment.card;

  async function requestConsultation(e: FormEvent) {
    e.preventDefault();
    if (!consent || pending) return;
    setPending(true);
    setFailed(false);
    try {
      await captureLead(consultationLeadBody(quote, info));
      onConsultationSent();
    } catch {
      setFailed(true);
      setPending(false);
    }
  }

  return (
    <section className="orders-card" aria-labelledby="choose-title">
      <h2 id="choose-title" ref={headingRef} tabIndex={-1}>
        Step 2: How would you like to continue?
      </h2>
      <p>
        Your details: <strong>{info.name}</strong>, {info.email}
        {info.phone && `, ${info.phone}`}
        {info.location && `, ${info.location}`}.{' '}
        <button type="button" className="link-button" onClick={onBack}>
          Change details
        </button>
      </p>
      <div className="choice-grid">
        <section aria-labelledby={`${id}-pay`}>
          <h3 id={`${id}-pay`}>
            {card && !payment.instantEft ? 'Pay by card now' : card || payment.instantEft ? 'Pay online now' : 'Order online'}
          </h3>
          <p>Order online: we start production as soon as your payment is confirmed, and deliver by courier.</p>
          {quote.card_payment_refused ? (
            <CardPaymentRefused />
          ) : (
            <QuoteOrderOrPay
              quote={quote}
              card={{
                request: paymentRequestForQuote(quote),
                total: quote.total,
                disabled: !hasPaymentContact(info),
              }}
            />
          )}
        </section>
        <section aria-labelledby={`${id}-consult`}>
          <h3 id={`${id}-consult`}>Garden Route consultation</h3>
          <p>
            On the Garden Route (Mossel Bay to Plettenberg Bay)? Our regional team can visit to check measurements, show samples and
            install.
          </p>
          <form onSubmit={requestConsultation} className="orders-form" noValidate>
            <div className="orders-consent">
              <input
                id={`${id}-consent`}
                type="checkbox"
                name="popiaConsent"
                required
                checked={consent}
                onChange={(e) => setConsent(e.target.checked)}
              />
              <label htmlFor={`${id}-consent`}>
                I agree to be contacted about this enquiry (see our{' '}
                <Link to="/privacy" target="_blank" rel="noopener">
                  privacy notice
                </Link>
                ).
              </label>
            </div>
            {failed && (
              <p className="orders-error" role="alert">
                {CONSULTATION_FAILURE}
              </p>
            )}
            <button type="submit" className="button" disabled={!consent || pending} aria-busy={pending}>
              {pending ? 'Submitting...' : 'Request Consultation'}
            </button>
          </form>
        </section>
      </div>
    </section>
  );
}

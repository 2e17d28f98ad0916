// /quote, the stored-quote page (staff spec 2.1): the quote kept in session storage (or loaded by
// ?quote_id=&key=), its product details and pricing, the customer's details, and card payment for
// online quotes or the Garden Route consultation note for the others.
import { useEffect, useRef, useState, type RefObject } from 'react';
import { Link } from 'react-router';
import { formatRand } from '../../lib/format';
import { ContactFields, useContactDraft } from './contact-fields';
import { FitGuaranteeNote } from '../../components/fit-guarantee-note';
import { SizeEstimateBadge, SizesConfirmNote } from '../../components/size-estimate';
import { LoadingCard, OrdersPageShell, TotalsList } from './order-parts';
import { formatLongDate } from './orders-model';
import {
  hasPaymentContact,
  paymentRequestForQuote,
  quoteProductRows,
  type QuoteCustomerInfo,
  type SessionQuote,
} from './stored-quote-model';
import { QuoteOrderOrPay } from './bank-transfer';
import { CardPaymentRefused } from './sample-prices-parts';
import { SamplePricesNote } from '../../components/sample-prices-note';
import { QuoteDeliveryDates } from '../../components/delivery-dates';
import { useStoredQuote } from './use-stored-quote';
import './orders-pages.css';
import './orders.css';

export function StoredQuotePage() {
  const [state, update] = useStoredQuote();
  return (
    <OrdersPageShell>
      {state.status === 'loading' ? (
        <LoadingCard>Loading your quote...</LoadingCard>
      ) : (
        <StoredQuote quote={state.quote} onChange={update} />
      )}
    </OrdersPageShell>
  );
}

function StoredQuote({ quote, onChange }: { quote: SessionQuote; onChange: (quote: SessionQuote) => void }) {
  const info = quote.customer_info;
  // Starts in edit mode while no e-mail is known.
  const [editing, setEditing] = useState(() => !info.email.trim());
  const [focusRequest, setFocusRequest] = useState(0);
  const nameRef = useRef<HTMLInputElement>(null);
  const canPay = hasPaymentContact(info);

  useEffect(() => {
    if (focusRequest > 0) nameRef.current?.focus();
  }, [focusRequest]);

  const addContact = () => {
    setEditing(true);
    setFocusRequest((n) => n + 1);
  };

  return (
    <>
      <section className="orders-card" aria-labelledby="quote-title">
        <div className="orders-head">
          <div>
            <p className="eyebrow">Your quote</p>
            <h1 id="quote-title">Quote {quote.quote_id}</h1>
          </div>
          <dl className="orders-meta">
            <dt>Total</dt>
            <dd data-testid="quote-total">{formatRand(quote.total)}</dd>
            <dt>Valid until</dt>
            <dd>{quote.valid_until ? formatLongDate(quote.valid_until) : '30 days from the quote date'}</dd>
          </dl>
        </div>
      </section>

      <div className="orders-grid">
        <section className="orders-card" aria-labelledby="product-title">
          <h2 id="product-title">Product details</h2>
          {quoteProductRows(quote).map((row) => (
            <div key={row.key} className="quote-product">
              <h3>
                {row.name}
                {row.quantity > 1 && <span className="muted"> × {row.quantity}</span>}
              </h3>
              <dl className="orders-meta">
                <dt>Width</dt>
                <dd>{row.width}</dd>
                <dt>Height</dt>
                <dd>{row.height}</dd>
                <dt>Area</dt>
                <dd>
                  {row.area} <SizeEstimateBadge source={row.sizeSource} />
                  {row.guarantee && <FitGuaranteeNote line={row.guarantee} />}
                </dd>
                {row.colour && (
                  <>
                    <dt>Colour</dt>
                    <dd>{row.colour}</dd>
                  </>
                )}
                {row.options && (
                  <>
                    <dt>Options</dt>
                    <dd>{row.options}</dd>
                  </>
                )}
              </dl>
            </div>
          ))}
        </section>

        <section className="orders-card" aria-labelledby="pricing-title">
          <h2 id="pricing-title">Pricing breakdown</h2>
          <TotalsList subtotal={quote.subtotal} vat={quote.vat} total={quote.total} />
          {quote.pricing_note && <p className="orders-note">{quote.pricing_note}</p>}
          {quote.sample_prices && <SamplePricesNote />}
          <SizesConfirmNote lines={quote.lines} />
          <QuoteDeliveryDates productIds={quote.lines.map((l) => l.product_type)} />
        </section>
      </div>

      <CustomerCard
        info={info}
        editing={editing}
        nameRef={nameRef}
        onEdit={() => setEditing(true)}
        onCancel={() => setEditing(false)}
        onSave={(next) => {
          onChange({ ...quote, customer_info: next });
          setEditing(false);
        }}
      />

      {quote.service_type === 'online' ? (
        <section className="orders-card" aria-labelledby="order-title">
          <h2 id="order-title">Ready to Order?</h2>
          {quote.order_reference && (
            <p>
              This quote has already been ordered as <strong>{quote.order_reference}</strong>:{' '}
              <Link to={`/order-confirmation?ref=${encodeURIComponent(quote.order_reference)}`}>view your receipt</Link>.
            </p>
          )}
          {!canPay && (
            <div className="amber-prompt" role="note">
              <p>Please provide your name and email address to complete the purchase</p>
              <button type="button" className="button button--accent" onClick={addContact}>
                Add Contact Information
              </button>
            </div>
          )}
          {quote.card_payment_refused ? (
            <CardPaymentRefused />
          ) : (
            <QuoteOrderOrPay quote={quote} card={{ request: paymentRequestForQuote(quote), total: quote.total, disabled: !canPay }} />
          )}
          <ul className="orders-notes">
            <li>
              Production starts once your order is paid and takes each product's own lead time; the expected dispatch date above counts the
              slowest.
            </li>
            <li>We e-mail you when your order is dispatched, with the courier's tracking number.</li>
            <li>Your order is delivered by courier, with a tracking number you can follow.</li>
          </ul>
        </section>
      ) : (
        <section className="orders-card" aria-labelledby="consult-title">
          <h2 id="consult-title">Garden Route Consultation</h2>
          <p>
            Your quote has been sent to our Garden Route regional team. They will contact you within 24 hours to arrange measuring and
            installation.
          </p>
        </section>
      )}

      <p>
        <Link to="/">← Back to Home</Link>
      </p>
    </>
  );
}

interface CustomerCardProps {
  info: QuoteCustomerInfo;
  editing: boolean;
  nameRef: RefObject<HTMLInputElement | null>;
  onEdit: () => void;
  onCancel: () => void;
  onSave: (info: QuoteCustomerInfo) => void;
}

/** Staff spec 2.1: view and edit modes; Cancel only when an e-mail already existed. */
function CustomerCard({ info, editing, nameRef, onEdit, onCancel, onSave }: CustomerCardProps) {
  const headingRef = useRef<HTMLHeadingElement>(null);
  const hadEmail = info.email.trim() !== '';
  const {
    draft,
    setDraft,
    errors,
    submit: save,
    reset,
  } = useContactDraft(info, (next) => {
    onSave(next);
    headingRef.current?.focus();
  });

  // Each edit starts from what is saved.
  useEffect(() => {
    if (editing) reset(info);
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [editing]);

  return (
    <section className="orders-card" aria-labelledby="customer-title">
      <h2 id="customer-title" ref={headingRef} tabIndex={-1}>
        Customer Information
      </h2>
      {editing ? (
        <form className="orders-form" onSubmit={save} noValidate aria-label="Customer information">
          <ContactFields value={draft} errors={errors} onChange={setDraft} nameRef={nameRef} />
          <div className="button-row">
            <button type="submit" className="button button--accent">
              Save Information
            </button>
            {hadEmail && (
              <button type="button" className="button button--ghost-dark" onClick={onCancel}>
                Cancel
              </button>
            )}
          </div>
        </form>
      ) : (
        <>
          <dl className="orders-meta">
            <dt>Full Name</dt>
            <dd>{info.name || 'Not provided'}</dd>
            <dt>Email Address</dt>
            <dd>{info.email || 'Not provided'}</dd>
            <dt>Phone Number</dt>
            <dd>{info.phone || 'Not provided'}</dd>
            <dt>Location/City</dt>
            <dd>{info.location || 'Not provided'}</dd>
          </dl>
          <div className="button-row orders-actions">
            <button type="button" className="button button--ghost-dark" onClick={onEdit}>
              Edit Information
            </button>
          </div>
        </>
      )}
    </section>
  );
}

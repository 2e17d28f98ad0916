// /quote-document (storefront spec sections 2, 5, 7, 8, 9): the saved blinds as a printable quote
// with its number, date, items, totals and notes; e-mail it to a customer or save it for the business.
import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { Link } from 'react-router';
import type { QuoteSavedResponse } from '@shared/orders-api';
import { SiteFooter } from '../../components/site-footer';
import { SiteHeader } from '../../components/site-header';
import { toast } from '../../components/toast';
import { ApiError, getJson } from '../../lib/api-client';
import type { CatalogOverview } from '@shared/catalogue-api';
import { SamplePricesNote } from '../../components/sample-prices-note';
import { QuoteDeliveryDates } from '../../components/delivery-dates';
import { usePublicConfig } from '../../lib/public-config';
import { STORAGE_KEYS } from '../../lib/storage-keys';
import { parseQuoteBlinds, quoteNumber, quoteTotals, type QuoteLine } from '../../lib/quote-storage';
import { SizesConfirmNote } from '../../components/size-estimate';
import { LinesTable, TotalsList } from './order-parts';
import { emailQuote, saveQuoteInternal } from './orders-client';
import { formatLongDate } from './orders-model';
import {
  anyOnSamplePrices,
  emailQuoteBody,
  sampleProductIds,
  internalQuoteBody,
  loadQuoteDocument,
  recipientError,
  type QuoteRecipient,
} from './quote-document-model';
import './orders-pages.css';
import './orders.css';

const QUOTE_VALID_DAYS = 30;

function readStoredLines() {
  return loadQuoteDocument(() => localStorage.getItem(STORAGE_KEYS.quoteBlinds), parseQuoteBlinds);
}

function serverMessage(err: unknown, fallback: string): string {
  return (err instanceof ApiError && err.serverMessage) || fallback;
}

export function QuoteDocumentPage() {
  const [load] = useState(readStoredLines);
  const toasted = useRef(false);

  // Spec section 8 'Quote load': say why there is nothing to show, once.
  useEffect(() => {
    if (toasted.current || load.status === 'ready') return;
    toasted.current = true;
    if (load.status === 'empty')
      toast({ title: 'No Quote Data', description: 'Add blinds in the quote calculator to make a quote.', variant: 'destructive' });
    else
      toast({
        title: 'Error Loading Quote',
        description: 'Your saved blinds could not be read. Please add them again in the calculator.',
        variant: 'destructive',
      });
  }, [load]);

  return (
    <div className="page">
      <SiteHeader />
      <main className="orders-page" id="main">
        {load.status === 'ready' ? (
          <QuoteDocument lines={load.lines} />
        ) : (
          <section className="orders-card" aria-labelledby="quote-empty-title">
            <h1 id="quote-empty-title">{load.status === 'empty' ? 'There is no quote yet' : 'We could not read your quote'}</h1>
            <p>Add the blinds you want in the quote calculator; your quote document is made from them.</p>
            <Link className="button button--accent" to="/quote-calculator">
              Return to Calculator
            </Link>
          </section>
        )}
      </main>
      <SiteFooter />
    </div>
  );
}

/** Whether the server's catalogue says any of these products is on sample prices (false until it answers). */
function useOnSamplePrices(lines: readonly QuoteLine[]): boolean {
  const [sampleIds, setSampleIds] = useState<ReadonlySet<string>>(() => new Set());
  useEffect(() => {
    const controller = new AbortController();
    getJson<CatalogOverview>('/api/products/catalog', { signal: controller.signal })
      .then((catalog) => {
        if (catalog) setSampleIds(sampleProductIds(catalog));
      })
      .catch(() => {
        // Offline or left the page: the e-mailed quote and the server's pages still carry the label.
      });
    return () => controller.abort();
  }, []);
  return anyOnSamplePrices(lines, sampleIds);
}

function QuoteDocument({ lines }: { lines: QuoteLine[] }) {
  const config = usePublicConfig();
  // The number stays while the page is open; after saving it is the one the server answered.
  const [quoteId, setQuoteId] = useState(() => quoteNumber());
  const [issued] = useState(() => new Date());
  const [saved, setSaved] = useState<QuoteSavedResponse | null>(null);
  const totals = quoteTotals(lines);
  const validUntil = saved?.valid_until ?? new Date(issued.getTime() + QUOTE_VALID_DAYS * 86_400_000).toISOString();
  const quoteDate = issued.toISOString().slice(0, 10);

  const [recipient, setRecipient] = useState<QuoteRecipient>({ name: '', email: '', mobile: '' });
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState<'email' | 'save' | null>(null);
  const id = useId();

  const update = (field: keyof QuoteRecipient) => (value: string) => setRecipient((r) => ({ ...r, [field]: value }));

  async function sendEmail(e: FormEvent) {
    e.preventDefault();
    const problem = recipientError(recipient);
    setError(problem);
    if (problem || busy) return;
    setBusy('email');
    try {
      const answer = await emailQuote(emailQuoteBody(lines, quoteId, quoteDate, recipient));
      setQuoteId(answer.quote_id);
      setSaved(answer);
      toast({ title: 'Quote Sent', description: `Quote ${answer.quote_id} was sent to ${recipient.email.trim()}.` });
    } catch (err) {
      toast({
        title: 'Email Failed',
        description: serverMessage(err, 'The quote could not be e-mailed. Please try again.'),
        variant: 'destructive',
      });
    } finally {
      setBusy(null);
    }
  }

  async function saveForBusiness() {
    if (busy) return;
    setBusy('save');
    try {
      const answer = await saveQuoteInternal(internalQuoteBody(lines, quoteId, quoteDate, recipient));
      setQuoteId(answer.quote_id);
      setSaved(answer);
      toast({ title: 'Quote Saved', description: `Quote ${answer.quote_id} is saved for the business.` });
    } catch (err) {
      toast({
        title: 'Save Failed',
        description: serverMessage(err, 'The quote could not be saved. Please try again.'),
        variant: 'destructive',
      });
    } finally {
      setBusy(null);
    }
  }

  const onSamplePrices = useOnSamplePrices(lines);
  const quoteLink = saved ? `/quote?quote_id=${encodeURIComponent(saved.quote_id)}&key=${encodeURIComponent(saved.access_key)}` : null;

  return (
    <>
      <nav className="button-row no-print" aria-label="Quote actions">
        <Link className="button button--ghost-dark" to="/quote-calculator">
          ← Back to Calculator
        </Link>
        <button type="button" className="button button--ghost-dark" onClick={() => window.print()}>
          Print
        </button>
        <button
          type="button"
          className="button"
          onClick={() => void saveForBusiness()}
          disabled={busy !== null}
          aria-busy={busy === 'save'}
        >
          {busy === 'save' ? 'Saving...' : 'Save Quote'}
        </button>
      </nav>

      <article className="orders-card" aria-labelledby="quote-title">
        <header className="orders-head">
          <div>
            <p className="eyebrow">{config.businessName}</p>
            <h1 id="quote-title">Quotation</h1>
          </div>
          <dl className="orders-meta">
            <dt>Quote number</dt>
            <dd data-testid="quote-number">{quoteId}</dd>
            <dt>Date</dt>
            <dd>{formatLongDate(issued.toISOString())}</dd>
            <dt>Valid until</dt>
            <dd>{formatLongDate(validUntil)}</dd>
          </dl>
        </header>

        <h2>Items</h2>
        <LinesTable lines={lines.map((l) => ({ ...l, key: l.id }))} caption="Blinds in this quote" />
        <TotalsList subtotal={totals.exVat} vat={totals.vat} total={totals.total} />
        <SizesConfirmNote lines={lines} />
        <p className="orders-note">
          {totals.quantity} {totals.quantity === 1 ? 'blind' : 'blinds'}. The total includes VAT of 15%.
        </p>
        {onSamplePrices && <SamplePricesNote />}
        <QuoteDeliveryDates productIds={lines.map((l) => l.product_type)} />

        <h2>Notes</h2>
        <ul className="orders-notes">
          <li>This quote is valid for 30 days.</li>
          <li>All prices include VAT at 15%.</li>
          <li>Order processing takes 1-2 business days.</li>
          <li>Production takes each product's own lead time; the expected dispatch date above counts the slowest.</li>
          <li>Delivery is by courier within our service area.</li>
        </ul>
      </article>

      {saved && quoteLink && (
        <section className="orders-card no-print" aria-live="polite">
          <h2>Quote {saved.quote_id} is saved</h2>
          <p>
            Valid until {formatLongDate(saved.valid_until)}. The customer can review it, add their details and pay at{' '}
            <Link to={quoteLink}>this quote's page</Link>.
          </p>
        </section>
      )}

      <section className="orders-card no-print" aria-labelledby={`${id}-email-title`}>
        <h2 id={`${id}-email-title`}>Email Quote</h2>
        <p className="orders-note">We e-mail the quote to the customer and send a copy to our team.</p>
        <form className="orders-form" onSubmit={sendEmail} noValidate>
          <div className="orders-form__pair">
            <label className="orders-field">
              <span>
                Customer name <abbr title="required">*</abbr>
              </span>
              <input
                name="recipient_name"
                autoComplete="name"
                maxLength={60}
                value={recipient.name}
                onChange={(e) => update('name')(e.target.value)}
                required
              />
            </label>
            <label className="orders-field">
              <span>
                Email address <abbr title="required">*</abbr>
              </span>
              <input
                name="recipient_email"
                type="email"
                inputMode="email"
                autoComplete="email"
                placeholder="you@example.co.za"
                value={recipient.email}
                onChange={(e) => update('email')(e.target.value)}
                required
              />
            </label>
          </div>
          <label className="orders-field">
            <span>
              Mobile number <small className="muted">(optional)</small>
            </span>
            <input
              name="recipient_mobile"
              type="tel"
              inputMode="tel"
              autoComplete="tel"
              placeholder="082 123 4567"
              value={recipient.mobile}
              onChange={(e) => update('mobile')(e.target.value)}
            />
          </label>
          {error && (
            <p className="orders-error" role="alert">
              {error}
            </p>
          )}
          <div className="button-row">
            <button type="submit" className="button button--accent" disabled={busy !== null} aria-busy={busy === 'email'}>
              {busy === 'email' ? 'Sending...' : 'Email Quote'}
            </button>
          </div>
        </form>
      </section>
    </>
  );
}

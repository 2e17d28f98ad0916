// /quote-calculator ('Online Blind Quotation', storefront spec sections 2-5, 7-9): the Add Blind
// form with its live server price, the Added Blinds list kept in the browser, the Quote Summary and
// the 'Complete Your Order' panel. The rules live in calculator-model.ts; prices are the server's.
import { useCallback, useEffect, useRef, useState } from 'react';
import { SamplePricesText } from '../../components/sample-prices-note';
import { Link, useNavigate, useSearchParams } from 'react-router';
import type { OrderSubmitResponse } from '@shared/orders-api';
import { SiteFooter } from '../../components/site-footer';
import { SiteHeader } from '../../components/site-header';
import { FitGuaranteeNote } from '../../components/fit-guarantee-note';
import { SizeEstimateBadge } from '../../components/size-estimate';
import { isEstimatedSize } from '@shared/size-sources';
import { toast } from '../../components/toast';
import { formatRand } from '../../lib/format';
import { STORAGE_KEYS } from '../../lib/storage-keys';
import { useCalculatorProducts } from '../../lib/calculator-products';
import { AddBlindForm } from './add-blind-form';
import { ChatQuotePanel, chatPrefillForm, useChatQuote } from './chat-quote';
import { confirmationPath, parseAutoMeasurements, removeLabel, removeLine, withServerPrices } from './calculator-model';
import { OrderPanel, type OrderScope } from './order-panel';
import { fetchPricing } from './quote-api';
import {
  completedOrderFromDto,
  CONTROL_SIDES,
  MOUNT_TYPES,
  quoteTotals,
  readQuoteBlinds,
  writeCompletedOrder,
  writeQuoteBlinds,
  type QuoteLine,
} from '../../lib/quote-storage';
import './quote-calculator.css';
import './quote-calculator-order.css';
import { QuoteDeliveryDates } from '../../components/delivery-dates';
import { optionCodes } from '@shared/product-options';

function readStoredLines(): QuoteLine[] {
  try {
    return readQuoteBlinds();
  } catch {
    return [];
  }
}

function readHandedOverSize() {
  try {
    return parseAutoMeasurements(localStorage.getItem(STORAGE_KEYS.autoMeasurements));
  } catch {
    return null;
  }
}

const controlLabel = (value: string) => CONTROL_SIDES.find((c) => c.value === value)?.label ?? value;
const mountLabel = (value: string) => MOUNT_TYPES.find((m) => m.value === value)?.label ?? value;

export function QuoteCalculatorPage() {
  const navigate = useNavigate();
  const [lines, setLines] = useState<QuoteLine[]>(readStoredLines);
  const [initialSize] = useState(readHandedOverSize);
  const [samplePrices, setSamplePrices] = useState(false);
  const [panelOpen, setPanelOpen] = useState(false);
  const [scope, setScope] = useState<OrderScope>({ kind: 'list' });
  const listHeadingRef = useRef<HTMLHeadingElement>(null);
  const orderToggleRef = useRef<HTMLButtonElement>(null);

  /** Keeps the list in the browser first, so what is shown is what survives a reload. */
  const saveLines = useCallback((next: QuoteLine[]): boolean => {
    try {
      writeQuoteBlinds(next);
    } catch {
      toast({
        title: 'Quote not saved',
        description: 'Your browser storage is full or blocked; please try again.',
        variant: 'destructive',
      });
      return false;
    }
    setLines(next);
    return true;
  }, []);

  const markSample = useCallback(() => setSamplePrices(true), []);

  // The stored lines (some from the room walk-through, some from earlier visits) get the server's current prices.
  useEffect(() => {
    const stored = readStoredLines();
    if (stored.length === 0) return;
    const controller = new AbortController();
    const prices = new Map<string, number>();
    Promise.all(
      stored.map(async (line) => {
        const outcome = await fetchPricing(
          {
            productType: line.product_type,
            widthMm: line.width_mm,
            dropMm: line.drop_mm,
            // A shutter or awning is re-priced with the options it was added with.
            ...(line.options?.length ? { options: optionCodes(line.options) } : {}),
          },
          controller.signal,
        );
        if ('answer' in outcome && outcome.answer.success && outcome.answer.quote) {
          const unit = Number(outcome.answer.quote.price);
          if (unit > 0) prices.set(line.id, unit);
          if (outcome.answer.quote.sample_prices) setSamplePrices(true);
        }
      }),
    )
      .then(() => {
        const current = readStoredLines();
        const { lines: repriced, changed } = withServerPrices(current, prices);
        if (changed > 0 && saveLines(repriced)) {
          toast({ title: 'Prices updated', description: `${changed} line${changed === 1 ? ' has' : 's have'} today's price.` });
        }
      })
      .catch(() => {
        // left the page, or offline: the stored prices stay; the order is priced by the server anyway
      });
    return () => controller.abort();
  }, [saveLines]);

  // Another tab (or the walk-through) changed the list.
  useEffect(() => {
    const onStorage = (e: StorageEvent) => {
      if (e.key === STORAGE_KEYS.quoteBlinds) setLines(readStoredLines());
    };
    window.addEventListener('storage', onStorage);
    return () => window.removeEventListener('storage', onStorage);
  }, []);

  const products = useCalculatorProducts();
  const [params] = useSearchParams();
  const chatQuote = useChatQuote(products.products);
  const chatLine = chatQuote.lines[chatQuote.current];
  const addLine = (line: QuoteLine) => {
    const saved = saveLines([...lines, line]);
    if (saved && chatLine) chatQuote.markAdded();
    return saved;
  };

  const remove = (line: QuoteLine) => {
    if (!saveLines(removeLine(lines, line.id))) return;
    toast({ title: 'Blind removed', description: `${line.product_name}, ${line.width_mm} x ${line.drop_mm} mm.` });
    listHeadingRef.current?.focus();
  };

  const orderNow = (line: QuoteLine) => {
    setScope({ kind: 'single', line });
    setPanelOpen(true);
    requestAnimationFrame(() => {
      orderToggleRef.current?.scrollIntoView({ block: 'start' });
      orderToggleRef.current?.focus();
    });
  };

  // Closing the panel forgets a single 'Order This Blind Now' blind: reopening it orders the list.
  const toggleOrderPanel = () => {
    if (panelOpen) setScope({ kind: 'list' });
    setPanelOpen(!panelOpen);
  };

  const onOrdered = (response: OrderSubmitResponse, orderedScope: OrderScope) => {
    try {
      writeCompletedOrder(completedOrderFromDto(response.order));
    } catch {
      // The confirmation page reads the order from the server by its reference.
    }
    if (orderedScope.kind === 'list') saveLines([]);
    // spec: paymentUrl opened in a new tab; if it is blocked, the confirmation page offers the payment.
    if (response.paymentUrl) window.open(response.paymentUrl, '_blank', 'noopener');
    navigate(confirmationPath(response.reference));
  };

  const totals = quoteTotals(lines);

  return (
    <div className="page">
      <SiteHeader />
      <main className="qc-page" id="main">
        <header className="qc-titlebar">
          <button type="button" className="button button--ghost-dark button--small" onClick={() => navigate('/')}>
            <span aria-hidden="true">←</span> Back
          </button>
          <h1>Online Blind Quotation</h1>
          <button type="button" className="qc-close" aria-label="Close" onClick={() => navigate('/')}>
            <span aria-hidden="true">×</span>
          </button>
        </header>
        <p className="qc-lead">
          Made-to-measure blinds priced for your exact size. Add each window's blind, then order online or keep the quote. Prices include
          15% VAT.
        </p>

        <div className="qc-layout">
          <div className="qc-main">
            <ChatQuotePanel quote={chatQuote} />
            <AddBlindForm
              products={products}
              preselect={params.get('product')}
              key={chatLine ? `chat-${chatQuote.current}` : 'form'}
              initialSize={initialSize}
              prefill={chatLine ? chatPrefillForm(chatLine) : null}
              onAdd={addLine}
              onOrderNow={orderNow}
              onSamplePrices={markSample}
            />
          </div>

          <div className="qc-side">
            <section className="qc-panel" aria-labelledby="qc-list-title">
              <h2 id="qc-list-title" ref={listHeadingRef} tabIndex={-1}>
                Added Blinds ({lines.length})
              </h2>
              {lines.length === 0 ? (
                <p className="qc-empty">No blinds added yet</p>
              ) : (
                <ul className="qc-lines" data-testid="qc-lines">
                  {lines.map((line) => (
                    <li
                      key={line.id}
                      className={`qc-line${isEstimatedSize(line.size_source) ? ' qc-line--estimated' : ''}`}
                      data-testid="qc-line"
                    >
                      <div className="qc-line__head">
                        <h3>{line.product_name}</h3>
                        <button
                          type="button"
                          className="button button--small button--ghost-dark"
                          aria-label={removeLabel(line)}
                          onClick={() => remove(line)}
                        >
                          Remove
                        </button>
                      </div>
                      <dl>
                        <div>
                          <dt>Size</dt>
                          <dd>
                            {line.width_mm} x {line.drop_mm} mm
                            {isEstimatedSize(line.size_source) && (
                              <>
                                <span className="visually-hidden">, </span>
                                <span className="qc-line__estimate" data-testid="qc-line-estimate">
                                  <SizeEstimateBadge source={line.size_source} />
                                </span>
                              </>
                            )}
                            <FitGuaranteeNote line={line} />
                          </dd>
                        </div>
                        <div>
                          <dt>Colour</dt>
                          <dd>{line.colour}</dd>
                        </div>
                        {line.options?.length ? (
                          line.options.map((o) => (
                            <div key={o.group}>
                              <dt>{o.group_label}</dt>
                              <dd>{o.label}</dd>
                            </div>
                          ))
                        ) : (
                          <>
                            <div>
                              <dt>Control</dt>
                              <dd>{controlLabel(line.control_side)}</dd>
                            </div>
                            <div>
                              <dt>Mount</dt>
                              <dd>{mountLabel(line.mount_type)}</dd>
                            </div>
                          </>
                        )}
                        <div>
                          <dt>Quantity</dt>
                          <dd>{line.quantity}</dd>
                        </div>
                        <div>
                          <dt>Unit price</dt>
                          <dd>{formatRand(line.price)}</dd>
                        </div>
                        <div className="qc-line__total">
                          <dt>Line total</dt>
                          <dd data-testid="qc-line-total-amount">{formatRand(line.total_price)}</dd>
                        </div>
                      </dl>
                    </li>
                  ))}
                </ul>
              )}
            </section>

            <section className="qc-panel qc-summary" aria-labelledby="qc-summary-title">
              <h2 id="qc-summary-title">Quote Summary</h2>
              <dl className="qc-summary__figures" aria-live="polite" aria-atomic="true">
                <div>
                  <dt>Blinds</dt>
                  <dd data-testid="qc-summary-lines">
                    {lines.length} line{lines.length === 1 ? '' : 's'}, {totals.quantity} blind{totals.quantity === 1 ? '' : 's'}
                  </dd>
                </div>
                <div>
                  <dt>Excluding VAT</dt>
                  <dd>{formatRand(totals.exVat)}</dd>
                </div>
                <div>
                  <dt>VAT (15%)</dt>
                  <dd data-testid="qc-summary-vat">{formatRand(totals.vat)}</dd>
                </div>
                <div className="qc-summary__total">
                  <dt>Total incl. VAT</dt>
                  <dd data-testid="qc-summary-total">{formatRand(totals.total)}</dd>
                </div>
              </dl>
              <p className="qc-hint">
                Prices include 15% VAT.
                {samplePrices && (
                  <>
                    {' '}
                    <SamplePricesText />
                  </>
                )}
              </p>
              <QuoteDeliveryDates productIds={lines.map((l) => l.product_type)} />
              {lines.length > 0 && (
                <div className="button-row">
                  <Link to="/quote-document" className="button button--small">
                    View Quote Document
                  </Link>
                  <Link to="/quote-document" className="button button--small button--ghost-dark">
                    Email Quote
                  </Link>
                </div>
              )}
            </section>
          </div>
        </div>

        <OrderPanel
          open={panelOpen}
          onToggle={toggleOrderPanel}
          scope={scope}
          lines={lines}
          onOrderList={() => setScope({ kind: 'list' })}
          onOrdered={onOrdered}
          headingRef={orderToggleRef}
        />
      </main>
      <SiteFooter />
    </div>
  );
}

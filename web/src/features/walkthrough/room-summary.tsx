// The walk-through's last step: every window with its price, the room total, and the way on to the
// quote calculator or a consultation (storefront spec sections 4-5).
import { lazy, Suspense, useState, type RefObject } from 'react';
import { SAMPLE_PRICES_NOTE } from '@shared/sample-prices';
import { SizeEstimateBadge } from '../../components/size-estimate';
import { toast } from '../../components/toast';
import { formatRand } from '../../lib/format';
import { STORAGE_KEYS } from '../../lib/storage-keys';
import { findProduct } from '../../scene/blind-geometry';
import {
  appendQuoteLines,
  buildQuoteLines,
  leadProductInterest,
  leadSessionData,
  pricedWindow,
  roomTotals,
  type WindowDraft,
} from './walkthrough-model';
import type { Prices } from './walkthrough-types';

/** The lead form, fetched when the customer asks for a consultation. */
const LeadForm = lazy(async () => ({ default: (await import('../../components/lead-form')).LeadForm }));

export function Summary({
  room,
  windows,
  prices,
  headingRef,
  onBack,
  onEdit,
  onSent,
}: {
  room: string;
  windows: readonly WindowDraft[];
  prices: Prices;
  headingRef: RefObject<HTMLHeadingElement | null>;
  onBack: () => void;
  onEdit: (index: number) => void;
  onSent: () => void;
}) {
  const [showLead, setShowLead] = useState(false);
  const priced = windows.map((w) => pricedWindow(w, prices));
  const complete = priced.filter((p): p is NonNullable<typeof p> => p !== null);
  const allPriced = complete.length === windows.length;
  const totals = roomTotals(complete.map((p) => ({ total_price: p.price })));
  const sample = complete.some((p) => p.samplePrices);

  const send = () => {
    if (!allPriced) return;
    const lines = buildQuoteLines(complete, () => crypto.randomUUID());
    try {
      localStorage.setItem(
        STORAGE_KEYS.quoteBlinds,
        JSON.stringify(appendQuoteLines(localStorage.getItem(STORAGE_KEYS.quoteBlinds), lines)),
      );
    } catch {
      toast({
        title: 'Quote not saved',
        description: 'Your browser storage is full or blocked; please try again.',
        variant: 'destructive',
      });
      return;
    }
    toast({ title: 'Added to your quote', description: `${lines.length} blind${lines.length === 1 ? '' : 's'} from ${room.trim()}.` });
    onSent();
  };

  return (
    <section className="wt-summary" aria-labelledby="wt-summary-title">
      <div className="ar-panel wt-panel">
        <h2 id="wt-summary-title" ref={headingRef} tabIndex={-1}>
          {room.trim()}: your room quote
        </h2>
        <ol className="wt-lines">
          {windows.map((w, i) => {
            const p = priced[i];
            const product = findProduct(w.productId);
            return (
              <li key={i} className="wt-line" data-testid="wt-line">
                <div className="wt-line__head">
                  <h3>Window {i + 1}</h3>
                  <button
                    type="button"
                    className="button button--ghost-dark button--small"
                    onClick={() => onEdit(i)}
                    aria-label={`Change window ${i + 1}`}
                  >
                    Change
                  </button>
                </div>
                <dl>
                  <div>
                    <dt>Product</dt>
                    <dd>{product.label}</dd>
                  </div>
                  <div>
                    <dt>Colour</dt>
                    <dd>{w.colour ?? '—'}</dd>
                  </div>
                  <div>
                    <dt>Size</dt>
                    <dd>
                      {w.widthText} × {w.dropText} mm <SizeEstimateBadge source={w.sizeSource} />
                    </dd>
                  </div>
                  <div>
                    <dt>Price</dt>
                    <dd className="wt-line__price">{p ? formatRand(p.price) : 'Not priced yet'}</dd>
                  </div>
                </dl>
              </li>
            );
          })}
        </ol>
        <div className="wt-total" aria-live="polite" data-testid="wt-total">
          <p>
            <span>Room total (incl. 15% VAT)</span> <strong className="wt-total__amount">{formatRand(totals.total)}</strong>
          </p>
          <p className="muted">
            Of which VAT {formatRand(totals.vat)}
            {sample ? ` · ${SAMPLE_PRICES_NOTE}` : ''}
          </p>
        </div>
        {!allPriced && (
          <p className="wt-error" role="alert">
            Every window needs a price before the room can go to the calculator.
          </p>
        )}
        <div className="button-row wt-nav">
          <button type="button" className="button button--ghost-dark" onClick={onBack}>
            Back
          </button>
          <button type="button" className="button button--accent" onClick={send} disabled={!allPriced}>
            Send to the quote calculator
          </button>
          {!showLead && (
            <button type="button" className="button button--ghost-dark" onClick={() => setShowLead(true)} aria-expanded={false}>
              Start Room Consultation
            </button>
          )}
        </div>
      </div>
      {showLead && (
        <div className="wt-lead">
          <Suspense fallback={<p>Loading the form…</p>}>
            <LeadForm source="room_walkthrough" productInterest={leadProductInterest(room)} sessionData={leadSessionData(complete)} />
          </Suspense>
        </div>
      )}
    </section>
  );
}

// A quote from the chat opened in the calculator (/quote-calculator?blinds=..., built by the
// consultant: worker/shared/chat-quote-link.ts). The link carries products, sizes and quantities
// only, validated here with zod; the Add Blind form is filled in with one line at a time and the
// customer picks the colour and adds it, priced by the server like any blind typed by hand.
import { useMemo, useState } from 'react';
import { useSearchParams } from 'react-router';
import { CHAT_QUOTE_PARAM, parseChatQuote, type ChatQuoteLine } from '@shared/chat-quote-link';
import type { CalculatorProduct } from '../../lib/calculator-products';
import './chat-quote.css';
import { emptyBlindForm, productLabel, type BlindForm } from './calculator-model';

/** The Add Blind form filled in with a chat line; the colour is still the customer's choice. */
export function chatPrefillForm(line: ChatQuoteLine): BlindForm {
  return {
    ...emptyBlindForm(null),
    productType: line.product,
    widthText: String(line.widthMm),
    dropText: String(line.dropMm),
    quantityText: String(line.quantity),
  };
}

/** The link's lines for products the calculator offers (and prices) now; empty when there is no (valid) link. */
export function chatQuoteLines(param: string | null, products: readonly CalculatorProduct[]): ChatQuoteLine[] {
  return (parseChatQuote(param) ?? []).filter((l) => products.some((p) => p.value === l.product && p.priced));
}

export interface ChatQuote {
  lines: ChatQuoteLine[];
  /** The calculator's products, for the lines' names. */
  products: readonly CalculatorProduct[];
  /** The line the form is filled in with; lines.length when all were added. */
  current: number;
  added: ReadonlySet<number>;
  choose: (index: number) => void;
  /** The form's line was added: fill in the next one not added yet. */
  markAdded: () => void;
}

export function useChatQuote(products: readonly CalculatorProduct[]): ChatQuote {
  const [params] = useSearchParams();
  const param = params.get(CHAT_QUOTE_PARAM);
  const lines = useMemo(() => chatQuoteLines(param, products), [param, products]);
  const [current, setCurrent] = useState(0);
  const [added, setAdded] = useState<ReadonlySet<number>>(new Set());
  return {
    lines,
    products,
    current,
    added,
    choose: setCurrent,
    markAdded: () => {
      const next = new Set(added).add(current);
      setAdded(next);
      const following = lines.findIndex((_, i) => !next.has(i));
      setCurrent(following === -1 ? lines.length : following);
    },
  };
}

/** The chat's lines, which one is in the form, and a button to fill in each of the others. */
export function ChatQuotePanel({ quote }: { quote: ChatQuote }) {
  if (quote.lines.length === 0) return null;
  return (
    <section className="qc-panel qc-chat-quote" aria-labelledby="qc-chat-quote-title">
      <h2 id="qc-chat-quote-title">Your quote from the chat</h2>
      <p className="qc-hint">
        These sizes are filled in for you one at a time: choose a colour for each and press Add Blind. Prices are checked again here.
      </p>
      <ul className="qc-chat-quote__lines">
        {quote.lines.map((line, i) => {
          const text = `${line.quantity} x ${productLabel(line.product, quote.products)}, ${line.widthMm} x ${line.dropMm} mm`;
          return (
            <li key={`${line.product}-${line.widthMm}-${line.dropMm}-${i}`}>
              <span>{text}</span>{' '}
              {quote.added.has(i) ? (
                <span className="qc-chat-quote__state">Added</span>
              ) : i === quote.current ? (
                <span className="qc-chat-quote__state">In the form below</span>
              ) : (
                <button type="button" className="button button--ghost-dark qc-chat-quote__use" onClick={() => quote.choose(i)}>
                  Fill in the form<span className="visually-hidden">: {text}</span>
                </button>
              )}
            </li>
          );
        })}
      </ul>
    </section>
  );
}

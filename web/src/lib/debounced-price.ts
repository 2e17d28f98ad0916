// Prices asked as a customer types a size or picks options: once the typing pauses, the older
// request aborted when a newer one starts (askAfterPause, also the calculator's live price check),
// and for the AR blind and shutter visualisers only the answer for what is shown now returned.
import { useEffect, useState } from 'react';
import type { LineOptions } from '@shared/product-options';
import { fetchWindowPrice, type PriceResult } from './window-price';

/** Wait this long after the last change before asking for a price (typing a width is several changes). */
const PRICE_DEBOUNCE_MS = 400;

/**
 * For an effect: runs `ask` once `delayMs` pass without a newer run (typing a width is several
 * changes). The returned cleanup cancels a run not yet started and aborts one under way.
 */
export function askAfterPause(ask: (signal: AbortSignal) => Promise<void>, delayMs = PRICE_DEBOUNCE_MS): () => void {
  const controller = new AbortController();
  const timer = setTimeout(() => {
    ask(controller.signal).catch(() => {
      // aborted: a newer size or option took over
    });
  }, delayMs);
  return () => {
    clearTimeout(timer);
    controller.abort();
  };
}

/**
 * The server's price for this product, size and options; null while it is being asked, and while
 * the product or a size is unknown (null) or `ready` is false (the options are still loading).
 */
export function useDebouncedPrice(
  productId: string | null,
  widthMm: number | null,
  dropMm: number | null,
  options?: LineOptions,
  ready = true,
): PriceResult | null {
  const key =
    productId !== null && widthMm !== null && dropMm !== null ? JSON.stringify([productId, widthMm, dropMm, options ?? null]) : '';
  const [price, setPrice] = useState<{ key: string; result: PriceResult } | null>(null);
  useEffect(() => {
    if (!key || !ready || productId === null || widthMm === null || dropMm === null) return;
    return askAfterPause(async (signal) => setPrice({ key, result: await fetchWindowPrice(productId, widthMm, dropMm, signal, options) }));
    // The key stands for product, size and options.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [key, ready]);
  return price?.key === key ? price.result : null;
}

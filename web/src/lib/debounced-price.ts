// The live price of one window as a customer types its size or picks its options (the AR blind and
// shutter visualisers): asked once the typing pauses, the older request dropped when a newer one
// starts, and only the answer for what is shown now is returned.
import { useEffect, useState } from 'react';
import type { LineOptions } from '@shared/product-options';
import { fetchWindowPrice, type PriceResult } from './window-price';

/** Wait this long after the last change before asking for a price (typing a width is several changes). */
const PRICE_DEBOUNCE_MS = 400;

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
    const controller = new AbortController();
    const timer = setTimeout(() => {
      fetchWindowPrice(productId, widthMm, dropMm, controller.signal, options)
        .then((result) => setPrice({ key, result }))
        .catch(() => {
          // aborted: a newer size or option took over
        });
    }, PRICE_DEBOUNCE_MS);
    return () => {
      clearTimeout(timer);
      controller.abort();
    };
    // The key stands for product, size and options.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [key, ready]);
  return price?.key === key ? price.result : null;
}

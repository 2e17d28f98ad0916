// The price of one window's size: POST /api/pricing/quote once per product and size, while the
// preview step is open; a refused size keeps the server's message, a failed request can be retried.
import { useEffect } from 'react';
import { fetchWindowPrice, type PriceResult } from '../../lib/window-price';
import type { Prices } from './walkthrough-types';

export function useWindowPrice(
  active: boolean,
  productId: string,
  widthMm: number | null,
  dropMm: number | null,
  k: string | null,
  prices: Prices,
  onPrice: (key: string, result: PriceResult | null) => void,
): void {
  // POST /api/pricing/quote for this window's size, once per product and size.
  useEffect(() => {
    if (!active || !k || widthMm === null || dropMm === null || prices.has(k)) return;
    let cancelled = false;
    void fetchWindowPrice(productId, widthMm, dropMm).then((result) => !cancelled && onPrice(k, result));
    return () => {
      cancelled = true;
    };
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [active, k]);
}

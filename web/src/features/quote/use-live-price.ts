import { useEffect, useState } from 'react';
import { askAfterPause } from '../../lib/debounced-price';
import {
  livePriceFromAnswer,
  livePriceFromFailure,
  priceKey,
  PRICE_CHECK_DEBOUNCE_MS,
  type LivePrice,
  type PriceInput,
} from './calculator-model';
import { fetchPricing, type PricingOutcome } from './quote-api';

export type LivePriceState =
  { status: 'idle' } | { status: 'checking'; key: string } | { status: 'done'; key: string; outcome: PricingOutcome; price: LivePrice };

type Input = PriceInput | null;

/**
 * The live price check (spec section 5): only when product, width and drop are all set, after
 * the customer pauses typing, and a newer size aborts the request for the older one.
 */
export function useLivePrice(input: Input, retryCount: number): LivePriceState {
  const key = input ? priceKey(input) : null;
  const [state, setState] = useState<LivePriceState>({ status: 'idle' });

  useEffect(() => {
    if (!input || !key) {
      setState({ status: 'idle' });
      return;
    }
    setState({ status: 'checking', key });
    return askAfterPause(async (signal) => {
      const outcome = await fetchPricing(input, signal);
      const price =
        'answer' in outcome ? livePriceFromAnswer(outcome.answer, input.widthMm, input.dropMm) : livePriceFromFailure(outcome.failure);
      setState({ status: 'done', key, outcome, price });
    }, PRICE_CHECK_DEBOUNCE_MS);
    // The key stands for the input: a new object with the same size is not a new question.
  }, [key, retryCount]);

  // A state left from an older size never shows for the current one.
  if (!key) return { status: 'idle' };
  if (state.status === 'idle' || state.key !== key) return { status: 'checking', key };
  return state;
}

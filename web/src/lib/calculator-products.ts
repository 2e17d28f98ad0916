// The calculator's products (storefront spec section 3), read from the catalogue in D1 through
// GET /api/products/catalog: the products offered with a calculator id, in catalogue order, each
// with its label and whether it has a price list ('price on request' until staff upload one). A
// product staff add and price is offered here without a deploy; one they hide is not.
import { useEffect, useState } from 'react';
import type { CatalogOverview } from '@shared/catalogue-api';
import { CATALOGUE_SECTIONS } from '@shared/catalogue-types';
import { getJson } from './api-client';

export interface CalculatorProduct {
  /** The calculator id (storefront spec section 3), e.g. 'roller-blockout'. */
  value: string;
  label: string;
  /** False while the product has no price list: the team quotes it. */
  priced: boolean;
  /** Its prices are still the catalogue's sample prices (the live price then says so, and keeps room for it). */
  samplePrices?: boolean;
}

export function calculatorProductsOf(catalog: CatalogOverview): CalculatorProduct[] {
  return CATALOGUE_SECTIONS.flatMap((section) => catalog[section] ?? []).flatMap((item) =>
    item.calculator_id
      ? [{ value: item.calculator_id, label: item.name, priced: item.from_price !== null, samplePrices: item.sample_prices }]
      : [],
  );
}

export type CalculatorProductsState =
  | { status: 'loading'; products: readonly CalculatorProduct[] }
  | { status: 'ready'; products: readonly CalculatorProduct[] }
  | { status: 'error'; products: readonly CalculatorProduct[]; retry: () => void };

/** Read once per page visit (the list changes within a minute of a staff edit; a reload shows it). */
export function useCalculatorProducts(): CalculatorProductsState {
  const [attempt, setAttempt] = useState(0);
  const [state, setState] = useState<CalculatorProductsState>({ status: 'loading', products: [] });
  useEffect(() => {
    const controller = new AbortController();
    setState((s) => ({ status: 'loading', products: s.products }));
    getJson<CatalogOverview>('/api/products/catalog', { signal: controller.signal })
      .then((catalog) => setState({ status: 'ready', products: catalog ? calculatorProductsOf(catalog) : [] }))
      .catch(() => {
        if (controller.signal.aborted) return;
        setState((s) => ({ status: 'error', products: s.products, retry: () => setAttempt((n) => n + 1) }));
      });
    return () => controller.abort();
  }, [attempt]);
  return state;
}

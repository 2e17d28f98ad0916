// The types the walk-through's page, window steps and summary pass between them.
import type { PriceResult, WindowDraft } from './walkthrough-model';

/** Prices already fetched, by priceKey(product, width, drop). */
export type Prices = ReadonlyMap<string, PriceResult>;

/** A change may be computed from the window as it is now: taps quicker than a render must all count. */
export type WindowChange = Partial<WindowDraft> | ((current: WindowDraft) => Partial<WindowDraft>);

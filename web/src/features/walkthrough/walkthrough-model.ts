// The pure half of /room-walkthrough-rebuilt (storefront spec sections 2-5): the room's windows,
// step navigation, reading the pricing answer, the calculator's quote lines, the room total and the
// lead's session data. No DOM, no React: unit-tested in Node (tests/web/walkthrough.test.ts).
import { vatInside } from '@shared/money';
import { findProduct } from '../../scene/blind-geometry';
import type { PercentPoint } from '../../scene/corner-snap';

export const MIN_WINDOWS = 1;
export const MAX_WINDOWS = 8;
/** Width or drop above this is a custom size (spec sections 8 and 9). */
export const CUSTOM_SIZE_THRESHOLD_MM = 3000;

export const CORNER_NAMES = ['top-left', 'top-right', 'bottom-right', 'bottom-left'] as const;

export { CONTROL_SIDES, MOUNT_TYPES, type ControlSide, type MountType, type QuoteLine } from '../../lib/quote-storage';
import type { ControlSide, MountType, QuoteLine } from '../../lib/quote-storage';
import { leadSizeSourceOf, type LineSizeSource } from '@shared/size-sources';

/** One window of the room as the customer is filling it in. Sizes stay text until they are read. */
export interface WindowDraft {
  imageSrc: string;
  /** The photo's natural size, known once it has loaded. */
  imageSize: { width: number; height: number } | null;
  corners: PercentPoint[];
  productId: string;
  /** The colour's name (the colour option's value). */
  colour: string | null;
  widthText: string;
  dropText: string;
  mountType: MountType;
  controlSide: ControlSide;
  /** 'walkthrough-estimate' while the size is the measuring tool's prefill (the same for every window); 'typed' once the customer types one. */
  sizeSource?: LineSizeSource;
}

export function newWindow(imageSrc: string, productId: string, size?: { width_mm: number; drop_mm: number } | null): WindowDraft {
  return {
    imageSrc,
    imageSize: null,
    corners: [],
    productId,
    colour: null,
    widthText: size ? String(size.width_mm) : '',
    dropText: size ? String(size.drop_mm) : '',
    mountType: 'inside-recess',
    controlSide: 'right',
    sizeSource: size ? 'walkthrough-estimate' : 'typed',
  };
}

/** The customer typed this window's width or drop: its size is theirs now. */
export function typedSize(change: { widthText?: string; dropText?: string }): Partial<WindowDraft> {
  return { ...change, sizeSource: 'typed' };
}

/** The window count of step 1 (1-8), or null when it is not one. */
export function parseWindowCount(text: string): number | null {
  const n = Number(text);
  return text.trim() !== '' && Number.isInteger(n) && n >= MIN_WINDOWS && n <= MAX_WINDOWS ? n : null;
}

/** Keeps the windows already filled in and adds fresh ones (or drops the last) to reach `count`. */
export function resizeWindows(windows: readonly WindowDraft[], count: number, makeWindow: () => WindowDraft): WindowDraft[] {
  const next = windows.slice(0, count);
  while (next.length < count) next.push(makeWindow());
  return next;
}

/** A millimetre size typed by the customer: a whole positive number (the server judges the range). */
export function parseMm(text: string): number | null {
  if (text.trim() === '') return null;
  const n = Number(text);
  return Number.isFinite(n) && n > 0 && n <= 100_000 ? Math.round(n) : null;
}

export { parseAutoMeasurements } from '../../lib/quote-storage';

// --- Steps ---------------------------------------------------------------------------------------

/** Each window is walked in three stages: photo and corners, the blind, then preview and price. */
export const WINDOW_STAGES = ['photo', 'blind', 'preview'] as const;
export type WindowStage = (typeof WINDOW_STAGES)[number];
export const WINDOW_STAGE_LABELS: Record<WindowStage, string> = {
  photo: 'Photo and corners',
  blind: 'Blind, colour and size',
  preview: 'Preview and price',
};

export type Step = { kind: 'room' } | { kind: 'window'; index: number; stage: WindowStage } | { kind: 'summary' };

export function nextStep(step: Step, windowCount: number): Step {
  if (step.kind === 'room') return { kind: 'window', index: 0, stage: 'photo' };
  if (step.kind === 'summary') return step;
  const at = WINDOW_STAGES.indexOf(step.stage);
  if (at < WINDOW_STAGES.length - 1) return { kind: 'window', index: step.index, stage: WINDOW_STAGES[at + 1]! };
  if (step.index < windowCount - 1) return { kind: 'window', index: step.index + 1, stage: 'photo' };
  return { kind: 'summary' };
}

export function previousStep(step: Step, windowCount: number): Step {
  if (step.kind === 'room') return step;
  if (step.kind === 'summary') return windowCount > 0 ? { kind: 'window', index: windowCount - 1, stage: 'preview' } : { kind: 'room' };
  const at = WINDOW_STAGES.indexOf(step.stage);
  if (at > 0) return { kind: 'window', index: step.index, stage: WINDOW_STAGES[at - 1]! };
  if (step.index > 0) return { kind: 'window', index: step.index - 1, stage: 'preview' };
  return { kind: 'room' };
}

/** A stable key for a step, to move focus to its heading when it changes. */
export function stepKey(step: Step): string {
  return step.kind === 'window' ? `window-${step.index}-${step.stage}` : step.kind;
}

// --- Pricing: one window's price (web/src/lib/window-price.ts, shared with the AR visualiser) ----

export {
  PRICING_NETWORK_FAILURE,
  priceKey,
  pricingRequest,
  readPricingResponse,
  type PriceResult,
  type PricingQuoteResponse,
} from '../../lib/window-price';
import { priceKey, type PriceResult } from '../../lib/window-price';

// --- Lines, totals and the lead ------------------------------------------------------------------

/** A quote line of the calculator (spec section 3, 'Blind form and quote line'). */

/** A window that is complete: sized, coloured and priced. */
export interface PricedWindow {
  productId: string;
  colour: string;
  widthMm: number;
  dropMm: number;
  mountType: MountType;
  controlSide: ControlSide;
  price: number;
  samplePrices: boolean;
  sizeSource: LineSizeSource;
}

/** The window with its price, or null while something is missing or it has no price. */
export function pricedWindow(w: WindowDraft, prices: ReadonlyMap<string, PriceResult>): PricedWindow | null {
  const widthMm = parseMm(w.widthText);
  const dropMm = parseMm(w.dropText);
  if (widthMm === null || dropMm === null || !w.colour) return null;
  const result = prices.get(priceKey(w.productId, widthMm, dropMm));
  if (!result || result.status !== 'ok') return null;
  return {
    productId: w.productId,
    colour: w.colour,
    widthMm,
    dropMm,
    mountType: w.mountType,
    controlSide: w.controlSide,
    price: result.price,
    samplePrices: result.samplePrices,
    sizeSource: w.sizeSource ?? 'typed',
  };
}

export function toQuoteLine(w: PricedWindow, id: string): QuoteLine {
  const quantity = 1;
  return {
    id,
    product_type: w.productId,
    product_name: findProduct(w.productId).label,
    width_mm: w.widthMm,
    drop_mm: w.dropMm,
    control_side: w.controlSide,
    mount_type: w.mountType,
    colour: w.colour,
    quantity,
    price: w.price,
    total_price: toCents(w.price * quantity) / 100,
    size_source: w.sizeSource,
  };
}

export function buildQuoteLines(windows: readonly PricedWindow[], makeId: () => string): QuoteLine[] {
  return windows.map((w) => toQuoteLine(w, makeId()));
}

/** The stored calculator lines (any that are there) followed by the room's. */
export function appendQuoteLines(storedJson: string | null, lines: readonly QuoteLine[]): unknown[] {
  let existing: unknown[] = [];
  if (storedJson) {
    try {
      const parsed: unknown = JSON.parse(storedJson);
      if (Array.isArray(parsed)) existing = parsed;
    } catch {
      existing = [];
    }
  }
  return [...existing, ...lines];
}

function toCents(rand: number): number {
  return Math.round(rand * 100);
}

export interface RoomTotals {
  /** The sum of the lines, VAT included, in rand. */
  total: number;
  /** The VAT inside that total (15/115 of it), in rand. */
  vat: number;
  /** The total without VAT, in rand. */
  exVat: number;
}

export function roomTotals(lines: readonly Pick<QuoteLine, 'total_price'>[]): RoomTotals {
  const totalCents = lines.reduce((sum, l) => sum + toCents(l.total_price), 0);
  const vatCents = vatInside(totalCents);
  return { total: totalCents / 100, vat: vatCents / 100, exVat: (totalCents - vatCents) / 100 };
}

/** The lead's sessionData: the first window's blind, colour and mount, and every window's size. */
export function leadSessionData(windows: readonly PricedWindow[]) {
  const first = windows[0];
  return {
    blindType: first?.productId,
    colour: first?.colour,
    openingType: 'room walk-through',
    mountType: first?.mountType,
    dimensions: windows.map((w) => ({ width_mm: w.widthMm, drop_mm: w.dropMm, sizeSource: leadSizeSourceOf(w.sizeSource) })),
  };
}

export function leadProductInterest(room: string): string {
  return `Room walk-through: ${room.trim()}`;
}

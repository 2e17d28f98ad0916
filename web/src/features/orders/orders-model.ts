// The pure rules of the order pages (storefront spec sections 2, 3, 5, 8, 9; staff spec 2.1 and 3
// 'Quote'), shared here: formatting and the priced line; each page's own rules are in receipt-model.ts,
// payment-model.ts, stored-quote-model.ts and quote-document-model.ts. No React, no fetch: the pages
// call these and the web unit tests pin them.
import type { PricedLineDto } from '@shared/orders-api';
import type { FitGuarantee } from '@shared/fit-guarantee';
import type { StoredSizeSource } from '@shared/size-sources';
import { vatInside } from '@shared/money';
import { formatLongDate } from '@shared/sa-time';
import { CONTROL_SIDES, MOUNT_TYPES } from '../../lib/quote-storage';
import type { LineOptionDto } from '@shared/product-options';

// --- Formatting -----------------------------------------------------------------------------------

const twoDecimals = new Intl.NumberFormat('en-ZA', { minimumFractionDigits: 2, maximumFractionDigits: 2 });

/** 1200 -> '1,20 m' (staff spec 2.1: metres to 2 decimals, en-ZA). */
export function formatMetres(mm: number): string {
  return `${twoDecimals.format(mm / 1000)} m`;
}

/** Square metres of an opening (staff spec section 9: width x height / 1,000,000). */
export function areaSqm(widthMm: number, heightMm: number): number {
  return (widthMm * heightMm) / 1_000_000;
}

/** 1.8 -> '1,80 m²'. */
export function formatArea(sqm: number): string {
  return `${twoDecimals.format(sqm)} m²`;
}

/** '22 November 2026'; the text as given when it is not a date. */
export { formatLongDate };

export function controlLabel(side: string): string {
  return CONTROL_SIDES.find((c) => c.value === side)?.label ?? side;
}

export function mountLabel(mount: string): string {
  return MOUNT_TYPES.find((m) => m.value === mount)?.label ?? mount;
}

/** The VAT inside a VAT-inclusive total (15/115 of it), to the cent. */
export function vatShare(totalRand: number): number {
  return vatInside(Math.round(totalRand * 100)) / 100;
}

/** A name for the order or quote as a whole (the payment's product_name, a lead's interest). */
export function productSummary(names: readonly string[]): string {
  const unique = [...new Set(names.map((n) => n.trim()).filter(Boolean))];
  if (unique.length === 0) return 'Made-to-measure blinds';
  const joined = unique.join(', ');
  return joined.length <= 200 ? joined : `${joined.slice(0, 197)}...`;
}

// --- A priced line ------------------------------------------------------------------------------------

/** A blind line as the receipt and the stored quote show it. */
export interface PricedLine {
  product_name: string;
  width_mm: number;
  drop_mm: number;
  colour: string;
  control_side: string;
  mount_type: string;
  quantity: number;
  /** Unit price in rand, VAT included. */
  price: number;
  total_price: number;
  /** Where the size came from: an estimate is shown with its 'Estimate' badge. */
  size_source?: StoredSizeSource | null;
  /** The fit guarantee as the server computed it, and how the size was first measured (FitGuaranteeNote). */
  fit_guarantee?: FitGuarantee | null;
  measured_size_source?: StoredSizeSource | null;
  /** A calculator line's photo scan: with an eligible source it will be covered once confirmed. */
  photo_key?: string;
  /** A shutter's or awning's options (louvre, frame, panels, motor). */
  options?: LineOptionDto[];
}

/** The shown fields of a line the server priced. */
export function pricedLine(l: PricedLineDto): PricedLine {
  return {
    product_name: l.product_name,
    width_mm: l.width_mm,
    drop_mm: l.drop_mm,
    colour: l.colour,
    control_side: l.control_side,
    mount_type: l.mount_type,
    quantity: l.quantity,
    price: l.price,
    total_price: l.total_price,
    size_source: l.size_source ?? null,
    fit_guarantee: l.fit_guarantee ?? null,
    measured_size_source: l.measured_size_source ?? null,
    ...(l.options?.length ? { options: l.options } : {}),
  };
}

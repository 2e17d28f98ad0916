// The quote lines and the completed order as the browser keeps them (storefront spec sections 3
// and 7: 'quote-blinds', 'completed-order'). Shared by the calculator, the quote document, the
// walk-through and the confirmation page. What is stored is only a convenience: the server
// re-prices every line of an order or quote.
import { vatInside } from '@shared/money';
import type { OrderDto, PaymentStatus } from '@shared/orders-api';
import { photoKeyOrNone } from '@shared/photo-keys';
import { isEstimatedSize, LINE_SIZE_SOURCES, type LineSizeSource } from '@shared/size-sources';
import type { LineOptionDto } from '@shared/product-options';
import { STORAGE_KEYS } from './storage-keys';

export type MountType = 'inside-recess' | 'outside-facefix';
export type ControlSide = 'left' | 'right';

export const MOUNT_TYPES: readonly { value: MountType; label: string }[] = [
  { value: 'inside-recess', label: 'Inside the recess' },
  { value: 'outside-facefix', label: 'Outside (face fix)' },
];
export const CONTROL_SIDES: readonly { value: ControlSide; label: string }[] = [
  { value: 'left', label: 'Left' },
  { value: 'right', label: 'Right' },
];

/** A quote line (spec section 3 'Blind form and quote line'); prices in rand, VAT included. */
export interface QuoteLine {
  id: string;
  product_type: string;
  product_name: string;
  width_mm: number;
  drop_mm: number;
  control_side: ControlSide;
  mount_type: MountType;
  colour: string;
  quantity: number;
  /** Unit price in rand, VAT included. */
  price: number;
  total_price: number;
  /** Where the size came from (worker/shared/size-sources.ts); an estimate stays one until the customer types a size. */
  size_source?: LineSizeSource;
  /** The photo scan of this window (POST /api/ar/analyze-window's photo_key), sent with the order for staff. */
  photo_key?: string;
  /** A shutter's or awning's options as the server priced them (sent back as their codes). */
  options?: LineOptionDto[];
}

/** The completed order kept locally (spec section 3). */
export interface CompletedOrder {
  orderReference: string;
  customerName: string;
  customerEmail: string;
  customerPhone: string;
  customerAddress: string;
  specialInstructions: string;
  blinds: QuoteLine[];
  totalAmount: number;
  orderDate: string;
  paymentStatus: PaymentStatus;
}

function isQuoteLine(value: unknown): value is QuoteLine {
  if (!value || typeof value !== 'object') return false;
  const v = value as Record<string, unknown>;
  return (
    typeof v.id === 'string' &&
    typeof v.product_type === 'string' &&
    typeof v.product_name === 'string' &&
    typeof v.width_mm === 'number' &&
    typeof v.drop_mm === 'number' &&
    typeof v.colour === 'string' &&
    typeof v.quantity === 'number' &&
    typeof v.price === 'number' &&
    typeof v.total_price === 'number'
  );
}

/** A known size source is kept; a line stored with the earlier `size_estimated: true` is a scan estimate. */
function withSizeSource(line: QuoteLine): QuoteLine {
  const stored = line as QuoteLine & { size_estimated?: unknown };
  const { size_estimated: legacy, ...rest } = stored;
  const source = LINE_SIZE_SOURCES.find((s) => s === stored.size_source) ?? (legacy === true ? 'scan-estimate' : undefined);
  const copy: QuoteLine = { ...rest };
  delete copy.size_source;
  delete copy.photo_key;
  const photoKey = photoKeyOrNone(stored.photo_key);
  return { ...copy, ...(source ? { size_source: source } : {}), ...(photoKey ? { photo_key: photoKey } : {}) };
}

/** The stored lines; anything unreadable is dropped rather than breaking the page. */
export function parseQuoteBlinds(json: string | null): QuoteLine[] {
  if (!json) return [];
  try {
    const parsed: unknown = JSON.parse(json);
    return Array.isArray(parsed) ? parsed.filter(isQuoteLine).map(withSizeSource) : [];
  } catch {
    return [];
  }
}

export function readQuoteBlinds(storage: Storage = localStorage): QuoteLine[] {
  return parseQuoteBlinds(storage.getItem(STORAGE_KEYS.quoteBlinds));
}

export function writeQuoteBlinds(lines: readonly QuoteLine[], storage: Storage = localStorage): void {
  storage.setItem(STORAGE_KEYS.quoteBlinds, JSON.stringify(lines));
}

export function readCompletedOrder(storage: Storage = localStorage): CompletedOrder | null {
  const json = storage.getItem(STORAGE_KEYS.completedOrder);
  if (!json) return null;
  try {
    const parsed = JSON.parse(json) as CompletedOrder;
    return typeof parsed?.orderReference === 'string' ? parsed : null;
  } catch {
    return null;
  }
}

export function writeCompletedOrder(order: CompletedOrder, storage: Storage = localStorage): void {
  storage.setItem(STORAGE_KEYS.completedOrder, JSON.stringify(order));
}

/** The server's order as the locally kept completed order. */
export function completedOrderFromDto(order: OrderDto): CompletedOrder {
  return {
    orderReference: order.reference,
    customerName: order.customer_name,
    customerEmail: order.customer_email,
    customerPhone: order.customer_phone ?? '',
    customerAddress: order.customer_address ?? '',
    specialInstructions: order.special_instructions ?? '',
    blinds: order.blinds.map((l) => ({
      id: `${order.reference}-${l.line_no}`,
      product_type: l.product_type,
      product_name: l.product_name,
      width_mm: l.width_mm,
      drop_mm: l.drop_mm,
      control_side: l.control_side,
      mount_type: l.mount_type,
      colour: l.colour,
      quantity: l.quantity,
      price: l.price,
      total_price: l.total_price,
      ...(l.options?.length ? { options: l.options } : {}),
      // A size staff confirmed was measured: the customer's copy keeps it as a measured one.
      ...(l.size_source ? { size_source: l.size_source === 'staff-confirmed' ? 'typed' : l.size_source } : {}),
    })),
    totalAmount: order.total_amount,
    orderDate: order.order_date,
    paymentStatus: order.paymentStatus,
  };
}

export interface QuoteTotals {
  /** The sum of the lines, VAT included, in rand. */
  total: number;
  /** The VAT inside that total (15/115 of it), in rand. */
  vat: number;
  /** The total without VAT, in rand. */
  exVat: number;
  quantity: number;
}

export function quoteTotals(lines: readonly Pick<QuoteLine, 'total_price' | 'quantity'>[]): QuoteTotals {
  const totalCents = lines.reduce((sum, l) => sum + Math.round(l.total_price * 100), 0);
  const vatCents = vatInside(totalCents);
  return {
    total: totalCents / 100,
    vat: vatCents / 100,
    exVat: (totalCents - vatCents) / 100,
    quantity: lines.reduce((n, l) => n + l.quantity, 0),
  };
}

/** Quote number (spec section 9): 'CB-' + the last 6 digits of a timestamp. */
export function quoteNumber(now = Date.now()): string {
  return `CB-${String(now).slice(-6)}`;
}

/**
 * A size handed over by the measuring tools, with where it came from (`size_source`): `estimated`
 * when it is not a measurement (quick scan without the A4 sheet, the polygon tool's assumed width).
 */
export interface HandedOverSize {
  width_mm: number;
  drop_mm: number;
  estimated?: true;
  size_source?: LineSizeSource;
  /** What the tool measured: the quick scan measures the window's outer frame, not the recess. */
  measured?: 'outer-frame';
  /** The quick scan's photo of the window (photo-key.ts), for the line and the order. */
  photo_key?: string;
}

/** `{width_mm, drop_mm[, estimated][, size_source]}` handed over by the measuring tools (auto-measurements), when it is a usable pair. */
export function parseAutoMeasurements(json: string | null): HandedOverSize | null {
  if (!json) return null;
  try {
    const value = JSON.parse(json) as {
      width_mm?: unknown;
      drop_mm?: unknown;
      estimated?: unknown;
      size_source?: unknown;
      measured?: unknown;
      photo_key?: unknown;
    } | null;
    const width = Number(value?.width_mm);
    const drop = Number(value?.drop_mm);
    if (Number.isFinite(width) && width > 0 && Number.isFinite(drop) && drop > 0) {
      const source = LINE_SIZE_SOURCES.find((s) => s === value?.size_source) ?? (value?.estimated === true ? 'scan-estimate' : undefined);
      const estimated = value?.estimated === true || isEstimatedSize(source);
      const photoKey = photoKeyOrNone(value?.photo_key);
      return {
        width_mm: Math.round(width),
        drop_mm: Math.round(drop),
        ...(estimated ? { estimated: true as const } : {}),
        ...(source ? { size_source: source } : {}),
        ...(value?.measured === 'outer-frame' ? { measured: 'outer-frame' as const } : {}),
        ...(photoKey ? { photo_key: photoKey } : {}),
      };
    }
  } catch {
    // unreadable: no prefill
  }
  return null;
}

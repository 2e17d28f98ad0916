// The pure parts of the staff orders screens (staff spec 2.6, DESIGN.md 7b): the list's filters and
// the URL query they live in (so the dashboard's alert links open the filtered list), the labels,
// the new-order form and the request it becomes, and the prefill from a lead.
import {
  ADMIN_PAYMENT_FILTERS,
  ORDER_ALERTS,
  staffOrderCreateSchema,
  type AdminOrderDetail,
  type AdminOrderLine,
  type AdminOrderResponse,
  type OrderAlert,
  type StaffOrderCreateRequest,
} from '@shared/admin-orders-api';
import {
  FULFILMENT_STATUSES,
  ORDER_KINDS,
  ORDER_SOURCES,
  STAFF_ORDER_SOURCES,
  STAFF_PAYMENT_METHODS,
  type FulfilmentMethod,
  type FulfilmentStatus,
  type OrderKind,
  type OrderSource,
  type StaffOrderSource,
  type StaffPaymentMethod,
} from '@shared/fulfilment';
import { leadSizes, type LeadDto } from '@shared/leads-api';
import { CONTROL_SIDES, MOUNT_TYPES } from '@shared/orders-api';
import { ApiError } from '../../../lib/api-client';
import { formatMillimetres, formatRandFromCents } from '../../../lib/format';

export type AdminPaymentFilter = (typeof ADMIN_PAYMENT_FILTERS)[number];

/** The list's filters, exactly the query of GET /api/admin/orders (less the cursor) and of /admin/orders. */
export interface OrderFilters {
  q: string;
  status: FulfilmentStatus | '';
  payment: AdminPaymentFilter | '';
  source: OrderSource | '';
  alert: OrderAlert | '';
  /** 'samples': free sample orders only; 'order': orders of blinds only. */
  kind: OrderKind | '';
  from: string;
  to: string;
}

export const NO_FILTERS: OrderFilters = { q: '', status: '', payment: '', source: '', alert: '', kind: '', from: '', to: '' };
const FILTER_KEYS = Object.keys(NO_FILTERS) as (keyof OrderFilters)[];
const ISO_DAY = /^\d{4}-\d{2}-\d{2}$/;

function oneOf<T extends string>(values: readonly T[], value: string | null): T | '' {
  return value !== null && (values as readonly string[]).includes(value) ? (value as T) : '';
}

/**
 * The filters a URL query names. A value the API would refuse (an unknown status, a malformed date)
 * is dropped rather than sent, so an old or hand-edited link still opens a list.
 */
export function filtersFromSearch(search: URLSearchParams): OrderFilters {
  const day = (v: string | null) => (v !== null && ISO_DAY.test(v) ? v : '');
  return {
    q: (search.get('q') ?? '').trim().slice(0, 120),
    status: oneOf(FULFILMENT_STATUSES, search.get('status')),
    payment: oneOf(ADMIN_PAYMENT_FILTERS, search.get('payment')),
    source: oneOf(ORDER_SOURCES, search.get('source')),
    alert: oneOf(ORDER_ALERTS, search.get('alert')),
    kind: oneOf(ORDER_KINDS, search.get('kind')),
    from: day(search.get('from')),
    to: day(search.get('to')),
  };
}

/** The URL query of some filters: only the ones set, in a fixed order (q, status, payment, source, alert, kind, from, to). */
export function filtersToSearch(filters: OrderFilters): URLSearchParams {
  const search = new URLSearchParams();
  for (const key of FILTER_KEYS) {
    const value = filters[key].trim();
    if (value) search.set(key, value);
  }
  return search;
}

/** GET /api/admin/orders with these filters, and the cursor of the page after the last one shown. */
export function ordersListPath(filters: OrderFilters, cursor?: string | null): string {
  const search = filtersToSearch(filters);
  if (cursor) search.set('cursor', cursor);
  const query = search.toString();
  return query ? `/api/admin/orders?${query}` : '/api/admin/orders';
}

export function hasFilters(filters: OrderFilters): boolean {
  return FILTER_KEYS.some((key) => filters[key].trim() !== '');
}

/** Payment states as staff read them; 'part_paid' comes with staff-recorded part payments. */
export const PAYMENT_STATUS_LABELS: Record<AdminPaymentFilter, string> = {
  pending: 'Pending',
  paid: 'Paid',
  part_paid: 'Part paid',
  failed: 'Failed',
  cancelled: 'Cancelled',
  refunded: 'Refunded',
  not_required: 'No payment needed',
  // Not a stored status: unpaid orders expected to be paid by bank transfer (the server's one definition).
  awaiting_transfer: 'Awaiting transfer',
};

/** A payment state's label; one this screen does not know yet is shown as the server wrote it. */
export function paymentStatusLabel(status: string): string {
  return (PAYMENT_STATUS_LABELS as Record<string, string>)[status] ?? status;
}

export const FULFILMENT_METHOD_LABELS: Record<FulfilmentMethod, string> = {
  courier: 'Courier',
  installation: 'Installation by our team',
};

export const CONTROL_SIDE_LABELS: Record<(typeof CONTROL_SIDES)[number], string> = { left: 'Left', right: 'Right' };
export const MOUNT_TYPE_LABELS: Record<(typeof MOUNT_TYPES)[number], string> = {
  'inside-recess': 'Inside recess',
  'outside-facefix': 'Outside (face fix)',
};

const dateTime = new Intl.DateTimeFormat('en-ZA', { dateStyle: 'medium', timeStyle: 'short', timeZone: 'Africa/Johannesburg' });
const dateOnly = new Intl.DateTimeFormat('en-ZA', { dateStyle: 'medium', timeZone: 'Africa/Johannesburg' });

/** An ISO time in SAST ('26 Nov 2026, 09:14'); text that is not a time is shown as it is. */
export function formatOrderTime(iso: string | null | undefined, withTime = true): string {
  if (!iso) return '';
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? iso : (withTime ? dateTime : dateOnly).format(date);
}

/** What a failed request says to staff: the server's message and its field issues (path -> message). */
export interface Problem {
  message: string;
  issues: Record<string, string>;
}

/**
 * The one error shape of the API ({ success: false, error, message, issues? }) as a Problem; a
 * network failure or an answer without a message gets the fallback.
 */
export function problemOf(err: unknown, fallback: string): Problem {
  if (!(err instanceof ApiError)) return { message: fallback, issues: {} };
  if (err.status === 401) return { message: 'Your staff session has ended. Sign in again with the PIN.', issues: {} };
  const issues: Record<string, string> = {};
  try {
    const body = JSON.parse(err.body) as { issues?: unknown };
    if (Array.isArray(body.issues)) {
      for (const issue of body.issues as { path?: unknown; message?: unknown }[]) {
        if (typeof issue.path === 'string' && typeof issue.message === 'string' && !(issue.path in issues))
          issues[issue.path] = issue.message;
      }
    }
  } catch {
    // Not JSON: the status line is all there is.
  }
  return { message: err.serverMessage ?? fallback, issues };
}

/** The audit log's actions on an order and its tracking, as staff read them in the order's audit trail. */
export const AUDIT_ACTION_LABELS: Record<string, string> = {
  'order.create': 'Order recorded',
  'order.view': 'Order viewed',
  'order.status': 'Status changed',
  'order.line-size': 'Size confirmed or corrected',
  'order.remake': 'Remake recorded',
  'tracking.create': 'Tracking created',
  'tracking.update': 'Tracking updated',
  'tracking.correct': 'Tracking corrected',
  'tracking.delete': 'Tracking deleted',
};

/** An audit action's label; one this screen does not know is shown as the server wrote it. */
export function auditActionLabel(action: string): string {
  return AUDIT_ACTION_LABELS[action] ?? action;
}

/** A move into production of an order that is not paid needs the reason in the note (refusedMove). */
export function moveNeedsNote(order: { paymentStatus: string }, to: FulfilmentStatus): boolean {
  return to === 'in_production' && order.paymentStatus !== 'paid' && order.paymentStatus !== 'not_required';
}

/** A courier order is dispatched with its courier and tracking number (the dispatch form), not a plain move. */
export function dispatchByForm(order: Pick<AdminOrderDetail, 'fulfilmentMethod' | 'nextMoves'>): boolean {
  return order.fulfilmentMethod === 'courier' && order.nextMoves.includes('dispatched');
}

/** The moves offered as plain buttons: every allowed move but a courier dispatch (the form does that). */
export function plainMoves(order: Pick<AdminOrderDetail, 'fulfilmentMethod' | 'nextMoves'>): FulfilmentStatus[] {
  return order.nextMoves.filter((to) => !(to === 'dispatched' && order.fulfilmentMethod === 'courier'));
}

/** How an action hands the server's answer to the order screen (which re-renders from it and announces it). */
export type OnOrderAnswer = (answer: AdminOrderResponse, fallback: string, change?: string) => void;

/**
 * What an action's answer tells staff: what changed (when the screen can say it better, e.g. a
 * line's new size and price), the server's message, and whether the customer was e-mailed.
 */
export function resultText(answer: AdminOrderResponse, fallback: string, change?: string): string {
  const said = answer.message?.trim() || fallback;
  const parts = [change, said === change ? '' : said];
  if (answer.customerNotified !== undefined)
    parts.push(answer.customerNotified ? 'The customer was e-mailed.' : 'The customer was not e-mailed.');
  return parts.filter(Boolean).join(' ');
}

/** 'Line 2: 1 200 mm x 1 500 mm, R 1 624,00 (was 1 100 mm x 1 500 mm, R 1 480,00). Order total R 3 248,00.' */
export function sizeChangeSummary(before: AdminOrderLine, after: AdminOrderLine, totalCents: number): string {
  const size = (l: AdminOrderLine) => `${formatMillimetres(l.width_mm)} x ${formatMillimetres(l.drop_mm)}`;
  const same = before.width_mm === after.width_mm && before.drop_mm === after.drop_mm && before.total_cents === after.total_cents;
  const was = same ? '' : ` (was ${size(before)}, ${formatRandFromCents(before.total_cents)})`;
  return `Line ${after.line_no}: ${size(after)}, ${formatRandFromCents(after.total_cents)}${was}. Order total ${formatRandFromCents(totalCents)}.`;
}

/**
 * The size form's button: 'Save corrected size' once the typed size differs from the line's (or the
 * line was not an estimate), else 'Confirm size', so staff who change a size are not told they confirm it.
 */
export function sizeFormSubmitLabel(line: Pick<AdminOrderLine, 'width_mm' | 'drop_mm' | 'size_estimated'>, width: string, drop: string) {
  const same = Number(width.trim()) === line.width_mm && Number(drop.trim()) === line.drop_mm;
  return line.size_estimated && same ? 'Confirm size' : 'Save corrected size';
}

// The new-order form (/admin/orders/new): text as typed; orderRequestFromForm makes the request.

export interface LineForm {
  productType: string;
  colour: string;
  widthMm: string;
  dropMm: string;
  quantity: string;
  controlSide: (typeof CONTROL_SIDES)[number];
  mountType: (typeof MOUNT_TYPES)[number];
  /** 'Price by hand': a unit price in rand incl. VAT and why. */
  manualPrice: boolean;
  price: string;
  priceReason: string;
  /** Measured by staff on a site visit rather than given by the customer. */
  measuredByStaff: boolean;
}

export interface OrderForm {
  source: StaffOrderSource;
  name: string;
  phone: string;
  email: string;
  address: string;
  lines: LineForm[];
  fulfilmentMethod: FulfilmentMethod;
  paymentMethod: StaffPaymentMethod;
  paid: boolean;
  notes: string;
  leadId: string;
}

export function emptyLine(productType = '', colour = ''): LineForm {
  return {
    productType,
    colour,
    widthMm: '',
    dropMm: '',
    quantity: '1',
    controlSide: 'left',
    mountType: 'inside-recess',
    manualPrice: false,
    price: '',
    priceReason: '',
    measuredByStaff: false,
  };
}

export function emptyOrderForm(): OrderForm {
  return {
    source: STAFF_ORDER_SOURCES[0],
    name: '',
    phone: '',
    email: '',
    address: '',
    lines: [emptyLine()],
    fulfilmentMethod: 'courier',
    paymentMethod: STAFF_PAYMENT_METHODS[0],
    paid: false,
    notes: '',
    leadId: '',
  };
}

/** Typed text as a number for the schema to check; blank stays blank so 'is required' reads right. */
const numberText = (v: string) => v.trim().replace(',', '.');

/** The request POST /api/admin/orders takes for a form (the server prices every line). */
export function orderRequestFromForm(form: OrderForm): StaffOrderCreateRequest {
  const text = (v: string) => (v.trim() ? v.trim() : null);
  return {
    source: form.source,
    customer: { name: form.name.trim(), phone: form.phone.trim(), email: text(form.email), address: text(form.address) },
    lines: form.lines.map((line) => ({
      product_type: line.productType,
      colour: line.colour,
      width_mm: numberText(line.widthMm),
      drop_mm: numberText(line.dropMm),
      quantity: numberText(line.quantity) || 1,
      control_side: line.controlSide,
      mount_type: line.mountType,
      sizeSource: line.measuredByStaff ? 'staff-confirmed' : 'typed',
      ...(line.manualPrice ? { manualPrice: numberText(line.price), manualPriceReason: text(line.priceReason) } : {}),
    })),
    fulfilmentMethod: form.fulfilmentMethod,
    paymentMethod: form.paymentMethod,
    paid: form.paid,
    notes: text(form.notes),
    ...(form.leadId ? { leadId: form.leadId } : {}),
  };
}

/**
 * The same checks the server makes (staffOrderCreateSchema), before sending: each problem under its
 * field, by the path the server's issues use ('customer.phone', 'lines.0.width_mm'); with none, the
 * request as the schema reads it (numbers as numbers), which is what is sent.
 */
export function checkOrderRequest(request: StaffOrderCreateRequest): {
  issues: Record<string, string>;
  body: StaffOrderCreateRequest | null;
} {
  const parsed = staffOrderCreateSchema.safeParse(request);
  if (parsed.success) return { issues: {}, body: parsed.data };
  const issues: Record<string, string> = {};
  for (const issue of parsed.error.issues) {
    const path = issue.path.map(String).join('.');
    if (!(path in issues)) issues[path] = issue.message;
  }
  // A blank number reaches the schema as '' and is coerced to 0 ('must be more than 0 mm'): say what is missing.
  request.lines.forEach((line, i) => {
    for (const key of ['width_mm', 'drop_mm', 'manualPrice'] as const) {
      const path = `lines.${i}.${key}`;
      if (line[key] === '' && path in issues) issues[path] = 'is required';
    }
  });
  return { issues, body: null };
}

/**
 * The form filled from a lead (/admin/orders/new?lead=id): its name, phone (or WhatsApp number),
 * e-mail, and one line per size it sent (sessionData.dimensions), each size still to be checked.
 */
export function prefillFromLead(form: OrderForm, lead: LeadDto): OrderForm {
  const sizes = leadSizes(lead.sessionData);
  const template = form.lines[0] ?? emptyLine();
  return {
    ...form,
    leadId: lead.id,
    name: lead.name,
    phone: lead.phone ?? lead.whatsapp ?? '',
    email: lead.email ?? '',
    lines:
      sizes.length > 0
        ? sizes.map((size) => ({
            ...emptyLine(template.productType, template.colour),
            widthMm: String(size.widthMm),
            dropMm: size.dropMm ? String(size.dropMm) : '',
          }))
        : form.lines,
  };
}

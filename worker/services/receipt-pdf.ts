// The order receipt as a PDF (storefront spec section 2 '/order-confirmation', 'Download PDF'),
// made from the server's order only. Two steps: a pure layout (pages of positioned text, rules and
// boxes, measured with the real font metrics) and a renderer that draws them with pdf-lib.
import { TEST_PAYMENT_NOTE, type OrderDto, type PricedLineDto } from '../shared/orders-api';
import { fitGuaranteeNotes } from '../shared/fit-guarantee';
import { describeOptions } from '../shared/product-options';
import { hasSamplePrices, SAMPLE_PRICES_TEXT } from '../shared/sample-prices';
import { formatRandFromCents } from '../shared/money';
import { formatLongDate } from '../shared/sa-time';
import type { DeliveryEstimate } from '../shared/delivery-dates';
import { DATES_HEADING, printedDates, productionStep } from './receipt-dates';
import {
  addFooters,
  BODY,
  CONTENT_WIDTH,
  drawPdf,
  FOOTER_SPACE,
  LINE,
  MARGIN,
  PAGE_HEIGHT,
  PAGE_WIDTH,
  SMALL,
  wrapText,
  type Colour,
  type DrawItem,
  type ReceiptPage,
  type TextMetrics,
} from './pdf-pages';

/** Who the receipt is from (the business configuration the site shows publicly). */
export interface ReceiptBusiness {
  name: string;
  phones: { label: string; number: string }[];
  whatsapp: string;
  email: string;
  website: string;
  /** The storefront's /fit-guarantee page, named under covered lines; null when the site's address is unknown. */
  fitGuaranteeUrl?: string | null;
}

const CONTROL_LABELS: Record<string, string> = { left: 'Left control', right: 'Right control' };
const MOUNT_LABELS: Record<string, string> = { 'inside-recess': 'Inside recess', 'outside-facefix': 'Outside (face fix)' };

/** What happens after an order (spec section 9). */
export const NEXT_STEPS = [
  'Order processing takes 1-2 business days: we check your measurements and confirm the details with you.',
  productionStep(null),
  'Delivery is by courier within our service area; you receive a tracking number when it leaves us.',
  'We will contact you by e-mail or phone if anything needs your attention.',
];

interface Column {
  header: string;
  width: number;
  align: 'left' | 'right';
  cell: (line: PricedLineDto) => string;
}

const COLUMNS: Column[] = [
  { header: 'Product', width: 128, align: 'left', cell: (l) => l.product_name },
  { header: 'W × D (mm)', width: 62, align: 'left', cell: (l) => `${l.width_mm} × ${l.drop_mm}` },
  { header: 'Colour', width: 74, align: 'left', cell: (l) => l.colour },
  {
    header: 'Fitting',
    width: 76,
    align: 'left',
    // A shutter's or awning's options (louvre, frame, panels, motor) stand where a blind's control and mount do.
    cell: (l) =>
      l.options?.length
        ? describeOptions(l.options)
        : `${CONTROL_LABELS[l.control_side] ?? l.control_side}, ${MOUNT_LABELS[l.mount_type] ?? l.mount_type}`,
  },
  { header: 'Qty', width: 25, align: 'right', cell: (l) => String(l.quantity) },
  { header: 'Unit', width: 62, align: 'right', cell: (l) => formatRandFromCents(l.unit_price_cents) },
  {
    header: 'Total',
    width: CONTENT_WIDTH - (128 + 62 + 74 + 76 + 25 + 62),
    align: 'right',
    cell: (l) => formatRandFromCents(l.total_cents),
  },
];
const CELL_PAD = 4;

/** '22 November 2026' in South African time. */
export function receiptDate(iso: string): string {
  return formatLongDate(iso);
}

/** Lays the receipt out on as many A4 pages as its lines need; every page gets 'Page n of N'. */
export function layoutReceipt(
  order: OrderDto,
  business: ReceiptBusiness,
  metrics: TextMetrics,
  dates: DeliveryEstimate | null = null,
): ReceiptPage[] {
  const pages: ReceiptPage[] = [];
  let items: DrawItem[] = [];
  let y = 0;
  const clean = (s: string) => metrics.clean(s);
  const text = (value: string, x: number, size: number, bold = false, colour: Colour = 'ink') =>
    items.push({ kind: 'text', text: clean(value), x, y, size, bold, colour });
  const rightText = (value: string, right: number, size: number, bold = false, colour: Colour = 'ink') => {
    const cleaned = clean(value);
    items.push({ kind: 'text', text: cleaned, x: right - metrics.width(cleaned, size, bold), y, size, bold, colour });
  };
  const newPage = () => {
    items = [];
    pages.push({ items });
    y = PAGE_HEIGHT - MARGIN;
  };
  const room = () => y - (MARGIN + FOOTER_SPACE);
  const wrapped = (value: string, width: number, size: number, bold = false) => wrapText(clean(value), width, size, bold, metrics);
  const paragraph = (value: string, x: number, width: number, size: number, bold = false, colour: Colour = 'ink') => {
    for (const line of wrapped(value, width, size, bold)) {
      text(line, x, size, bold, colour);
      y -= size * LINE;
    }
  };

  // --- First page heading: the business on the left, 'Receipt' with reference and date on the right.
  newPage();
  const headTop = y;
  y -= 18;
  paragraph(business.name, MARGIN, CONTENT_WIDTH * 0.55, 16, true);
  const contacts = [
    ...business.phones.filter((p) => p.number).map((p) => `${p.label}: ${p.number}`),
    business.whatsapp ? `WhatsApp: ${business.whatsapp}` : '',
    business.email ? `E-mail: ${business.email}` : '',
    business.website,
  ].filter(Boolean);
  for (const line of contacts) paragraph(line, MARGIN, CONTENT_WIDTH * 0.55, SMALL, false, 'muted');
  const headLeftEnd = y;
  y = headTop - 18;
  rightText('Receipt', PAGE_WIDTH - MARGIN, 20, true);
  y -= 18;
  rightText(`Reference: ${order.reference}`, PAGE_WIDTH - MARGIN, BODY, true);
  y -= BODY * LINE;
  rightText(`Date: ${receiptDate(order.order_date)}`, PAGE_WIDTH - MARGIN, BODY);
  y -= BODY * LINE;
  y = Math.min(y, headLeftEnd) - 4;
  items.push({ kind: 'rule', x1: MARGIN, x2: PAGE_WIDTH - MARGIN, y, thickness: 1, colour: 'rule' });
  y -= 20;

  // --- Customer and payment status side by side.
  const half = CONTENT_WIDTH / 2 - 10;
  const top = y;
  text('Customer', MARGIN, 11, true);
  y -= 15;
  for (const value of [order.customer_name, order.customer_email, order.customer_phone, order.customer_address]) {
    if (value) paragraph(value, MARGIN, half, BODY);
  }
  const leftBottom = y;
  y = top;
  const statusX = MARGIN + CONTENT_WIDTH / 2 + 10;
  text('Payment status', statusX, 11, true);
  y -= 22;
  const paid = order.paymentStatus === 'paid';
  const refunded = order.paymentStatus === 'refunded';
  const status = paid ? 'Paid' : refunded ? 'Refunded' : 'Pending payment';
  const statusWidth = metrics.width(clean(status), 10, true) + 16;
  items.push({ kind: 'box', x: statusX, y: y - 5, width: statusWidth, height: 18, colour: paid ? 'paid' : 'pending' });
  text(status, statusX + 8, 10, true, 'white');
  y -= 20;
  if (paid && order.paid_at) {
    text(`Paid on ${receiptDate(order.paid_at)}`, statusX, BODY);
    y -= BODY * LINE;
  } else if (refunded) {
    paragraph('The payment for this order was refunded. Contact us with any questions.', statusX, half, SMALL, false, 'muted');
  } else if (!paid) {
    paragraph(
      'Your order confirmation page shows how to pay (card or bank transfer, as offered), or contact us to arrange payment.',
      statusX,
      half,
      SMALL,
      false,
      'muted',
    );
  }
  if (order.test_payment) {
    text(TEST_PAYMENT_NOTE, statusX, BODY, true);
    y -= BODY * LINE;
  }
  y = Math.min(y, leftBottom);
  if (order.special_instructions) {
    y -= 6;
    text('Special instructions', MARGIN, BODY, true);
    y -= BODY * LINE;
    paragraph(order.special_instructions, MARGIN, CONTENT_WIDTH, BODY);
  }
  y -= 14;

  // --- The order table; its header repeats on every page it runs onto.
  const tableHeader = () => {
    items.push({ kind: 'box', x: MARGIN, y: y - 6, width: CONTENT_WIDTH, height: 18, colour: 'band' });
    let x = MARGIN;
    for (const col of COLUMNS) {
      if (col.align === 'right') rightText(col.header, x + col.width - CELL_PAD, SMALL, true);
      else text(col.header, x + CELL_PAD, SMALL, true);
      x += col.width;
    }
    y -= 20;
  };
  const continuedPage = () => {
    newPage();
    y -= 10;
    text(`Receipt ${order.reference} (continued)`, MARGIN, 11, true);
    y -= 22;
  };

  text('Your order', MARGIN, 11, true);
  y -= 18;
  tableHeader();
  for (const line of order.blinds) {
    const cells = COLUMNS.map((col) => wrapped(col.cell(line), col.width - 2 * CELL_PAD, SMALL));
    const rows = Math.max(...cells.map((c) => c.length));
    const height = rows * SMALL * LINE + 6;
    if (room() < height) {
      continuedPage();
      tableHeader();
    }
    const rowTop = y;
    let x = MARGIN;
    COLUMNS.forEach((col, i) => {
      y = rowTop;
      for (const cellLine of cells[i]!) {
        if (col.align === 'right') rightText(cellLine, x + col.width - CELL_PAD, SMALL);
        else text(cellLine, x + CELL_PAD, SMALL);
        y -= SMALL * LINE;
      }
      x += col.width;
    });
    y = rowTop - height;
    items.push({ kind: 'rule', x1: MARGIN, x2: PAGE_WIDTH - MARGIN, y: y + SMALL, thickness: 0.5, colour: 'rule' });
  }

  // --- Totals (prices include VAT; the VAT share is shown).
  const totals: [string, number, boolean][] = [
    ['Subtotal (excl. VAT)', Math.round(order.subtotal * 100), false],
    ['VAT (15%)', Math.round(order.vat * 100), false],
    ['Total (incl. VAT)', order.total_cents, true],
  ];
  if (room() < 70) continuedPage();
  y -= 8;
  for (const [label, cents, bold] of totals) {
    rightText(label, PAGE_WIDTH - MARGIN - 90, bold ? 10.5 : BODY, bold);
    rightText(formatRandFromCents(cents), PAGE_WIDTH - MARGIN - CELL_PAD, bold ? 10.5 : BODY, bold);
    y -= (bold ? 10.5 : BODY) * LINE + 2;
  }
  // Prices from a sample grid say so (DESIGN.md section 6), in the one wording of shared/sample-prices.ts.
  if (hasSamplePrices(order.blinds)) {
    const sampleHeight = wrapped(SAMPLE_PRICES_TEXT, CONTENT_WIDTH, BODY, true).length * BODY * LINE + 8;
    if (room() < sampleHeight) continuedPage();
    y -= 8;
    paragraph(SAMPLE_PRICES_TEXT, MARGIN, CONTENT_WIDTH, BODY, true);
  }

  // The fit guarantee, line by line (shared/fit-guarantee.ts).
  for (const note of fitGuaranteeNotes(order.blinds, business.fitGuaranteeUrl ?? null)) {
    const noteHeight = wrapped(note, CONTENT_WIDTH, BODY).length * BODY * LINE + 6;
    if (room() < noteHeight) continuedPage();
    y -= 6;
    paragraph(note, MARGIN, CONTENT_WIDTH, BODY);
  }

  // --- The order's own dates while still ahead (receipt-dates.ts), then what happens next.
  if (dates) {
    const dateLines = printedDates(dates).map((line) => wrapped(line, CONTENT_WIDTH, BODY));
    if (room() < 30 + dateLines.flat().length * BODY * LINE) continuedPage();
    y -= 16;
    text(DATES_HEADING, MARGIN, 11, true);
    y -= 16;
    for (const line of dateLines.flat()) {
      text(line, MARGIN, BODY);
      y -= BODY * LINE;
    }
  }
  const production = productionStep(order.delivery_estimate?.leadTimeWorkingDays);
  const steps = NEXT_STEPS.map((note) => (note === productionStep(null) ? production : note));
  const noteLines = steps.map((note) => wrapped(note, CONTENT_WIDTH - 12, BODY));
  const notesHeight = 30 + noteLines.reduce((h, l) => h + l.length * BODY * LINE + 2, 0);
  if (room() < notesHeight) continuedPage();
  y -= 16;
  text('What happens next', MARGIN, 11, true);
  y -= 16;
  for (const lines of noteLines) {
    text('•', MARGIN, BODY);
    for (const line of lines) {
      text(line, MARGIN + 12, BODY);
      y -= BODY * LINE;
    }
    y -= 2;
  }

  addFooters(pages, `${business.name} · Receipt ${order.reference} · Prices include 15% VAT`, metrics);
  return pages;
}

/** The receipt PDF of one order (A4, Helvetica). */
export function receiptPdf(
  order: OrderDto,
  business: ReceiptBusiness,
  dates: DeliveryEstimate | null = null,
): Promise<Uint8Array<ArrayBuffer>> {
  return drawPdf(
    { title: `Receipt ${order.reference}`, author: business.name, subject: `${business.name} order ${order.reference}` },
    (metrics) => layoutReceipt(order, business, metrics, dates),
  );
}

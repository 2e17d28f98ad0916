// The order receipt as a PDF (storefront spec section 2 '/order-confirmation', 'Download PDF'),
// made from the server's order only. Two steps: a pure layout (pages of positioned text, rules and
// boxes, measured with the real font metrics) and a renderer that draws them with pdf-lib.
import { PDFDocument, StandardFonts, rgb, type PDFFont } from 'pdf-lib';
import { TEST_PAYMENT_NOTE, type OrderDto, type PricedLineDto } from '../shared/orders-api';
import { fitGuaranteeNotes } from '../shared/fit-guarantee';
import { hasSamplePrices, SAMPLE_PRICES_TEXT } from '../shared/sample-prices';
import { formatRandFromCents } from '../shared/money';
import { formatLongDate } from '../shared/sa-time';
import type { DeliveryEstimate } from '../shared/delivery-dates';
import { DATES_HEADING, printedDates, productionStep } from './receipt-dates';

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

/** How text is measured and made drawable; the renderer's comes from the embedded fonts. */
export interface TextMetrics {
  /** Text the font can draw: what it cannot encode is replaced. */
  clean(text: string): string;
  width(text: string, size: number, bold: boolean): number;
}

export type Colour = 'ink' | 'muted' | 'paid' | 'pending' | 'rule' | 'band' | 'white';

export type DrawItem =
  | { kind: 'text'; text: string; x: number; y: number; size: number; bold: boolean; colour: Colour }
  | { kind: 'rule'; x1: number; x2: number; y: number; thickness: number; colour: Colour }
  | { kind: 'box'; x: number; y: number; width: number; height: number; colour: Colour };

export interface ReceiptPage {
  items: DrawItem[];
}

/** A4 portrait in points. */
export const PAGE_WIDTH = 595.28;
export const PAGE_HEIGHT = 841.89;
export const MARGIN = 48;
export const CONTENT_WIDTH = PAGE_WIDTH - 2 * MARGIN;
/** Room kept free at the bottom of every page for its footer. */
export const FOOTER_SPACE = 40;
export const BODY = 9.5;
export const SMALL = 8.5;
export const LINE = 1.35;

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
    cell: (l) => `${CONTROL_LABELS[l.control_side] ?? l.control_side}, ${MOUNT_LABELS[l.mount_type] ?? l.mount_type}`,
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

/** Greedy word wrap; a word longer than the width is broken by characters. */
export function wrapText(text: string, maxWidth: number, size: number, bold: boolean, metrics: TextMetrics): string[] {
  const lines: string[] = [];
  for (const paragraph of text.split(/\r?\n/)) {
    let current = '';
    for (const word of paragraph.split(/\s+/).filter(Boolean)) {
      const candidate = current ? `${current} ${word}` : word;
      if (metrics.width(candidate, size, bold) <= maxWidth) {
        current = candidate;
        continue;
      }
      if (current) lines.push(current);
      let rest = word;
      while (metrics.width(rest, size, bold) > maxWidth && rest.length > 1) {
        let cut = rest.length - 1;
        while (cut > 1 && metrics.width(rest.slice(0, cut), size, bold) > maxWidth) cut--;
        lines.push(rest.slice(0, cut));
        rest = rest.slice(cut);
      }
      current = rest;
    }
    lines.push(current);
  }
  return lines.length ? lines : [''];
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

/** Every page's footer, once the page count is known: a rule, `left` and 'Page n of N'. */
export function addFooters(pages: ReceiptPage[], left: string, metrics: TextMetrics): void {
  pages.forEach((page, i) => {
    const footerY = MARGIN - 8;
    page.items.push({ kind: 'rule', x1: MARGIN, x2: PAGE_WIDTH - MARGIN, y: footerY + 14, thickness: 0.5, colour: 'rule' });
    page.items.push({
      kind: 'text',
      text: metrics.clean(left),
      x: MARGIN,
      y: footerY,
      size: 7.5,
      bold: false,
      colour: 'muted',
    });
    const label = `Page ${i + 1} of ${pages.length}`;
    page.items.push({
      kind: 'text',
      text: label,
      x: PAGE_WIDTH - MARGIN - metrics.width(label, 7.5, false),
      y: footerY,
      size: 7.5,
      bold: false,
      colour: 'muted',
    });
  });
}

/** Characters the standard fonts' WinAnsi encoding lacks, spelled with ones it has. */
const REPLACEMENTS: Record<string, string> = {
  '\u202f': '\u00a0',
  '\u2009': ' ',
  '\u2010': '-',
  '\u2011': '-',
  '\u2012': '-',
  '\u2212': '-',
  '\u2032': "'",
  '\u2033': '"',
};

/** Keeps what the font can encode; decomposes accented letters it lacks (e.g. 'ő' -> 'o'); else '?'. */
export function winAnsiSafe(text: string, supported: ReadonlySet<number>): string {
  let out = '';
  for (const char of text.normalize('NFC')) {
    const code = char.codePointAt(0)!;
    if (code === 0x0a || code === 0x0d || code === 0x09) {
      out += ' ';
    } else if (supported.has(code)) {
      out += char;
    } else if (REPLACEMENTS[char] && [...REPLACEMENTS[char]].every((c) => supported.has(c.codePointAt(0)!))) {
      out += REPLACEMENTS[char];
    } else {
      const base = [...char.normalize('NFKD')].filter((c) => supported.has(c.codePointAt(0)!) && !/\p{M}/u.test(c)).join('');
      out += base || '?';
    }
  }
  return out;
}

const COLOURS: Record<Colour, ReturnType<typeof rgb>> = {
  ink: rgb(0.114, 0.169, 0.176),
  muted: rgb(0.357, 0.416, 0.424),
  paid: rgb(0.09, 0.5, 0.26),
  pending: rgb(0.85, 0.47, 0.02),
  rule: rgb(0.8, 0.82, 0.82),
  band: rgb(0.957, 0.937, 0.902),
  white: rgb(1, 1, 1),
};

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

/** A document laid out by `layout` with the real font metrics, drawn as an A4 PDF (Helvetica). */
export async function drawPdf(
  meta: { title: string; author: string; subject: string },
  layout: (metrics: TextMetrics) => ReceiptPage[],
): Promise<Uint8Array<ArrayBuffer>> {
  const doc = await PDFDocument.create();
  const regular = await doc.embedFont(StandardFonts.Helvetica);
  const bold = await doc.embedFont(StandardFonts.HelveticaBold);
  const supported = new Set(regular.getCharacterSet());
  const font = (isBold: boolean): PDFFont => (isBold ? bold : regular);
  const metrics: TextMetrics = {
    clean: (s) => winAnsiSafe(s, supported),
    width: (s, size, isBold) => font(isBold).widthOfTextAtSize(s, size),
  };

  doc.setTitle(meta.title);
  doc.setAuthor(meta.author);
  doc.setSubject(meta.subject);
  doc.setCreator(meta.author);
  doc.setProducer(meta.author);

  for (const laidOut of layout(metrics)) {
    const page = doc.addPage([PAGE_WIDTH, PAGE_HEIGHT]);
    for (const item of laidOut.items) {
      if (item.kind === 'text') {
        page.drawText(item.text, { x: item.x, y: item.y, size: item.size, font: font(item.bold), color: COLOURS[item.colour] });
      } else if (item.kind === 'rule') {
        page.drawLine({
          start: { x: item.x1, y: item.y },
          end: { x: item.x2, y: item.y },
          thickness: item.thickness,
          color: COLOURS[item.colour],
        });
      } else {
        page.drawRectangle({ x: item.x, y: item.y, width: item.width, height: item.height, color: COLOURS[item.colour] });
      }
    }
  }
  // A copy on a plain ArrayBuffer: what Response bodies accept.
  return new Uint8Array(await doc.save());
}

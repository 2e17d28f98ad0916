// A tax invoice or credit note as a PDF, from its frozen document (services/tax-invoices.ts), with
// what the VAT Act section 20(4) asks of a full tax invoice: the words 'Tax Invoice', the supplier's
// name, address and VAT registration number, the recipient's name, address and VAT number, a serial
// number and date, a description, quantity and value of each supply, the VAT and the total. Drawn
// with the receipt's measuring, wrapping and rendering (services/receipt-pdf.ts).
import { formatRandFromCents } from '../shared/money';
import { TEST_PAYMENT_NOTE } from '../shared/orders-api';
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
import { receiptDate } from './receipt-pdf';
import type { TaxDocument, TaxDocumentLine } from './tax-invoices';
import type { DeliveryEstimate } from '../shared/delivery-dates';
import { DATES_HEADING, printedDates } from './receipt-dates';

/** 'Tax Invoice' or 'Credit Note': the heading the Act asks for. */
export function documentTitle(doc: Pick<TaxDocument, 'kind'>): string {
  return doc.kind === 'invoice' ? 'Tax Invoice' : 'Credit Note';
}

const CELL_PAD = 4;
const COLUMNS: { header: string; width: number; right: boolean; cell: (l: TaxDocumentLine) => string }[] = [
  { header: 'Description', width: 185, right: false, cell: (l) => l.description },
  { header: 'Qty', width: 30, right: true, cell: (l) => String(l.quantity) },
  { header: 'Unit excl. VAT', width: 70, right: true, cell: (l) => formatRandFromCents(l.unitExclCents) },
  { header: 'Excl. VAT', width: 70, right: true, cell: (l) => formatRandFromCents(l.exclCents) },
  { header: 'VAT (15%)', width: 62, right: true, cell: (l) => formatRandFromCents(l.vatCents) },
  {
    header: 'Total incl. VAT',
    width: CONTENT_WIDTH - (185 + 30 + 70 + 70 + 62),
    right: true,
    cell: (l) => formatRandFromCents(l.totalCents),
  },
];

/** `dates`: the order's dates still ahead, printed under an invoice's totals (never on a credit note); not part of the frozen document. */
export function layoutTaxDocument(doc: TaxDocument, metrics: TextMetrics, dates: DeliveryEstimate | null = null): ReceiptPage[] {
  const title = documentTitle(doc);
  const pages: ReceiptPage[] = [];
  let items: DrawItem[] = [];
  let y = 0;
  const put = (value: string, x: number, size: number, bold: boolean, colour: Colour, alignRight: boolean) => {
    const text = metrics.clean(value);
    items.push({ kind: 'text', text, x: alignRight ? x - metrics.width(text, size, bold) : x, y, size, bold, colour });
  };
  const lines = (value: string, width: number, size: number, bold = false) => wrapText(metrics.clean(value), width, size, bold, metrics);
  const block = (value: string, x: number, width: number, size: number, bold = false, colour: Colour = 'ink') => {
    for (const line of lines(value, width, size, bold)) {
      put(line, x, size, bold, colour, false);
      y -= size * LINE;
    }
  };
  const page = () => {
    items = [];
    pages.push({ items });
    y = PAGE_HEIGHT - MARGIN;
  };
  const room = () => y - (MARGIN + FOOTER_SPACE);
  const right = PAGE_WIDTH - MARGIN;
  const half = CONTENT_WIDTH / 2 - 10;

  // --- The supplier on the left; the title, number and dates on the right.
  page();
  const top = y - 18;
  y = top;
  block(doc.supplier.name, MARGIN, half, 16, true);
  block(doc.supplier.address, MARGIN, half, BODY);
  block(`VAT registration number: ${doc.supplier.vatNumber}`, MARGIN, half, BODY, true);
  for (const contact of [doc.supplier.phone && `Tel: ${doc.supplier.phone}`, doc.supplier.email && `E-mail: ${doc.supplier.email}`]) {
    if (contact) block(contact, MARGIN, half, SMALL, false, 'muted');
  }
  const leftEnd = y;
  y = top;
  put(title, right, 20, true, 'ink', true);
  y -= 20;
  const facts = [
    `${doc.kind === 'invoice' ? 'Invoice' : 'Credit note'} number: ${doc.number}`,
    `Date: ${receiptDate(doc.issuedAt)}`,
    `Order: ${doc.orderReference}`,
    `Order date: ${receiptDate(doc.orderDate)}`,
    ...(doc.creditsInvoice ? [`Credits tax invoice number: ${doc.creditsInvoice}`] : []),
  ];
  facts.forEach((fact, i) => {
    put(fact, right, BODY, i === 0, 'ink', true);
    y -= BODY * LINE;
  });
  y = Math.min(y, leftEnd) - 4;
  items.push({ kind: 'rule', x1: MARGIN, x2: right, y, thickness: 1, colour: 'rule' });
  y -= 20;

  // --- The recipient (section 20(4)(c)).
  put(doc.kind === 'invoice' ? 'Invoice to' : 'Credit to', MARGIN, 11, true, 'ink', false);
  y -= 15;
  const customer = doc.customer;
  for (const value of [customer.name, customer.address, customer.email, customer.vatNumber && `VAT number: ${customer.vatNumber}`]) {
    if (value) block(value, MARGIN, CONTENT_WIDTH, BODY);
  }
  if (doc.reason) {
    y -= 4;
    block(doc.reason, MARGIN, CONTENT_WIDTH, BODY, true);
  }
  if (doc.testPayment) block(TEST_PAYMENT_NOTE, MARGIN, CONTENT_WIDTH, BODY, true);
  y -= 14;

  // --- The supplies; the header repeats on every page the table runs onto.
  const header = () => {
    items.push({ kind: 'box', x: MARGIN, y: y - 6, width: CONTENT_WIDTH, height: 18, colour: 'band' });
    let x = MARGIN;
    for (const col of COLUMNS) {
      put(col.header, col.right ? x + col.width - CELL_PAD : x + CELL_PAD, SMALL, true, 'ink', col.right);
      x += col.width;
    }
    y -= 20;
  };
  const continued = () => {
    page();
    y -= 10;
    put(`${title} ${doc.number} (continued)`, MARGIN, 11, true, 'ink', false);
    y -= 22;
  };
  header();
  for (const line of doc.lines) {
    const cells = COLUMNS.map((col) => lines(col.cell(line), col.width - 2 * CELL_PAD, SMALL));
    const height = Math.max(...cells.map((c) => c.length)) * SMALL * LINE + 6;
    if (room() < height) {
      continued();
      header();
    }
    const rowTop = y;
    let x = MARGIN;
    COLUMNS.forEach((col, i) => {
      y = rowTop;
      for (const cellLine of cells[i]!) {
        put(cellLine, col.right ? x + col.width - CELL_PAD : x + CELL_PAD, SMALL, false, 'ink', col.right);
        y -= SMALL * LINE;
      }
      x += col.width;
    });
    y = rowTop - height;
    items.push({ kind: 'rule', x1: MARGIN, x2: right, y: y + SMALL, thickness: 0.5, colour: 'rule' });
  }

  // --- Totals: the value excl. VAT, the VAT at 15 % and the consideration (section 20(4)(f)).
  if (room() < 70) continued();
  y -= 8;
  const totals: [string, number, boolean][] = [
    ['Total excl. VAT', doc.exclCents, false],
    ['VAT at 15%', doc.vatCents, false],
    [doc.kind === 'invoice' ? 'Total incl. VAT' : 'Total credited incl. VAT', doc.totalCents, true],
  ];
  for (const [label, cents, bold] of totals) {
    const size = bold ? 10.5 : BODY;
    put(label, right - 90, size, bold, 'ink', true);
    put(formatRandFromCents(cents), right - CELL_PAD, size, bold, 'ink', true);
    y -= size * LINE + 2;
  }
  if (dates && doc.kind === 'invoice') {
    const dateLines = printedDates(dates).flatMap((line) => lines(line, CONTENT_WIDTH, BODY));
    if (room() < 30 + dateLines.length * BODY * LINE) continued();
    y -= 16;
    put(DATES_HEADING, MARGIN, 11, true, 'ink', false);
    y -= 16;
    for (const line of dateLines) {
      put(line, MARGIN, BODY, false, 'ink', false);
      y -= BODY * LINE;
    }
  }

  addFooters(pages, `${doc.supplier.name} · VAT no. ${doc.supplier.vatNumber} · ${title} ${doc.number}`, metrics);
  return pages;
}

/** The PDF of a tax invoice or credit note. */
export function taxDocumentPdf(doc: TaxDocument, dates: DeliveryEstimate | null = null): Promise<Uint8Array<ArrayBuffer>> {
  const title = `${documentTitle(doc)} ${doc.number}`;
  return drawPdf({ title, author: doc.supplier.name, subject: `${title}, order ${doc.orderReference}` }, (metrics) =>
    layoutTaxDocument(doc, metrics, dates),
  );
}

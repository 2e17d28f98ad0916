import { Hono } from 'hono';
import type { AppBindings } from '../env';
import { AppError } from '../lib/errors';
import { rateLimit } from '../middleware/rate-limit';
import { taxDocumentPdf } from '../services/tax-invoice-pdf';
import { findTaxDocument } from '../services/tax-invoices';
import { timelineForOrder } from '../services/order-timeline-read';

/** 'CB-xxxxxxxxxx.pdf' (the tax invoice) or 'CB-xxxxxxxxxx-credit-7.pdf' (credit note number 7 of that order). */
const DOCUMENT_FILE = /^(CB-[A-Za-z0-9]{1,40})(?:-credit-([1-9]\d{0,9}))?\.pdf$/;

/**
 * GET /api/invoices/{reference}.pdf: an order's tax invoice, as frozen when it was issued (the order
 * reference is the read key, as for the receipt). 404 until the order is paid in full and the
 * business is a VAT vendor. Limited per client: each answer is a freshly drawn document.
 */
export const invoiceRoutes = new Hono<AppBindings>().get(
  '/:file',
  rateLimit({ name: 'invoices', limit: 30, windowSeconds: 60 }),
  async (c) => {
    const match = DOCUMENT_FILE.exec(c.req.param('file'));
    if (!match)
      throw new AppError('not_found', "There is no tax invoice here: a tax invoice's address is /api/invoices/<order reference>.pdf.");
    const [, reference, creditNumber] = match as unknown as [string, string, string | undefined];
    const doc = creditNumber
      ? await findTaxDocument(c.env.DB, reference, 'credit_note', Number(creditNumber))
      : await findTaxDocument(c.env.DB, reference, 'invoice');
    if (!doc)
      throw new AppError(
        'not_found',
        creditNumber
          ? `Order ${reference} has no credit note number ${creditNumber}.`
          : `There is no tax invoice for order ${reference}: it is issued once the order is paid in full.`,
      );
    // An invoice also prints the order's dates while they are still ahead (not part of the frozen document).
    const dates = doc.kind === 'invoice' ? ((await timelineForOrder(c.env.DB, reference, null))?.dates ?? null) : null;
    const pdf = await taxDocumentPdf(doc, dates);
    const name = doc.kind === 'invoice' ? `tax-invoice-${doc.number}-${reference}` : `credit-note-${doc.number}-${reference}`;
    return c.body(pdf, 200, {
      'Content-Type': 'application/pdf',
      'Content-Disposition': `attachment; filename="${name}.pdf"`,
      'Cache-Control': 'no-store',
    });
  },
);

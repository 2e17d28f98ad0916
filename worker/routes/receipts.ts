import { Hono } from 'hono';
import type { AppBindings, Env } from '../env';
import { AppError } from '../lib/errors';
import { rateLimit } from '../middleware/rate-limit';
import { findOrder } from '../services/orders';
import { timelineForOrder } from '../services/order-timeline-read';
import { receiptPdf, type ReceiptBusiness } from '../services/receipt-pdf';
import { publicOrigin } from '../lib/origin';
import { FIT_GUARANTEE_PATH } from '../shared/fit-guarantee';
import { maskOrderContact } from '../shared/orders-api';
import { publicConfig } from './config';

/** 'CB-xxxxxxxxxx.pdf': the order reference (unguessable, so it is the read key) and the suffix. */
const RECEIPT_FILE = /^(CB-[A-Za-z0-9]{1,40})\.pdf$/;

function receiptBusiness(env: Env, origin: string | null): ReceiptBusiness {
  const config = publicConfig(env);
  return {
    name: config.businessName,
    phones: [
      { label: 'Garden Route', number: config.phone.gardenRoute },
      { label: 'National', number: config.phone.national },
    ],
    whatsapp: config.whatsapp.national || config.whatsapp.gardenRoute,
    email: config.email,
    website: config.mainWebsiteUrl,
    fitGuaranteeUrl: origin ? `${origin}${FIT_GUARANTEE_PATH}` : null,
  };
}

/**
 * GET /api/receipts/{reference}.pdf: the 'Download PDF' of /order-confirmation, always drawn from
 * the server's order. Limited per client because each answer is a freshly drawn document.
 */
export const receiptRoutes = new Hono<AppBindings>().get(
  '/:file',
  rateLimit({ name: 'receipts', limit: 30, windowSeconds: 60 }),
  async (c) => {
    const reference = RECEIPT_FILE.exec(c.req.param('file'))?.[1];
    if (!reference)
      throw new AppError('not_found', "There is no receipt here: a receipt's address is /api/receipts/<order reference>.pdf.");
    const order = await findOrder(c.env.DB, reference);
    if (!order) throw new AppError('not_found', `We could not find an order with reference ${reference}.`);
    // Free samples cost nothing: there is no receipt to give (storefront spec 'Free samples').
    if (order.kind === 'samples')
      throw new AppError('not_found', `Order ${reference} is free colour samples: nothing was paid, so there is no receipt.`);
    // Anyone holding the reference may download it: the same masked phone and address as the order page.
    // The order's dates while still ahead (none once dispatched or cancelled), as the order page shows them.
    const dates = (await timelineForOrder(c.env.DB, reference, null))?.dates ?? null;
    const pdf = await receiptPdf(maskOrderContact(order), receiptBusiness(c.env, publicOrigin(c.env, c.req.url)), dates);
    return c.body(pdf, 200, {
      'Content-Type': 'application/pdf',
      'Content-Disposition': `attachment; filename="receipt-${reference}.pdf"`,
      'Cache-Control': 'no-store',
    });
  },
);

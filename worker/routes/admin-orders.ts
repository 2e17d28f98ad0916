// The staff orders screen's reads (staff spec 2.6): the list, one order, and its photos. Staff-only;
// the writes (status, sizes, dispatch, recorded orders) are in admin-order-writes.ts.
import { Hono } from 'hono';
import { z } from 'zod';
import type { AppBindings } from '../env';
import { AppError } from '../lib/errors';
import { validate } from '../lib/validate';
import { requireStaff, staffActor } from '../middleware/require-staff';
import { recordAudit } from '../services/staff/audit';
import { orderDetail, orderPhoto, orderProof } from '../services/staff/orders/detail';
import { listOrders } from '../services/staff/orders/list';
import { adminOrdersQuerySchema, orderReferenceParamSchema, type AdminOrderResponse } from '../shared/admin-orders-api';

const photoQuerySchema = z.object({
  key: z.string({ error: 'is required' }).min(1, 'is required').max(300, 'is not a photo of this order'),
});

const noOrder = (reference: string) => new AppError('not_found', `There is no order with reference ${reference}.`);

export const adminOrderRoutes = new Hono<AppBindings>()
  .get('/', requireStaff, validate('query', adminOrdersQuerySchema), async (c) => c.json(await listOrders(c.env.DB, c.req.valid('query'))))
  .get('/:reference', requireStaff, validate('param', orderReferenceParamSchema), async (c) => {
    const { reference } = c.req.valid('param');
    const order = await orderDetail(c.env, reference, staffActor(c));
    if (!order) throw noOrder(reference);
    const body: AdminOrderResponse = { success: true, order };
    return c.json(body, 200, { 'Cache-Control': 'no-store' });
  })
  // Streams the customer's proof of payment (PDF, JPEG or PNG, by its stored type): shown in the
  // browser, never run as anything else (nosniff; a PDF opens in the browser's viewer).
  .get('/:reference/proof', requireStaff, validate('param', orderReferenceParamSchema), async (c) => {
    const { reference } = c.req.valid('param');
    const proof = await orderProof(c.env, reference);
    if (!proof) throw new AppError('not_found', `Order ${reference} has no proof of payment.`);
    await recordAudit(c.env.DB, { actor: staffActor(c), action: 'order.proof.view', target: reference });
    const ext = /\.(\w+)$/.exec(proof.key)?.[1] ?? 'bin';
    return new Response(proof.body, {
      headers: {
        'Content-Type': proof.httpMetadata?.contentType ?? 'application/octet-stream',
        'Content-Disposition': `inline; filename="proof-of-payment-${reference}.${ext}"`,
        'Cache-Control': 'private, no-store',
        'X-Content-Type-Options': 'nosniff',
      },
    });
  })
  // Streams a photo the order names (a line's photo scan, its chat's photos); any other key is a 404.
  .get('/:reference/photos', requireStaff, validate('param', orderReferenceParamSchema), validate('query', photoQuerySchema), async (c) => {
    const { reference } = c.req.valid('param');
    const photo = await orderPhoto(c.env, reference, c.req.valid('query').key);
    if (!photo) throw new AppError('not_found', `Order ${reference} has no such photo.`);
    return new Response(photo.body, {
      headers: {
        'Content-Type': photo.httpMetadata?.contentType ?? 'application/octet-stream',
        'Cache-Control': 'private, no-store',
        'X-Content-Type-Options': 'nosniff',
      },
    });
  });

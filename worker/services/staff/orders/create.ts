// An order staff record by phone, on a site visit or in person (staff spec 2.6 'Orders taken outside
// the site'): priced by the same grids on the server (or by hand, with the reason kept on the line),
// the same kind of reference, the same fulfilment steps. Written in one D1 batch with its lines, the
// manual payment when it was paid there and then, the lead's link to it, the audit entry and the
// customer's e-mails (only with an address: without one customer_email is '' and nothing is sent).
import { eq } from 'drizzle-orm';
import { database } from '../../../lib/db';
import { leads, payments } from '../../../db/schema';
import type { Env } from '../../../env';
import { AppError } from '../../../lib/errors';
import { isUniqueViolation } from '../../../lib/d1-errors';
import type { staffOrderCreateSchema } from '../../../shared/admin-orders-api';
import { formatRandFromCents } from '../../../shared/money';
import type { z } from 'zod';
import { outboxInsert } from '../../email/outbox';
import { newOrderReference, orderStatements, priceBlinds, queuedIds, totalsOf, type NewOrder } from '../../orders';
import { paymentReceiptEmail } from '../../payments/receipt';
import { auditStatement } from '../audit';
import { taxSupplier } from '../../tax-invoices';
import { estimateFor } from '../../delivery-estimate';

export type StaffOrderCreateInput = z.output<typeof staffOrderCreateSchema>;

export interface CreatedStaffOrder {
  reference: string;
  outboxIds: number[];
  message: string;
}

/** POST /api/admin/orders */
export async function createStaffOrder(
  env: Env,
  input: StaffOrderCreateInput,
  ctx: { actor: string; origin: string | null; now: Date },
): Promise<CreatedStaffOrder> {
  const db = env.DB;
  const d = database(db);
  if (input.leadId) {
    const [lead] = await d
      .select({ id: leads.id, orderReference: leads.orderReference })
      .from(leads)
      .where(eq(leads.id, input.leadId))
      .limit(1);
    if (!lead)
      throw new AppError('validation_error', `leadId: there is no lead ${input.leadId}. It may have been deleted; reload the leads list.`, {
        issues: [{ path: 'leadId', message: 'no such lead' }],
      });
  }
  const lines = await priceBlinds(
    db,
    input.lines.map((l) => ({
      product_type: l.product_type,
      width_mm: l.width_mm,
      drop_mm: l.drop_mm,
      control_side: l.control_side,
      mount_type: l.mount_type,
      colour: l.colour,
      quantity: l.quantity,
      size_source: 'typed' as const,
    })),
    { path: 'lines', manualPriceCents: input.lines.map((l) => (l.manualPrice === undefined ? null : Math.round(l.manualPrice * 100))) },
  );
  // Measured by staff on a site visit: recorded as confirmed, so it needs no confirming again.
  const sized = lines.map((l, i) =>
    input.lines[i]!.sizeSource === 'staff-confirmed' ? { ...l, size_source: 'staff-confirmed' as const } : l,
  );
  const order: NewOrder = {
    customer: {
      name: input.customer.name,
      email: input.customer.email ?? '',
      phone: input.customer.phone,
      address: input.customer.address,
      instructions: input.notes,
    },
    lines: sized,
    clientTotalCents: null,
    quoteId: null,
    lineExtras: new Map(input.lines.map((l, i) => [i + 1, { manualPriceReason: l.manualPriceReason }])),
    deliveryEstimate: await estimateFor(env.DB, {
      productIds: sized.map((l) => l.product_type),
      method: input.fulfilmentMethod,
      address: input.customer.address,
      now: ctx.now,
    }),
    staff: {
      source: input.source,
      fulfilmentMethod: input.fulfilmentMethod,
      paymentMethod: input.paymentMethod,
      leadId: input.leadId ?? null,
      paid: input.paid,
    },
  };
  const { totalCents } = totalsOf(sized);
  for (let attempt = 0; attempt < 3; attempt++) {
    const reference = newOrderReference();
    const createdAt = ctx.now.toISOString();
    // Staff cause these e-mails (not an anonymous request): the customer-e-mail guard's limits do not apply.
    const { statements, emails } = orderStatements(env, reference, order, createdAt, ctx.origin, true);
    const receipt =
      input.paid && input.customer.email
        ? await paymentReceiptEmail(
            env,
            {
              reference,
              customerName: input.customer.name,
              customerEmail: input.customer.email,
              totalCents,
              paymentStatus: 'paid',
              paymentProvider: 'manual',
              checkoutId: null,
            },
            totalCents,
            'manual',
            { taxInvoice: taxSupplier(env) !== null },
          )
        : null;
    const extra = [
      ...(input.paid
        ? [
            d.insert(payments).values({
              orderReference: reference,
              provider: 'manual',
              providerPaymentId: `manual:${reference}`,
              amountCents: totalCents,
              status: 'succeeded',
              raw: { recordedBy: ctx.actor, paymentMethod: input.paymentMethod },
              createdAt,
            }),
          ]
        : []),
      ...(input.leadId ? [d.update(leads).set({ orderReference: reference }).where(eq(leads.id, input.leadId))] : []),
      auditStatement(
        db,
        {
          actor: ctx.actor,
          action: 'order.create',
          target: reference,
          details: {
            source: input.source,
            totalCents,
            paid: input.paid,
            paymentMethod: input.paymentMethod,
            leadId: input.leadId ?? null,
            manualPrices: input.lines.filter((l) => l.manualPriceReason).length,
          },
        },
        ctx.now,
      ),
    ];
    const mails = [...emails, ...(receipt ? [outboxInsert(db, receipt, ctx.now)] : [])];
    try {
      const results = await d.batch([...statements, ...extra, ...mails]);
      const outboxIds = queuedIds(results, mails.length);
      const paid = input.paid ? `, paid ${formatRandFromCents(totalCents)}` : '';
      return { reference, outboxIds, message: `Order ${reference} recorded: ${formatRandFromCents(totalCents)}${paid}.` };
    } catch (err) {
      // A reference collision (vanishingly rare): draw another.
      if (!isUniqueViolation(err)) throw err;
    }
  }
  throw new Error('could not draw a free order reference');
}

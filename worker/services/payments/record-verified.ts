// What every provider does with a verified notification once it knows the order and the outcome:
// record it exactly once, queue the customer's receipt when it made the order paid, log it.
import type { Env } from '../../env';
import { recordPaymentOutcome, type PaymentOrder, type PaymentOutcome } from './ledger';
import { queuePaymentReceipt } from './receipt';
import { paymentLog, type NotificationResult } from './types';

/** `logFields` identify the payment in the logs; `note` is the answer's note once recorded. */
export async function recordVerifiedPayment(
  env: Env,
  order: PaymentOrder,
  outcome: PaymentOutcome,
  now: Date,
  logFields: Record<string, unknown>,
  note: string,
): Promise<NotificationResult> {
  const reference = order.reference;
  const recorded = await recordPaymentOutcome(env.DB, outcome, now);
  if (recorded.duplicate) return { httpStatus: 200, outcome: 'duplicate', note: 'already processed', reference };
  if (outcome.status === 'succeeded') {
    // Real money only: staff refund a second payment for an order that was already paid.
    if (!recorded.orderUpdated && outcome.provider !== 'sandbox') {
      paymentLog('warn', 'a second payment for an order that was already paid: recorded so staff can refund it', { reference, ...logFields });
    }
    if (recorded.orderUpdated) await queuePaymentReceipt(env, order, outcome.amountCents);
  }
  paymentLog('info', `${outcome.provider} payment recorded`, { reference, ...logFields, orderUpdated: recorded.orderUpdated });
  return { httpStatus: 200, outcome: 'recorded', note, reference };
}

// 'Record a payment' and the customer's proof of payment (DESIGN.md 7b, bank transfer): staff open the
// proof, check the transfer reached the account, and record the amount received. The server checks the
// amount against what is outstanding (never more), and answers whether the order is now paid in full or
// part paid with what is left; the customer is e-mailed a receipt.
import { useState, type FormEvent } from 'react';
import {
  MANUAL_PAYMENT_METHOD_LABELS,
  MANUAL_PAYMENT_METHODS,
  type AdminOrderDetail,
  type ManualPaymentMethod,
} from '@shared/admin-orders-api';
import { formatRandFromCents } from '../../../lib/format';
import { recordPayment } from './orders-client';
import { Field } from './order-fields';
import { ProblemAlert } from './order-actions';
import { formatOrderTime, problemOf, type OnOrderAnswer, type Problem } from './orders-model';

/** The proof the customer uploaded, behind the staff-only link; nothing when there is none. */
export function ProofOfPayment({ order }: { order: AdminOrderDetail }) {
  if (!order.proof) return null;
  return (
    <p data-testid="order-proof">
      <a href={order.proof.url} target="_blank" rel="noopener noreferrer">
        Proof of payment, uploaded {formatOrderTime(order.proof.uploadedAt)}
        <span className="visually-hidden"> (opens in a new tab)</span>
      </a>
    </p>
  );
}

/** Rand as staff type it ('1 624,00', 'R1624.50', '1624'), in cents; null when it is not an amount. */
export function randToCents(text: string): number | null {
  const cleaned = text.replace(/^\s*R\s*/i, '').replace(/[\s\u00a0]/g, '');
  // A comma before the last two digits is the decimal comma (South African usage).
  // A comma between groups of three digits separates thousands ('1,624.00').
  const normal = /^\d+,\d{1,2}$/.test(cleaned)
    ? cleaned.replace(',', '.')
    : /^\d{1,3}(,\d{3})+(\.\d+)?$/.test(cleaned)
      ? cleaned.replace(/,/g, '')
      : cleaned;
  if (!/^\d+(\.\d{1,2})?$/.test(normal)) return null;
  return Math.round(Number(normal) * 100);
}

/** POST /payments: shown while money is owed. */
export function RecordPaymentForm({ order, onAnswer }: { order: AdminOrderDetail; onAnswer: OnOrderAnswer }) {
  const [amount, setAmount] = useState('');
  const [method, setMethod] = useState<ManualPaymentMethod>('bank_transfer');
  const [note, setNote] = useState('');
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<Problem | null>(null);
  const [amountError, setAmountError] = useState<string | undefined>();

  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    setProblem(null);
    const cents = randToCents(amount);
    if (cents === null || cents <= 0) {
      setAmountError('Enter the amount received in rand, for example 1624.00.');
      return;
    }
    setAmountError(undefined);
    setBusy(true);
    try {
      const answer = await recordPayment(order.reference, { amountCents: cents, method, ...(note.trim() ? { note: note.trim() } : {}) });
      setAmount('');
      setNote('');
      onAnswer(answer, 'The payment is recorded.');
    } catch (err) {
      setProblem(problemOf(err, 'Could not record the payment. Check the connection and try again.'));
    } finally {
      setBusy(false);
    }
  }

  return (
    <section className="staff-card" aria-labelledby="order-record-payment-title">
      <h2 id="order-record-payment-title">Record a payment</h2>
      <p className="staff-hint">
        Outstanding: <strong data-testid="record-payment-outstanding">{formatRandFromCents(order.balanceDueCents)}</strong>. Record money
        that has reached the account (or was paid in cash or on the card machine); the customer is e-mailed a receipt.
      </p>
      <form className="oa-form" onSubmit={onSubmit} noValidate aria-labelledby="order-record-payment-title">
        <div className="staff-fields">
          <Field label="Amount received (R)" required error={amountError ?? problem?.issues.amount ?? problem?.issues.amountCents}>
            {(control) => (
              <input
                {...control}
                value={amount}
                onChange={(e) => setAmount(e.target.value)}
                required
                inputMode="decimal"
                autoComplete="off"
                placeholder={(order.balanceDueCents / 100).toFixed(2)}
              />
            )}
          </Field>
          <Field label="Paid by" required error={problem?.issues.method}>
            {(control) => (
              <select {...control} value={method} onChange={(e) => setMethod(e.target.value as ManualPaymentMethod)}>
                {MANUAL_PAYMENT_METHODS.map((m) => (
                  <option key={m} value={m}>
                    {MANUAL_PAYMENT_METHOD_LABELS[m]}
                  </option>
                ))}
              </select>
            )}
          </Field>
        </div>
        <Field label="Note" hint="For example the bank's reference of the transfer." error={problem?.issues.note}>
          {(control) => <input {...control} value={note} onChange={(e) => setNote(e.target.value)} maxLength={500} />}
        </Field>
        <button type="submit" className="button button--accent" disabled={busy} aria-busy={busy}>
          {busy ? 'Recording…' : 'Record payment'}
        </button>
      </form>
      <ProblemAlert problem={problem} />
    </section>
  );
}

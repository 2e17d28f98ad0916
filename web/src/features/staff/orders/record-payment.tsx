// 'Record a payment' and the customer's proof of payment (DESIGN.md 7b, bank transfer): staff open the
// proof, check the transfer reached the account, and record the amount received. The server checks the
// amount against what is outstanding (never more), and answers whether the order is now paid in full or
// part paid with what is left; the customer is e-mailed a receipt. 'Record a refund' is its mirror for
// money given back that no gateway reports (an Ozow refund, a bank transfer, cash).
import { useState, type FormEvent } from 'react';
import {
  MANUAL_PAYMENT_METHOD_LABELS,
  MANUAL_PAYMENT_METHODS,
  REFUND_METHOD_LABELS,
  REFUND_METHODS,
  type AdminOrderDetail,
  type AdminOrderResponse,
} from '@shared/admin-orders-api';
import { formatRandFromCents } from '../../../lib/format';
import { recordPayment, recordRefund } from './orders-client';
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

type MoneyBody = { amountCents: number; method: string; note?: string };

/** One list of the ways money moves, in the order the server lists them, each with its label. */
function methodOptions<M extends string>(methods: readonly M[], labels: Record<M, string>): { value: M; label: string }[] {
  return methods.map((value) => ({ value, label: labels[value] }));
}

/** The two money forms: a payment received (POST /payments) and a refund given back (POST /refunds). */
const MONEY_FORMS = {
  payment: {
    titleId: 'order-record-payment-title',
    title: 'Record a payment',
    amountLabel: 'Amount received (R)',
    amountHelp: 'Enter the amount received in rand, for example 1624.00.',
    methodLabel: 'Paid by',
    methods: methodOptions(MANUAL_PAYMENT_METHODS, MANUAL_PAYMENT_METHOD_LABELS),
    noteHint: "For example the bank's reference of the transfer.",
    submit: 'Record payment',
    done: 'The payment is recorded.',
    failed: 'Could not record the payment. Check the connection and try again.',
    send: recordPayment as (reference: string, body: MoneyBody) => Promise<AdminOrderResponse>,
  },
  refund: {
    titleId: 'order-record-refund-title',
    title: 'Record a refund',
    amountLabel: 'Amount refunded (R)',
    amountHelp: 'Enter the amount given back in rand, for example 250.00.',
    methodLabel: 'Refunded by',
    methods: methodOptions(REFUND_METHODS, REFUND_METHOD_LABELS),
    noteHint: "For example Ozow's refund reference or the reason.",
    submit: 'Record refund',
    done: 'The refund is recorded.',
    failed: 'Could not record the refund. Check the connection and try again.',
    send: recordRefund as (reference: string, body: MoneyBody) => Promise<AdminOrderResponse>,
  },
} as const;

/** Record a payment (shown while money is owed) or a refund (shown once money was paid). */
export function RecordMoneyForm({
  kind,
  order,
  onAnswer,
}: {
  kind: keyof typeof MONEY_FORMS;
  order: AdminOrderDetail;
  onAnswer: OnOrderAnswer;
}) {
  const form = MONEY_FORMS[kind];
  const [amount, setAmount] = useState('');
  const [method, setMethod] = useState<string>(form.methods[0]!.value);
  const [note, setNote] = useState('');
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<Problem | null>(null);
  const [amountError, setAmountError] = useState<string | undefined>();

  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    setProblem(null);
    const cents = randToCents(amount);
    if (cents === null || cents <= 0) {
      setAmountError(form.amountHelp);
      return;
    }
    setAmountError(undefined);
    setBusy(true);
    try {
      const answer = await form.send(order.reference, { amountCents: cents, method, ...(note.trim() ? { note: note.trim() } : {}) });
      setAmount('');
      setNote('');
      onAnswer(answer, form.done);
    } catch (err) {
      setProblem(problemOf(err, form.failed));
    } finally {
      setBusy(false);
    }
  }

  return (
    <section className="staff-card" aria-labelledby={form.titleId}>
      <h2 id={form.titleId}>{form.title}</h2>
      {kind === 'payment' ? (
        <p className="staff-hint">
          Outstanding: <strong data-testid="record-payment-outstanding">{formatRandFromCents(order.balanceDueCents)}</strong>. Record money
          that has reached the account (or was paid in cash or on the card machine); the customer is e-mailed a receipt.
        </p>
      ) : (
        <p className="staff-hint">
          Record money given back that no card gateway reports: an Ozow refund made in Ozow&apos;s merchant admin, a bank transfer, cash or
          the card machine. An order with a tax invoice gets a credit note for the amount.
        </p>
      )}
      <form className="oa-form" onSubmit={onSubmit} noValidate aria-labelledby={form.titleId}>
        <div className="staff-fields">
          <Field label={form.amountLabel} required error={amountError ?? problem?.issues.amount ?? problem?.issues.amountCents}>
            {(control) => (
              <input
                {...control}
                value={amount}
                onChange={(e) => setAmount(e.target.value)}
                required
                inputMode="decimal"
                autoComplete="off"
                placeholder={kind === 'payment' ? (order.balanceDueCents / 100).toFixed(2) : undefined}
              />
            )}
          </Field>
          <Field label={form.methodLabel} required error={problem?.issues.method}>
            {(control) => (
              <select {...control} value={method} onChange={(e) => setMethod(e.target.value)}>
                {form.methods.map((m) => (
                  <option key={m.value} value={m.value}>
                    {m.label}
                  </option>
                ))}
              </select>
            )}
          </Field>
        </div>
        <Field label="Note" hint={form.noteHint} error={problem?.issues.note}>
          {(control) => <input {...control} value={note} onChange={(e) => setNote(e.target.value)} maxLength={500} />}
        </Field>
        <button type="submit" className="button button--accent" disabled={busy} aria-busy={busy}>
          {busy ? 'Recording…' : form.submit}
        </button>
      </form>
      <ProblemAlert problem={problem} />
    </section>
  );
}

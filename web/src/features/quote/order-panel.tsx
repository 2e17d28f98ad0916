import { useRef, useState, type ChangeEvent, type FormEvent, type KeyboardEvent, type RefObject } from 'react';
import type { OrderSubmitResponse } from '@shared/orders-api';
import { SizesConfirmNote } from '../../components/size-estimate';
import { toast } from '../../components/toast';
import { ApiError } from '../../lib/api-client';
import { formatRand } from '../../lib/format';
import { payPhrase, usePublicConfig } from '../../lib/public-config';
import {
  attemptFor,
  buildOrderPayload,
  canSubmitOrder,
  customerDetailsComplete,
  EMPTY_CUSTOMER,
  MISSING_CUSTOMER_DETAILS,
  ORDER_FAILED_TITLE,
  orderFailureDescription,
  type CustomerDetails,
  type SubmissionAttempt,
  vatNumberProblem,
} from './calculator-model';
import { newId, submitOrder } from './quote-api';
import { quoteTotals, type QuoteLine } from '../../lib/quote-storage';
import { readChatSession } from '../../lib/session-id';

export type OrderScope = { kind: 'list' } | { kind: 'single'; line: QuoteLine };

interface OrderPanelProps {
  open: boolean;
  onToggle: () => void;
  scope: OrderScope;
  /** The Added Blinds list (ordered when the scope is the list). */
  lines: readonly QuoteLine[];
  onOrderList: () => void;
  /** Called with the server's answer once the order is stored. */
  onOrdered: (response: OrderSubmitResponse, scope: OrderScope) => void;
  headingRef: RefObject<HTMLButtonElement | null>;
}

type Field = keyof CustomerDetails;

/** Spec section 2 'Complete Your Order' and section 5 'Order submit': idle, then processing, then the confirmation. */
export function OrderPanel({ open, onToggle, scope, lines, onOrderList, onOrdered, headingRef }: OrderPanelProps) {
  const [customer, setCustomer] = useState<CustomerDetails>(EMPTY_CUSTOMER);
  const [status, setStatus] = useState<'idle' | 'processing'>('idle');
  const attempt = useRef<SubmissionAttempt | null>(null);
  const orderLines = scope.kind === 'single' ? [scope.line] : lines;
  const totals = quoteTotals(orderLines);
  const { payment } = usePublicConfig();
  // Only the ways to pay the server has (public configuration).
  const payHint =
    payment.card || payment.instantEft
      ? `You can ${payPhrase(payment)} on the next page.`
      : payment.bankTransfer
        ? 'The next page gives our bank details: pay by bank transfer with your order reference as the payment reference.'
        : 'Our team will contact you to arrange payment.';
  const ready = canSubmitOrder(customer, orderLines);
  const detailsMissing = !customerDetailsComplete(customer);
  const vatProblem = vatNumberProblem(customer);
  const [vatTouched, setVatTouched] = useState(false);

  const update = (field: Field) => (e: ChangeEvent<HTMLInputElement | HTMLTextAreaElement>) =>
    setCustomer((c) => ({ ...c, [field]: e.target.value }));

  async function submit(e?: FormEvent) {
    e?.preventDefault();
    if (status === 'processing') return;
    if (orderLines.length === 0) {
      toast({ title: 'No blinds to order', description: 'Add at least one blind to your quote first.', variant: 'destructive' });
      return;
    }
    if (vatProblem) {
      setVatTouched(true);
      toast({ title: 'Check your VAT number', description: vatProblem, variant: 'destructive' });
      return;
    }
    if (!canSubmitOrder(customer, orderLines)) {
      toast({ ...MISSING_CUSTOMER_DETAILS, variant: 'destructive' });
      return;
    }
    const payload = buildOrderPayload(customer, orderLines, readChatSession());
    attempt.current = attemptFor(attempt.current, JSON.stringify(payload), newId);
    setStatus('processing');
    try {
      const response = await submitOrder(payload, attempt.current.key);
      attempt.current = null;
      onOrdered(response, scope);
    } catch (err) {
      toast({
        title: ORDER_FAILED_TITLE,
        description: orderFailureDescription(err instanceof ApiError ? err.serverMessage : null),
        variant: 'destructive',
      });
      setStatus('idle');
    }
  }

  // Enter in a field submits even while the button is disabled, so the customer hears what is missing.
  function onKeyDown(e: KeyboardEvent<HTMLFormElement>) {
    if (e.key === 'Enter' && (e.target as HTMLElement).tagName === 'INPUT') {
      e.preventDefault();
      void submit();
    }
  }

  const field = (
    name: Field,
    label: string,
    options: {
      type?: string;
      autoComplete?: string;
      inputMode?: 'email' | 'tel' | 'text' | 'numeric';
      required?: boolean;
      /** What follows the label of an optional field; '(optional)' unless given. */
      optionalNote?: string;
      /** Shown under the field, and the field marked invalid, while set. */
      error?: string | null;
      onBlur?: () => void;
    },
  ) => (
    <label className="qc-field">
      <span>
        {label}
        {options.required ? (
          <abbr title="required" className="qc-required">
            {' '}
            *
          </abbr>
        ) : (
          <small className="qc-optional"> {options.optionalNote ?? '(optional)'}</small>
        )}
      </span>
      <input
        className="qc-input"
        name={name}
        type={options.type ?? 'text'}
        autoComplete={options.autoComplete}
        inputMode={options.inputMode}
        required={options.required}
        aria-required={options.required}
        value={customer[name] ?? ''}
        onChange={update(name)}
        onBlur={options.onBlur}
        disabled={status === 'processing'}
        aria-invalid={options.error ? true : undefined}
        aria-describedby={options.error ? `${name}-error` : undefined}
      />
      {options.error && (
        <small id={`${name}-error`} className="qc-error">
          {options.error}
        </small>
      )}
    </label>
  );

  return (
    <section className="qc-panel qc-order" aria-labelledby="qc-order-title">
      <h2 id="qc-order-title" className="qc-order__heading">
        <button
          ref={headingRef}
          type="button"
          className="qc-order__toggle"
          aria-expanded={open}
          aria-controls="qc-order-body"
          onClick={onToggle}
        >
          <span>Complete Your Order</span>
          <span className="qc-order__chevron" aria-hidden="true">
            {open ? '▴' : '▾'}
          </span>
        </button>
      </h2>
      {open && (
        <div id="qc-order-body">
          {scope.kind === 'single' ? (
            <div className="qc-order__scope">
              <p>
                Ordering this blind now: <strong>{scope.line.product_name}</strong>, {scope.line.width_mm} x {scope.line.drop_mm} mm,{' '}
                {scope.line.colour}, quantity {scope.line.quantity}. Your Added Blinds list stays as it is.
              </p>
              {lines.length > 0 && (
                <button type="button" className="link-button" onClick={onOrderList} disabled={status === 'processing'}>
                  Order my Added Blinds list instead
                </button>
              )}
            </div>
          ) : (
            <p className="qc-order__scope">
              {lines.length === 0
                ? 'Add at least one blind to your quote, or use Order This Blind Now.'
                : `Ordering the ${totals.quantity} blind${totals.quantity === 1 ? '' : 's'} in your quote.`}
            </p>
          )}
          <form onSubmit={submit} onKeyDown={onKeyDown} noValidate aria-busy={status === 'processing'}>
            <div className="qc-order__grid">
              {field('customer_name', 'Full Name', { autoComplete: 'name', required: true })}
              {field('customer_email', 'Email Address', { type: 'email', autoComplete: 'email', inputMode: 'email', required: true })}
              {field('customer_phone', 'Phone Number', { type: 'tel', autoComplete: 'tel', inputMode: 'tel', required: true })}
              {field('customer_address', 'Delivery Address', { autoComplete: 'street-address' })}
              {field('customer_vat_number', 'VAT number', {
                inputMode: 'numeric',
                autoComplete: 'off',
                optionalNote: '(for a tax invoice, optional)',
                // Said once the customer leaves the field (or tries to order), not while they type.
                error: vatTouched ? vatProblem : null,
                onBlur: () => setVatTouched(true),
              })}
            </div>
            <label className="qc-field">
              <span>
                Special Instructions<small className="qc-optional"> (optional)</small>
              </span>
              <textarea
                className="qc-input qc-textarea"
                name="special_instructions"
                rows={3}
                value={customer.special_instructions}
                onChange={update('special_instructions')}
                disabled={status === 'processing'}
              />
            </label>
            <p className="qc-order__total">
              <span>Order total (incl. 15% VAT)</span> <strong data-testid="qc-order-total">{formatRand(totals.total)}</strong>
            </p>
            <p className="qc-hint">Our server confirms every price when the order is placed. {payHint}</p>
            <div className="button-row">
              <button type="submit" className="button button--accent" disabled={!ready || status === 'processing'}>
                {status === 'processing' ? 'Processing Order…' : 'Place Order'}
              </button>
            </div>
            <SizesConfirmNote lines={orderLines} />
            {detailsMissing && orderLines.length > 0 && status === 'idle' && (
              <p className="qc-hint">{MISSING_CUSTOMER_DETAILS.description}</p>
            )}
            <p className="visually-hidden" role="status">
              {status === 'processing' ? 'Placing your order…' : ''}
            </p>
          </form>
        </div>
      )}
    </section>
  );
}

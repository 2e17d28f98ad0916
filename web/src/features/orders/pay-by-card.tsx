import { useEffect, useId, useRef, useState } from 'react';
import type { PaymentCreateRequest } from '@shared/orders-api';
import { toast } from '../../components/toast';
import { formatRand } from '../../lib/format';
import { createPayment } from './orders-client';
import { PAYMENT_EMAIL_REQUIRED, paymentFailureToast } from './payment-model';

export interface PayByCardProps {
  /** The body of POST /api/payment/create; the server charges its own total, never this one. */
  request: PaymentCreateRequest;
  /** 'card' (the card gateway) or 'instant_eft' (Ozow): the way to pay this button starts. */
  method?: PaymentMethod;
  /** The checkout is the sandbox's test page on this site (public configuration instantEftTest): no money is taken. */
  test?: boolean;
  /** Shown to the customer: the order's or quote's total in rand. */
  total: number;
  disabled?: boolean;
  /** Start the checkout once as soon as the component shows (?pay=1). */
  autoStart?: boolean;
  label?: string;
  heading?: string;
}

type PaymentMethod = 'card' | 'instant_eft';

/** Instant EFT while the sandbox stands in for Ozow (a local or test set-up): said plainly, never Ozow's name. */
const TEST_INSTANT_EFT = {
  heading: 'Instant EFT (test)',
  label: 'Pay by instant EFT',
  next: 'on a test bank page on this site that stands in for Ozow: no bank is contacted and no money is taken.',
};

/** Each online way to pay in the customer's words: what it is called and what happens next. */
const METHOD_TEXT: Record<PaymentMethod, { heading: string; label: string; next: string }> = {
  card: {
    heading: 'Secure card payment',
    label: 'Pay by card',
    next: "on our payment provider's secure checkout page. Your card details go straight to the provider; we never see or store them.",
  },
  instant_eft: {
    heading: 'Instant EFT with Ozow',
    label: 'Pay by instant EFT',
    next: "straight from your bank account with Ozow: choose your bank on Ozow's secure page and approve the payment in your banking app. No card needed, and we never see your banking details. Your order is confirmed as soon as Ozow confirms the payment.",
  },
};

/**
 * The secure online-payment component (storefront spec sections 3, 7, 8; staff spec 2.1): asks the
 * server for a checkout link for the chosen way to pay and sends the customer to the gateway's page.
 */
export function PayByCard({
  request,
  method = 'card',
  test = false,
  total,
  disabled = false,
  autoStart = false,
  label,
  heading,
}: PayByCardProps) {
  const text = method === 'instant_eft' && test ? TEST_INSTANT_EFT : METHOD_TEXT[method];
  const [pending, setPending] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const started = useRef(false);
  const id = useId();

  async function pay() {
    if (pending) return;
    if (!request.customer_info?.email?.trim()) {
      setError(PAYMENT_EMAIL_REQUIRED);
      return;
    }
    setError(null);
    setPending(true);
    try {
      const checkoutUrl = await createPayment({ ...request, method });
      // Stays 'Redirecting...' while the browser leaves for the gateway.
      window.location.assign(checkoutUrl);
    } catch (err) {
      const message = paymentFailureToast(err);
      toast({ ...message, variant: 'destructive' });
      setError(`${message.title}: ${message.description}`);
      setPending(false);
    }
  }

  useEffect(() => {
    if (!autoStart || disabled || started.current) return;
    started.current = true;
    void pay();
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [autoStart, disabled]);

  return (
    <section className="pay-card" aria-labelledby={`${id}-title`} data-method={method}>
      <h3 id={`${id}-title`} className="pay-card__title">
        <svg className="pay-card__lock" viewBox="0 0 24 24" width="18" height="18" aria-hidden="true" focusable="false">
          <path
            fill="currentColor"
            d="M12 2a5 5 0 0 0-5 5v3H6a2 2 0 0 0-2 2v8a2 2 0 0 0 2 2h12a2 2 0 0 0 2-2v-8a2 2 0 0 0-2-2h-1V7a5 5 0 0 0-5-5Zm-3 8V7a3 3 0 1 1 6 0v3H9Zm3 3.5a1.5 1.5 0 0 1 .75 2.8V18h-1.5v-1.7A1.5 1.5 0 0 1 12 13.5Z"
          />
        </svg>{' '}
        {heading ?? text.heading}
      </h3>
      <p className="pay-card__text">
        Pay <strong>{formatRand(total)}</strong> (VAT included) {text.next}
      </p>
      <button
        type="button"
        className="button button--accent pay-card__button"
        onClick={() => void pay()}
        disabled={disabled || pending}
        aria-busy={pending}
      >
        {pending ? 'Redirecting to secure checkout...' : (label ?? text.label)}
      </button>
      {error && (
        <p className="orders-error" role="alert">
          {error}
        </p>
      )}
    </section>
  );
}

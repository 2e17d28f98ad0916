// The provider interface every gateway implements (sandbox, Yoco, PayFast: card; Ozow: instant EFT).

export const PROVIDER_NAMES = ['sandbox', 'yoco', 'payfast', 'ozow'] as const;
export type ProviderName = (typeof PROVIDER_NAMES)[number];

/** What a gateway needs to know about the order it charges; the total is always the server's. */
export interface CheckoutOrder {
  reference: string;
  totalCents: number;
  customerName: string;
  customerEmail: string;
}

/** Where the gateway sends the customer back (and, for PayFast, where it posts its ITN). */
export interface CheckoutUrls {
  /** The site's public origin, e.g. https://shop.example.co.za */
  origin: string;
  success: string;
  cancel: string;
  failure: string;
}

export interface CheckoutSession {
  /** Stored as orders.checkout_id (the latest) and in payment_checkouts (every one, for matching notifications). */
  checkoutId: string;
  /** Where the customer pays. */
  url: string;
}

export interface PaymentProvider {
  readonly name: ProviderName;
  createCheckout(order: CheckoutOrder, urls: CheckoutUrls): Promise<CheckoutSession>;
}

/** The gateway refused our credentials: the shop's set-up must change. The message is for the log, never the customer. */
export class PaymentSetupError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'PaymentSetupError';
  }
}

/** The gateway failed or could not be reached while creating the checkout. */
export class PaymentUpstreamError extends Error {
  constructor(
    readonly reason: string,
    options?: { cause?: unknown },
  ) {
    super(`Payment gateway failed: ${reason}`, options);
    this.name = 'PaymentUpstreamError';
  }
}

/** A notification handler's verdict; `httpStatus` is what the gateway is answered. */
export interface NotificationResult {
  httpStatus: 200 | 400 | 401 | 503;
  /** recorded: a payment row was written; duplicate: seen before; ignored/rejected: nothing changed. */
  outcome: 'recorded' | 'duplicate' | 'ignored' | 'rejected';
  /** Why, in a few words (logged, and answered to the gateway). */
  note: string;
  reference?: string;
}

export function paymentLog(level: 'info' | 'warn' | 'error', message: string, fields: Record<string, unknown> = {}): void {
  const line = JSON.stringify({ level, area: 'payments', message, ...fields });
  if (level === 'error') console.error(line);
  else if (level === 'warn') console.warn(line);
  else console.log(line);
}

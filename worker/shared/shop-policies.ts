// The shop's policies as facts, in one place: the storefront's pages, the built-in consultant and
// Claude's system prompt all read these sentences, so the chat never contradicts the site.
// Only what the storefront spec states (section 9: lead times, courier delivery, 30-day quotes,
// VAT, contact within 24 hours) and what the server is configured to do (payment methods) is said
// as a fact. The spec publishes no guarantee or returns terms, so none are invented here: those
// questions go to a person (GUARANTEE_TERMS and RETURNS_TERMS stay null until the shop writes them).
import { payPhrase, type PaymentMethods } from './public-config';

/**
 * The lead times the storefront promises (storefront spec section 9: 'Order processing takes 1-2
 * business days. Production takes 7-10 business days.'), in South African working days
 * (working-days.ts). The courier's is the usual door-to-door time of a national courier. They live
 * here, not in fulfilment.ts, because the landing page says them: it loads this module, not the
 * order model.
 */
export const ORDER_PROCESSING_WORKING_DAYS = 2;
export const PRODUCTION_WORKING_DAYS = { min: 7, max: 10 } as const;
export const COURIER_WORKING_DAYS = { min: 2, max: 5 } as const;

/** The landing page's phrase ('Order and pay by card ...'), from the same configuration. */
export { payPhrase };

/** Which ways to pay the server can take (GET /api/config `payment`, reduced to yes or no). */
export interface PaymentOffer {
  card: boolean;
  bankTransfer: boolean;
}

export function paymentOffer(payment: PaymentMethods): PaymentOffer {
  return { card: payment.card, bankTransfer: payment.bankTransfer !== null };
}

/** The payment answer, naming only the configured methods (DESIGN.md 7b: no page offers a way that fails). */
export function paymentPolicy(payment: PaymentOffer): string {
  const eft = 'by bank transfer (EFT), with your order reference as the payment reference';
  if (payment.card && payment.bankTransfer) return `You can pay by card through our secure online checkout, or ${eft}.`;
  if (payment.card)
    return 'You pay by card through our secure online checkout when you order. Bank transfer (EFT) is not offered at the moment.';
  if (payment.bankTransfer) return `You pay ${eft}. Card payment is not offered on the site at the moment.`;
  return 'Online payment is not set up at the moment: our team arranges payment with you when they confirm your order.';
}

/** Storefront spec section 9: 'Order processing takes 1-2 business days. Production takes 7-10 business days.' */
export const PROCESSING_SENTENCE = `Order processing takes 1-${ORDER_PROCESSING_WORKING_DAYS} business days.`;
export const PRODUCTION_SENTENCE = `Production takes ${PRODUCTION_WORKING_DAYS.min}-${PRODUCTION_WORKING_DAYS.max} business days.`;
export const PRODUCTION_POLICY = `${PROCESSING_SENTENCE} ${PRODUCTION_SENTENCE}`;

/** Short form for the landing page's lists. */
export const PRODUCTION_SHORT = `Production takes ${PRODUCTION_WORKING_DAYS.min}-${PRODUCTION_WORKING_DAYS.max} business days`;

/** Spec section 9: 'Delivery is by courier within the service area' (the e-mails and the consultant say it alike). */
export const DELIVERY_POLICY = 'Delivery is by courier within our service area.';
/** The courier's usual door-to-door time (fulfilment.ts), for the consultant's longer answer. */
export const COURIER_TIME = `The courier usually takes ${COURIER_WORKING_DAYS.min}-${COURIER_WORKING_DAYS.max} business days after dispatch.`;

/** The Garden Route service (orders fulfilled by 'installation', fulfilment.ts). */
export const SERVICE_AREA = 'the Garden Route, from Mossel Bay to Plettenberg Bay';
export const INSTALLATION_POLICY = `Along ${SERVICE_AREA}, our team can measure and fit your blinds: the fitting is booked with you once your blinds are made. Elsewhere in South Africa your blinds come by courier, ready to fit.`;

/** Spec section 9: 'A quote is valid 30 days. Prices include VAT (15%).' */
export const QUOTE_VALIDITY_DAYS = 30;
export const QUOTE_POLICY = `Our quotes are valid for ${QUOTE_VALIDITY_DAYS} days.`;
export const VAT_POLICY = 'All our prices include 15% VAT.';

/** Spec section 9: 'Lead contact promise: within 24 hours' (staff see leads waiting longer on /marketing-insights). */
export const LEAD_CONTACT_HOURS = 24;
export const CONTACT_PROMISE = `within ${LEAD_CONTACT_HOURS} hours`;

/** Not published by the shop (the spec states none): null, and the consultant refers the question to a person. */
export const GUARANTEE_TERMS: string | null = null;
export const RETURNS_TERMS: string | null = null;

/** What is said when the shop has published no terms: never a made-up guarantee or returns policy. */
export function termsAnswer(kind: 'guarantee' | 'returns'): string {
  const terms = kind === 'guarantee' ? GUARANTEE_TERMS : RETURNS_TERMS;
  if (terms) return terms;
  const what = kind === 'guarantee' ? 'guarantee' : 'returns and exchanges';
  return `The ${what} terms aren't published on this site, so I won't guess: our team will tell you exactly what applies to your blinds.`;
}

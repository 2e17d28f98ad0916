// The one wording for prices that come from a seeded sample grid (DESIGN.md section 6: sample prices,
// labelled as such; section 7b: no card payment at sample prices in production). Every page, e-mail,
// PDF and consultant answer that shows such a price uses these, so the customer reads one phrase.

/** The badge or label next to a price from a sample grid. */
export const SAMPLE_PRICES_LABEL = 'Sample prices';

/** The sentence that goes with it. */
export const SAMPLE_PRICES_NOTE = 'These are sample prices; our team confirms the final price before you pay.';

/** Label and sentence together, for plain text (e-mails, PDF, consultant answers). */
export const SAMPLE_PRICES_TEXT = `${SAMPLE_PRICES_LABEL}: ${SAMPLE_PRICES_NOTE}`;

/** Why a card payment is refused for an order priced from a sample grid (before the shop's contacts). */
export const SAMPLE_PRICES_PAYMENT_REFUSED =
  'Card payment is not available for this order: it was priced from our sample prices, and we never take payment at sample prices. Please contact us and our team will confirm the final price and how to pay.';

/** True when any line was priced from a sample grid (lines stored before the flag existed count as real). */
export function hasSamplePrices(lines: readonly { sample_price?: boolean }[]): boolean {
  return lines.some((l) => l.sample_price === true);
}

export interface ShopContacts {
  phones: readonly string[];
  whatsapp?: string | null;
  email?: string | null;
}

/** 'Call 044 ..., WhatsApp ... or e-mail ...' from what is configured; '' when nothing is. */
export function contactSentence(contacts: ShopContacts): string {
  const parts = [
    ...contacts.phones.filter(Boolean).map((p) => `call ${p}`),
    contacts.whatsapp ? `WhatsApp ${contacts.whatsapp}` : '',
    contacts.email ? `e-mail ${contacts.email}` : '',
  ].filter(Boolean);
  if (parts.length === 0) return '';
  const text = parts.length === 1 ? parts[0]! : `${parts.slice(0, -1).join(', ')} or ${parts.at(-1)}`;
  return `${text[0]!.toUpperCase()}${text.slice(1)}.`;
}

/** The refusal with the shop's contacts, as the API answers it. */
export function samplePricesPaymentMessage(contacts: ShopContacts): string {
  const reach = contactSentence(contacts);
  return reach ? `${SAMPLE_PRICES_PAYMENT_REFUSED} ${reach}` : SAMPLE_PRICES_PAYMENT_REFUSED;
}

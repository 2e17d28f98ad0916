/** The business's name while BUSINESS_NAME is unset (worker/lib/business-profile.ts, and the web's fallback). */
export const DEFAULT_BUSINESS_NAME = 'Custom Blinds';

/** Business configuration the browser may see (GET /api/config). Never secrets. */
export interface PublicConfig {
  assistantName: string;
  businessName: string;
  phone: { gardenRoute: string; national: string };
  whatsapp: { gardenRoute: string; national: string };
  whatsappGreeting: { gardenRoute: string; national: string };
  email: string;
  mainWebsiteUrl: string;
  /** The developer-tools guard runs in production only. */
  devtoolsGuard: boolean;
  /** The ways to pay the server can take: pages offer only these (DESIGN.md 7b). */
  payment: PaymentMethods;
}

export interface PaymentMethods {
  /** A card gateway is configured and can start a checkout (POST /api/payment/create). */
  card: boolean;
  /** Ozow is configured and can start an instant EFT checkout (POST /api/payment/create, method 'instant_eft'). */
  instantEft: boolean;
  /** Instant EFT is the sandbox's test page on this site, not Ozow: no money is taken (PAYMENT_PROVIDER=sandbox). */
  instantEftTest: boolean;
  /** The shop's account for a bank transfer with the order reference as payment reference; null when not configured. */
  bankTransfer: BankTransferDetails | null;
}

/** Public on purpose: a customer needs them to pay. */
export interface BankTransferDetails {
  accountName: string;
  bankName: string;
  accountNumber: string;
  branchCode: string;
  accountType: string;
}

/** How a customer pays, in words for a sentence ('Order and ...'): only the ways the server has. */
export function payPhrase(payment: Pick<PaymentMethods, 'card' | 'instantEft' | 'bankTransfer'>): string {
  // In the order South Africans expect them: card, instant EFT, bank transfer.
  const ways = [payment.card && 'card', payment.instantEft && 'instant EFT', payment.bankTransfer && 'bank transfer'].filter(
    (way): way is string => Boolean(way),
  );
  if (ways.length === 0) return 'arrange payment with our team';
  const last = ways.pop()!;
  return `pay by ${ways.length > 0 ? `${ways.join(', ')} or ${last}` : last}`;
}

/** wa.me wants digits only, with the country code. */
export function whatsappLink(number: string, greeting: string): string {
  return `https://wa.me/${number.replace(/\D/g, '')}?text=${encodeURIComponent(greeting)}`;
}

export function telLink(number: string): string {
  return `tel:${number.replace(/[^\d+]/g, '')}`;
}

/** The id of the `<script type="application/json">` that carries this configuration in each page. */
export const PUBLIC_CONFIG_ELEMENT_ID = 'public-config';

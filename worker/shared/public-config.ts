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

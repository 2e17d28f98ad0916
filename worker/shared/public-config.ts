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

import { Hono } from 'hono';
import type { AppBindings, Env } from '../env';
import { isProduction } from '../lib/app-env';
import { bankTransferDetails } from '../services/payments/bank-transfer';
import { cardPaymentsAvailable } from '../services/payments/gateway';
import type { PublicConfig } from '../shared/public-config';

export function publicConfig(env: Env): PublicConfig {
  const businessName = env.BUSINESS_NAME || 'Custom Blinds';
  return {
    assistantName: env.ASSISTANT_NAME || 'Melvin',
    businessName,
    phone: { gardenRoute: env.BUSINESS_PHONE_GARDEN_ROUTE ?? '', national: env.BUSINESS_PHONE_NATIONAL ?? '' },
    whatsapp: { gardenRoute: env.BUSINESS_WHATSAPP_GARDEN_ROUTE ?? '', national: env.BUSINESS_WHATSAPP_NATIONAL ?? '' },
    whatsappGreeting: {
      gardenRoute: `Hi ${businessName}! I'm on the Garden Route and would like a site visit for blinds or shutters.`,
      national: `Hi ${businessName}! I'd like help with made-to-measure blinds.`,
    },
    email: env.BUSINESS_EMAIL ?? '',
    mainWebsiteUrl: env.MAIN_WEBSITE_URL ?? '',
    // Fail closed: an unset or misspelt APP_ENV is production.
    devtoolsGuard: isProduction(env),
    // Only the ways to pay that work: no 'Pay by card' without a gateway that can take it.
    payment: { card: cardPaymentsAvailable(env), bankTransfer: bankTransferDetails(env) },
  };
}

export const configRoutes = new Hono<AppBindings>().get('/', (c) => {
  c.header('Cache-Control', 'no-cache');
  return c.json(publicConfig(c.env));
});

import { Hono } from 'hono';
import type { AppBindings, Env } from '../env';
import { isProduction } from '../lib/app-env';
import { businessProfile } from '../lib/business-profile';
import { bankTransferDetails } from '../services/payments/bank-transfer';
import { cardPaymentsAvailable, instantEftAvailable, instantEftIsTest } from '../services/payments/gateway';
import type { PublicConfig } from '../shared/public-config';

export function publicConfig(env: Env): PublicConfig {
  const business = businessProfile(env);
  const businessName = business.name;
  return {
    assistantName: env.ASSISTANT_NAME || 'Melvin',
    businessName,
    phone: { gardenRoute: business.phoneGardenRoute ?? '', national: business.phoneNational ?? '' },
    whatsapp: { gardenRoute: business.whatsappGardenRoute ?? '', national: business.whatsappNational ?? '' },
    whatsappGreeting: {
      gardenRoute: `Hi ${businessName}! I'm on the Garden Route and would like a site visit for blinds or shutters.`,
      national: `Hi ${businessName}! I'd like help with made-to-measure blinds.`,
    },
    email: business.email ?? '',
    mainWebsiteUrl: business.website ?? '',
    // Fail closed: an unset or misspelt APP_ENV is production.
    devtoolsGuard: isProduction(env),
    // Only the ways to pay that work: no 'Pay by card' without a gateway that can take it.
    payment: {
      card: cardPaymentsAvailable(env),
      instantEft: instantEftAvailable(env),
      instantEftTest: instantEftIsTest(env),
      bankTransfer: bankTransferDetails(env),
    },
  };
}

export const configRoutes = new Hono<AppBindings>().get('/', (c) => {
  c.header('Cache-Control', 'no-cache');
  return c.json(publicConfig(c.env));
});

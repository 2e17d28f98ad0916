// The business's name and contacts, read from the environment in one place (README 'Configuration':
// BUSINESS_NAME, BUSINESS_EMAIL, BUSINESS_PHONE_*, BUSINESS_WHATSAPP_*, MAIN_WEBSITE_URL). Values are
// trimmed; an unset or blank contact is null, an unset name is the default.
import type { Env } from '../env';
import { DEFAULT_BUSINESS_NAME } from '../shared/public-config';

type BusinessEnv = Pick<
  Env,
  | 'BUSINESS_NAME'
  | 'BUSINESS_EMAIL'
  | 'BUSINESS_PHONE_NATIONAL'
  | 'BUSINESS_PHONE_GARDEN_ROUTE'
  | 'BUSINESS_WHATSAPP_NATIONAL'
  | 'BUSINESS_WHATSAPP_GARDEN_ROUTE'
  | 'MAIN_WEBSITE_URL'
>;

export interface BusinessProfile {
  name: string;
  email: string | null;
  phoneNational: string | null;
  phoneGardenRoute: string | null;
  whatsappNational: string | null;
  whatsappGardenRoute: string | null;
  website: string | null;
}

const value = (v: string | undefined) => v?.trim() || null;

export function businessName(env: Pick<Env, 'BUSINESS_NAME'>): string {
  return value(env.BUSINESS_NAME) ?? DEFAULT_BUSINESS_NAME;
}

export function businessProfile(env: BusinessEnv): BusinessProfile {
  return {
    name: businessName(env),
    email: value(env.BUSINESS_EMAIL),
    phoneNational: value(env.BUSINESS_PHONE_NATIONAL),
    phoneGardenRoute: value(env.BUSINESS_PHONE_GARDEN_ROUTE),
    whatsappNational: value(env.BUSINESS_WHATSAPP_NATIONAL),
    whatsappGardenRoute: value(env.BUSINESS_WHATSAPP_GARDEN_ROUTE),
    website: value(env.MAIN_WEBSITE_URL),
  };
}

import { atom, useAtomValue } from 'jotai';
import type { PublicConfig } from '../../../worker/shared/public-config';
import { getJson } from './api-client';

export type { PublicConfig };

/** Shown until /api/config answers, and if it cannot: contact buttons stay hidden, not wrong. */
export const FALLBACK_CONFIG: PublicConfig = {
  assistantName: 'Melvin',
  businessName: 'Custom Blinds',
  phone: { gardenRoute: '', national: '' },
  whatsapp: { gardenRoute: '', national: '' },
  whatsappGreeting: { gardenRoute: '', national: '' },
  email: '',
  mainWebsiteUrl: '',
  devtoolsGuard: false,
};

const configAtom = atom<Promise<PublicConfig>>(async () => (await getJson<PublicConfig>('/api/config').catch(() => null)) ?? FALLBACK_CONFIG);

export function usePublicConfig(): PublicConfig {
  return useAtomValue(configAtom);
}

/** wa.me wants digits only, with the country code. */
export function whatsappLink(number: string, greeting: string): string {
  return `https://wa.me/${number.replace(/\D/g, '')}?text=${encodeURIComponent(greeting)}`;
}

export function telLink(number: string): string {
  return `tel:${number.replace(/[^\d+]/g, '')}`;
}

import { atom, useAtomValue } from 'jotai';
import { PUBLIC_CONFIG_ELEMENT_ID, type PublicConfig } from '../../../worker/shared/public-config';
import { getJson } from './api-client';

export type { PublicConfig };
export { payPhrase, telLink, whatsappLink } from '../../../worker/shared/public-config';

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
  // Unknown: offer no way to pay rather than one that may fail.
  payment: { card: false, bankTransfer: null },
};

/**
 * The Worker writes the configuration into the pages it sends (`<script id="public-config">`), so the
 * first render needs no round trip; a page without it (the 404 page) asks GET /api/config.
 */
function embeddedConfig(): PublicConfig | null {
  const text = typeof document === 'undefined' ? null : document.getElementById(PUBLIC_CONFIG_ELEMENT_ID)?.textContent;
  if (!text) return null;
  try {
    // Fields a page cached before they existed (e.g. payment) fall back, never undefined.
    return { ...FALLBACK_CONFIG, ...(JSON.parse(text) as PublicConfig) };
  } catch {
    return null;
  }
}

const configAtom = atom<PublicConfig | Promise<PublicConfig>>(
  () => embeddedConfig() ?? getJson<PublicConfig>('/api/config').then((config) => config ?? FALLBACK_CONFIG, () => FALLBACK_CONFIG),
);

export function usePublicConfig(): PublicConfig {
  return useAtomValue(configAtom);
}


import { use } from 'react';
import { DEFAULT_BUSINESS_NAME, PUBLIC_CONFIG_ELEMENT_ID, type PublicConfig } from '@shared/public-config';
import { getJson } from './api-client';

export type { PublicConfig };
export { payPhrase, telLink, whatsappLink } from '@shared/public-config';

/** Shown until /api/config answers, and if it cannot: contact buttons stay hidden, not wrong. */
export const FALLBACK_CONFIG: PublicConfig = {
  assistantName: 'Melvin',
  businessName: DEFAULT_BUSINESS_NAME,
  phone: { gardenRoute: '', national: '' },
  whatsapp: { gardenRoute: '', national: '' },
  whatsappGreeting: { gardenRoute: '', national: '' },
  email: '',
  mainWebsiteUrl: '',
  devtoolsGuard: false,
  // Unknown: offer no way to pay rather than one that may fail.
  payment: { card: false, instantEft: false, instantEftTest: false, bankTransfer: null },
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

/** Read on first use: the embedded configuration, else the answer of one request (the callers suspend until it arrives). */
let config: PublicConfig | Promise<PublicConfig> | undefined;

function publicConfig(): PublicConfig | Promise<PublicConfig> {
  config ??=
    embeddedConfig() ??
    getJson<PublicConfig>('/api/config').then(
      (answer) => (config = answer ?? FALLBACK_CONFIG),
      () => (config = FALLBACK_CONFIG),
    );
  return config;
}

export function usePublicConfig(): PublicConfig {
  const current = publicConfig();
  return current instanceof Promise ? use(current) : current;
}

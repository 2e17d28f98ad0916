import type { UserContext } from './chat-api';
// Consultant mode (storefront spec sections 3 and 6): the named consultant (Melvin) uses the same
// chat panel as customers, but with the voice wake word and voice commands. The mode is on when any
// of the spec's four signals holds; otherwise the visitor is a customer.

/** The location value of a consultant's user context (spec section 3: location equals garden_route). */
export const CONSULTANT_LOCATION = 'garden_route';
/** The location value of a customer's user context. */
export const CUSTOMER_LOCATION = 'national';

export interface ConsultantSignals {
  /** The user context's location, when one is known. */
  location?: string | null;
  /** The user context's is{Name} flag (isMelvin), when one is known. */
  isNamed?: boolean | null;
  /** The URL path, e.g. '/melvin-workspace'. */
  pathname?: string | null;
  sessionId?: string | null;
  /** The value stored under the local storage key `${name.toLowerCase()}_session`. */
  storageValue?: string | null;
  /** The assistant's name (PublicConfig.assistantName), e.g. 'Melvin'. */
  name: string;
}

/** The local storage key that switches consultant mode on: 'melvin_session'. */
export function consultantStorageKey(name: string): string {
  return `${name.trim().toLowerCase()}_session`;
}

/** The user-context flag name: 'is' + the assistant's name as configured ('isMelvin'). */
export function namedFlagKey(name: string): `is${string}` {
  return `is${name.trim()}`;
}

/** True when any of the spec's consultant signals holds (section 3 'Consultant mode'). */
export function isConsultantMode({ location, isNamed, pathname, sessionId, storageValue, name }: ConsultantSignals): boolean {
  const needle = name.trim().toLowerCase();
  if (location === CONSULTANT_LOCATION) return true;
  if (isNamed === true) return true;
  if (needle) {
    if (pathname && pathname.toLowerCase().includes(needle)) return true;
    if (sessionId && sessionId.toLowerCase().includes(needle)) return true;
  }
  return storageValue === 'true';
}

/** The chat request's userContext: { location, is{Name} } with the contract's field names. */
export function chatUserContext(name: string, consultant: boolean, storedLocation?: string | null): UserContext {
  const location = consultant ? CONSULTANT_LOCATION : storedLocation || CUSTOMER_LOCATION;
  return { location, [namedFlagKey(name)]: consultant };
}

function readStorage(key: string): string | null {
  try {
    return globalThis.localStorage?.getItem(key) ?? null;
  } catch {
    return null; // storage blocked (private mode)
  }
}

/**
 * Reads the browser's signals (URL path, local storage) plus whatever the caller knows
 * (session id, a user context) and answers whether consultant mode is on.
 */
export function readConsultantMode(
  name: string,
  known: Omit<ConsultantSignals, 'name' | 'storageValue' | 'pathname'> & { pathname?: string | null } = {},
): boolean {
  const pathname = known.pathname ?? (typeof location === 'undefined' ? null : location.pathname);
  return isConsultantMode({ ...known, pathname, name, storageValue: readStorage(consultantStorageKey(name)) });
}

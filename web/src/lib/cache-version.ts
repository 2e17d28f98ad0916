/** The app's cache version (spec section 4): on a mismatch local and session storage are cleared. */
export const APP_CACHE_VERSION = '2025.06.20.v4';
const VERSION_KEY = 'app-cache-version';

export function enforceCacheVersion(local: Storage = localStorage, session: Storage = sessionStorage): boolean {
  try {
    if (local.getItem(VERSION_KEY) === APP_CACHE_VERSION) return false;
    local.clear();
    session.clear();
    local.setItem(VERSION_KEY, APP_CACHE_VERSION);
    return true;
  } catch {
    return false; // storage blocked (private mode): nothing to wipe
  }
}

import { STORAGE_KEYS } from './storage-keys';

/**
 * The app's cache version (spec section 4): on a mismatch local and session storage are cleared,
 * except stored work: the site visits and workspace notes a consultant recorded (the store and the
 * old format it is brought in from) are never cleared by a version change.
 */
export const APP_CACHE_VERSION = '2025.06.20.v4';
const VERSION_KEY = 'app-cache-version';

/** Keys a version change keeps: work, not cache. */
export const KEPT_ON_VERSION_CHANGE: readonly string[] = [
  STORAGE_KEYS.siteVisitStore,
  `${STORAGE_KEYS.siteVisitStore}-unreadable`,
  STORAGE_KEYS.siteVisits,
  STORAGE_KEYS.workspaceNotes,
];

export function enforceCacheVersion(local: Storage = localStorage, session: Storage = sessionStorage): boolean {
  try {
    if (local.getItem(VERSION_KEY) === APP_CACHE_VERSION) return false;
    // Key by key rather than clear(): kept work is never taken out of storage, not even for a moment.
    const cached = Array.from({ length: local.length }, (_, i) => local.key(i)).filter(
      (key): key is string => key !== null && !KEPT_ON_VERSION_CHANGE.includes(key),
    );
    for (const key of cached) local.removeItem(key);
    session.clear();
    local.setItem(VERSION_KEY, APP_CACHE_VERSION);
    return true;
  } catch {
    return false; // storage blocked (private mode): nothing to wipe
  }
}

import { useEffect, useSyncExternalStore } from 'react';
import type { SiteVisitState, VisitValues } from '@shared/site-visit-records';
import { ApiError, apiRequest } from '../../../lib/api-client';
import { STORAGE_KEYS } from '../../../lib/storage-keys';
import { parseSiteVisits, parseWorkspaceNotes, newId } from './site-visit-storage';
import {
  applySyncAnswer,
  createNote,
  createVisit,
  deleteNote,
  deleteVisit,
  editNote,
  editVisit,
  emptyStore,
  migrateLegacy,
  nextSyncBatch,
  parseStore,
  pendingCount,
  viewNotes,
  viewVisits,
  type SiteVisit,
  type StoreData,
  type WorkspaceNote,
} from './site-visit-store';

// The phone's site-visit store and its sync (staff spec 2.11): every change is written to this
// browser's storage first, under a key the cache-version bump keeps (lib/cache-version.ts), then
// sent to the office; when the network is away it is sent when the 'online' event comes, and a
// failed send is tried again (5 s, doubling to a minute), so nothing waits on a consultant remembering.

export type SyncState = 'idle' | 'syncing' | 'offline' | 'locked' | 'refused';

export interface SiteVisitSnapshot {
  visits: SiteVisit[];
  notes: WorkspaceNote[];
  pending: number;
  syncState: SyncState;
  /** The office's answer that stopped the last sync, when it refused one. */
  syncMessage: string | null;
  lastSyncedAt: string | null;
  /** False when this browser would not store the last change (full or blocked). */
  storedLocally: boolean;
}

const KEY = STORAGE_KEYS.siteVisitStore;
const MIN_RETRY_MS = 5_000;
const MAX_RETRY_MS = 60_000;
/** While a page is open the office copy is read again this often, so another device's work shows. */
const REFRESH_MS = 30_000;

let data: StoreData | null = null;
let syncState: SyncState = 'idle';
let syncMessage: string | null = null;
let storedLocally = true;
let snapshot: SiteVisitSnapshot | null = null;
const listeners = new Set<() => void>();

function readRaw(key: string): string | null {
  try {
    return localStorage.getItem(key);
  } catch {
    return null;
  }
}

function writeRaw(key: string, value: string): boolean {
  try {
    localStorage.setItem(key, value);
    return true;
  } catch {
    return false;
  }
}

/**
 * The store, read once: a value that cannot be read is kept aside (never overwritten), and visits
 * and notes of the old local-only format are brought in and their keys removed only once the new
 * store holds them.
 */
function load(): StoreData {
  const raw = readRaw(KEY);
  let loaded = parseStore(raw);
  if (raw !== null && loaded === null) {
    console.warn('The stored site visits could not be read; they are kept under site-visit-store-unreadable.');
    writeRaw(`${KEY}-unreadable`, raw);
  }
  loaded ??= emptyStore();
  const legacyVisits = readRaw(STORAGE_KEYS.siteVisits);
  const legacyNotes = readRaw(STORAGE_KEYS.workspaceNotes);
  if (legacyVisits === null && legacyNotes === null) return loaded;
  const migrated = migrateLegacy(loaded, parseSiteVisits(legacyVisits), parseWorkspaceNotes(legacyNotes), Date.now());
  if (writeRaw(KEY, JSON.stringify(migrated))) {
    try {
      localStorage.removeItem(STORAGE_KEYS.siteVisits);
      localStorage.removeItem(STORAGE_KEYS.workspaceNotes);
    } catch {
      // Left in place: the next load brings in nothing new (records are matched by id).
    }
  }
  return migrated;
}

function current(): StoreData {
  data ??= load();
  return data;
}

function notify() {
  snapshot = null;
  for (const listener of listeners) listener();
}

function getSnapshot(): SiteVisitSnapshot {
  if (!snapshot) {
    const d = current();
    snapshot = {
      visits: viewVisits(d),
      notes: viewNotes(d),
      pending: pendingCount(d),
      syncState,
      syncMessage,
      lastSyncedAt: d.office.syncedAt,
      storedLocally,
    };
  }
  return snapshot;
}

function commit(next: StoreData, sync = true) {
  data = next;
  storedLocally = writeRaw(KEY, JSON.stringify(next));
  notify();
  if (sync) void syncNow();
}

function setSync(state: SyncState, message: string | null = null) {
  syncState = state;
  syncMessage = message;
  notify();
}

let inFlight: Promise<void> | null = null;
let again = false;
let retryTimer: ReturnType<typeof setTimeout> | undefined;
let retryMs = MIN_RETRY_MS;

function scheduleRetry() {
  clearTimeout(retryTimer);
  retryTimer = setTimeout(() => void syncNow(), retryMs);
  retryMs = Math.min(retryMs * 2, MAX_RETRY_MS);
}

async function runSync(): Promise<void> {
  if (typeof navigator !== 'undefined' && navigator.onLine === false) {
    setSync('offline');
    return;
  }
  setSync('syncing');
  try {
    // Batches until the queue is empty (a bound, in case edits keep arriving while it runs).
    for (let round = 0; round < 20; round++) {
      const batch = nextSyncBatch(current(), Date.now());
      const answer = await apiRequest<SiteVisitState>('POST', '/api/site-visits/sync', batch);
      commit(applySyncAnswer(current(), batch, answer), false);
      if (pendingCount(current()) === 0) break;
    }
    retryMs = MIN_RETRY_MS;
    clearTimeout(retryTimer);
    setSync('idle');
  } catch (err) {
    if (err instanceof ApiError && err.status === 401) {
      setSync('locked', 'Unlock site visits again (reload this page) to save to the office.');
    } else if (err instanceof ApiError && err.status >= 400 && err.status < 500 && err.status !== 429) {
      setSync('refused', err.serverMessage ?? err.message);
      scheduleRetry();
    } else {
      // No answer (the network dropped) or the office is busy: it stays on this phone and is sent again.
      setSync('offline');
      scheduleRetry();
    }
  }
}

/** Sends what waits and reads the office copy; one at a time (a call meanwhile runs once more after). */
export function syncNow(): Promise<void> {
  if (inFlight) {
    again = true;
    return inFlight;
  }
  inFlight = runSync().finally(() => {
    inFlight = null;
    if (again) {
      again = false;
      void syncNow();
    }
  });
  return inFlight;
}

let started = 0;
let refreshTimer: ReturnType<typeof setInterval> | undefined;
const onOnline = () => void syncNow();
const onOffline = () => setSync('offline');
const onVisible = () => {
  if (document.visibilityState === 'visible') void syncNow();
};
/** Another tab of this browser changed the store: show its change. */
const onStorage = (event: StorageEvent) => {
  if (event.key !== KEY) return;
  data = parseStore(event.newValue) ?? data;
  notify();
};

/** Starts syncing while a site-visit screen is open; the returned function stops it. */
function start(): () => void {
  if (started++ === 0) {
    window.addEventListener('online', onOnline);
    window.addEventListener('offline', onOffline);
    window.addEventListener('storage', onStorage);
    document.addEventListener('visibilitychange', onVisible);
    refreshTimer = setInterval(() => document.visibilityState === 'visible' && void syncNow(), REFRESH_MS);
    void syncNow();
  }
  return () => {
    if (--started > 0) return;
    window.removeEventListener('online', onOnline);
    window.removeEventListener('offline', onOffline);
    window.removeEventListener('storage', onStorage);
    document.removeEventListener('visibilitychange', onVisible);
    clearInterval(refreshTimer);
    clearTimeout(retryTimer);
  };
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** The site visits and notes as this phone shows them, kept in sync while the screen is open. */
export function useSiteVisits(): SiteVisitSnapshot {
  useEffect(start, []);
  return useSyncExternalStore(subscribe, getSnapshot, getSnapshot);
}

/** Whether this browser holds any site-visit work (the gate opens it offline, see site-visit-gate.tsx). */
export function hasLocalSiteVisitWork(): boolean {
  const d = current();
  return d.office.visits.length + d.office.notes.length + pendingCount(d) > 0;
}

export const siteVisitActions = {
  createVisit(values: VisitValues): string {
    const id = newId('visit');
    commit(createVisit(current(), id, values, Date.now()));
    return id;
  },
  editVisit: (id: string, values: Partial<VisitValues>) => commit(editVisit(current(), id, values, Date.now())),
  deleteVisit: (id: string) => commit(deleteVisit(current(), id, Date.now())),
  createNote(text: string): string {
    const id = newId('note');
    commit(createNote(current(), id, text, Date.now()));
    return id;
  },
  editNote: (id: string, text: string) => commit(editNote(current(), id, text, Date.now())),
  deleteNote: (id: string) => commit(deleteNote(current(), id, Date.now())),
  /** Whether the last change was stored in this browser. */
  storedLocally: () => storedLocally,
};

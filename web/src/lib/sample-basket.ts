// The colours a customer picks for free samples (storefront spec 'Free samples') from any colour list
// (calculator, visualiser, catalogue), kept in this browser until they ask for them on /samples.
// At most MAX_SAMPLES, as the server allows; the server checks every colour again.
import { useSyncExternalStore } from 'react';
import { MAX_SAMPLES } from '@shared/samples-api';
import { STORAGE_KEYS } from './storage-keys';

export interface BasketSwatch {
  productId: string;
  productName: string;
  colour: string;
}

export const SAMPLES_PATH = '/samples';

const EMPTY: readonly BasketSwatch[] = [];
const listeners = new Set<() => void>();
let cached: { raw: string | null; items: readonly BasketSwatch[] } = { raw: null, items: EMPTY };

function isSwatch(value: unknown): value is BasketSwatch {
  const v = value as Partial<BasketSwatch> | null;
  return Boolean(v) && typeof v!.productId === 'string' && typeof v!.productName === 'string' && typeof v!.colour === 'string';
}

function readRaw(): string | null {
  try {
    return localStorage.getItem(STORAGE_KEYS.sampleBasket);
  } catch {
    return null;
  }
}

/** The basket as stored (one array per stored text, so React sees a change only when it changed). */
export function sampleBasket(): readonly BasketSwatch[] {
  const raw = readRaw();
  if (raw === cached.raw) return cached.items;
  let items: readonly BasketSwatch[] = EMPTY;
  try {
    const parsed: unknown = raw ? JSON.parse(raw) : [];
    items = Array.isArray(parsed) ? parsed.filter(isSwatch).slice(0, MAX_SAMPLES) : EMPTY;
  } catch {
    // Unreadable: start again with an empty basket.
  }
  cached = { raw, items };
  return items;
}

function write(items: readonly BasketSwatch[]): void {
  try {
    if (items.length === 0) localStorage.removeItem(STORAGE_KEYS.sampleBasket);
    else localStorage.setItem(STORAGE_KEYS.sampleBasket, JSON.stringify(items));
  } catch {
    // Storage blocked: the basket lasts for this page only.
    cached = { raw: JSON.stringify(items), items };
  }
  listeners.forEach((l) => l());
}

export const sameSwatch = (a: Pick<BasketSwatch, 'productId' | 'colour'>, b: Pick<BasketSwatch, 'productId' | 'colour'>) =>
  a.productId === b.productId && a.colour.toLowerCase() === b.colour.toLowerCase();

/** 'added', or why not: already in the basket, or the basket is full. */
export function addSample(swatch: BasketSwatch): 'added' | 'already' | 'full' {
  const items = sampleBasket();
  if (items.some((s) => sameSwatch(s, swatch))) return 'already';
  if (items.length >= MAX_SAMPLES) return 'full';
  write([...items, swatch]);
  return 'added';
}

export function removeSample(swatch: Pick<BasketSwatch, 'productId' | 'colour'>): void {
  write(sampleBasket().filter((s) => !sameSwatch(s, swatch)));
}

export function clearSamples(): void {
  write([]);
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  // Another tab changed the basket.
  const onStorage = (e: StorageEvent) => e.key === STORAGE_KEYS.sampleBasket && listener();
  window.addEventListener('storage', onStorage);
  return () => {
    listeners.delete(listener);
    window.removeEventListener('storage', onStorage);
  };
}

/** The basket, kept current across components and tabs. */
export function useSampleBasket(): readonly BasketSwatch[] {
  return useSyncExternalStore(subscribe, sampleBasket, () => EMPTY);
}

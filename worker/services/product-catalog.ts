// The products as every part of the worker reads them (DESIGN.md section 8: one catalogue, in D1).
// The consultant, Claude's tools and the photo-colour suggestions read this, never the seed.
// Like the price grids (docs/decisions/002), an isolate keeps its copy for a short TTL and drops it
// at once after a write in the same isolate (invalidateProductCatalogue).
import { asc } from 'drizzle-orm';
import { database } from '../lib/db';
import { products } from '../db/schema';
import { PRICE_CACHE_TTL_MS } from './pricing';
import { normaliseProductKey } from './product-ids';

export interface CatalogueProduct {
  id: string;
  calculatorId: string | null;
  name: string;
  section: string;
  description: string;
  colourSetKey: string;
  features: string[];
  suitableFor: string[];
}

export interface ProductCatalogue {
  /** In catalogue order (sort order). */
  products: readonly CatalogueProduct[];
  /** A product by server name or calculator id, in any accepted spelling; null when unknown. */
  byKey(raw: string): CatalogueProduct | null;
}

interface CatalogueCache {
  loadedAt: number;
  catalogue: ProductCatalogue;
}

let cache: CatalogueCache | null = null;
let loading: Promise<CatalogueCache> | null = null;

/** The catalogue in force: one D1 read per isolate per TTL, shared by concurrent requests. */
export async function productCatalogue(db: D1Database, now = Date.now()): Promise<ProductCatalogue> {
  if (cache && now - cache.loadedAt < PRICE_CACHE_TTL_MS) return cache.catalogue;
  loading ??= readCatalogue(db, now).finally(() => {
    loading = null;
  });
  cache = await loading;
  return cache.catalogue;
}

async function readCatalogue(db: D1Database, now: number): Promise<CatalogueCache> {
  const rows = await database(db).select().from(products).orderBy(asc(products.sortOrder), asc(products.id));
  const list: CatalogueProduct[] = rows.map((r) => ({
    id: r.id,
    calculatorId: r.calculatorId,
    name: r.name,
    section: r.section,
    description: r.description,
    colourSetKey: r.colourSetKey,
    features: r.features,
    suitableFor: r.suitableFor,
  }));
  const byKey = new Map<string, CatalogueProduct>();
  for (const p of list) {
    byKey.set(p.id, p);
    if (p.calculatorId) byKey.set(p.calculatorId, p);
  }
  return {
    loadedAt: now,
    catalogue: { products: list, byKey: (raw) => byKey.get(normaliseProductKey(raw)) ?? null },
  };
}

/** Forget the cached products (after a catalogue write in this isolate, and in tests). */
export function invalidateProductCatalogue(): void {
  cache = null;
}

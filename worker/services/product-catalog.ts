// The products as every part of the worker reads them (DESIGN.md section 8: one catalogue, in D1).
// The consultant, Claude's tools, the photo-colour suggestions, the MCP tools and the page's
// structured data read this, never the seed. It is the storefront's list: a product staff hid is
// not in it (it stays in D1 for the orders and quotes that name it; `hiddenProduct` finds it).
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
  /** The products offered, in catalogue order (sort order). */
  products: readonly CatalogueProduct[];
  /** An offered product by server name or calculator id, in any accepted spelling; null when unknown or hidden. */
  byKey(raw: string): CatalogueProduct | null;
  /** A product staff took off the storefront, by either id; null when offered or unknown. */
  hiddenProduct(raw: string): CatalogueProduct | null;
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
  const all = rows.map((r) => ({
    id: r.id,
    calculatorId: r.calculatorId,
    name: r.name,
    section: r.section,
    description: r.description,
    colourSetKey: r.colourSetKey,
    features: r.features,
    suitableFor: r.suitableFor,
    hidden: r.hiddenAt !== null,
  }));
  const list: CatalogueProduct[] = [];
  const byKey = new Map<string, CatalogueProduct>();
  const hidden = new Map<string, CatalogueProduct>();
  for (const { hidden: isHidden, ...p } of all) {
    const map = isHidden ? hidden : byKey;
    if (!isHidden) list.push(p);
    map.set(p.id, p);
    if (p.calculatorId) map.set(p.calculatorId, p);
  }
  return {
    loadedAt: now,
    catalogue: {
      products: list,
      byKey: (raw) => byKey.get(normaliseProductKey(raw)) ?? null,
      hiddenProduct: (raw) => hidden.get(normaliseProductKey(raw)) ?? null,
    },
  };
}

/** Forget the cached products (after a catalogue write in this isolate, and in tests). */
export function invalidateProductCatalogue(): void {
  cache = null;
}

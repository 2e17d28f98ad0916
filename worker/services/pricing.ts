import { desc, eq } from 'drizzle-orm';
import { database } from '../lib/db';
import { priceLists, products } from '../db/schema';
import { normaliseProductKey } from './product-ids';

/** Widths or drops over this are always made to order (spec section 9). */
export const CUSTOM_SIZE_THRESHOLD_MM = 3000;
/** How long an isolate trusts its copy of the price grids before reloading them. */
export const PRICE_CACHE_TTL_MS = 60_000;

export interface PriceGrid {
  productId: string;
  productName: string;
  version: number;
  isSample: boolean;
  widthsMm: number[];
  dropsMm: number[];
  pricesCents: number[][];
}

export type SizePrice =
  | { ok: true; priceCents: number; widthBandMm: number; dropBandMm: number }
  | { ok: false; errorType: 'out_of_range'; contactRequired: boolean; message: string };

/**
 * The industry's 'next size up': a size is priced at the smallest width band and drop band at
 * or above it. Too small, too large for the product, or over 3000 mm are answered, not thrown.
 */
export function priceForSize(grid: PriceGrid, widthMm: number, dropMm: number): SizePrice {
  const maxWidth = grid.widthsMm.at(-1)!;
  const maxDrop = grid.dropsMm.at(-1)!;
  if (widthMm > CUSTOM_SIZE_THRESHOLD_MM || dropMm > CUSTOM_SIZE_THRESHOLD_MM) {
    return {
      ok: false,
      errorType: 'out_of_range',
      contactRequired: true,
      message: `Blinds wider or longer than ${CUSTOM_SIZE_THRESHOLD_MM} mm are custom made. Please contact our team for a quote.`,
    };
  }
  if (widthMm > maxWidth || dropMm > maxDrop) {
    return {
      ok: false,
      errorType: 'out_of_range',
      contactRequired: true,
      message: `The largest ${grid.productName} we make is ${maxWidth} mm wide by ${maxDrop} mm drop. Please contact our team for a custom-size quote.`,
    };
  }
  const minWidth = grid.widthsMm[0]!;
  const minDrop = grid.dropsMm[0]!;
  if (widthMm < minWidth || dropMm < minDrop) {
    return {
      ok: false,
      errorType: 'out_of_range',
      contactRequired: false,
      message: `The smallest ${grid.productName} we make is ${minWidth} mm wide by ${minDrop} mm drop. Please check your measurements and re-enter them.`,
    };
  }
  const widthIndex = grid.widthsMm.findIndex((band) => band >= widthMm);
  const dropIndex = grid.dropsMm.findIndex((band) => band >= dropMm);
  return {
    ok: true,
    priceCents: grid.pricesCents[dropIndex]![widthIndex]!,
    widthBandMm: grid.widthsMm[widthIndex]!,
    dropBandMm: grid.dropsMm[dropIndex]!,
  };
}

interface GridCache {
  loadedAt: number;
  /** Keyed by every accepted form of a product id (server name and calculator id). */
  byKey: Map<string, PriceGrid>;
}

let cache: GridCache | null = null;
let loading: Promise<GridCache> | null = null;

/** The grid in force for a product under either id space; null for an unknown product. */
export async function gridForProduct(db: D1Database, productKey: string, now = Date.now()): Promise<PriceGrid | null> {
  const grids = await loadGrids(db, now);
  return grids.byKey.get(normaliseProductKey(productKey)) ?? null;
}

/** The hot path: one database read per isolate per TTL, shared by concurrent requests. */
async function loadGrids(db: D1Database, now: number): Promise<GridCache> {
  if (cache && now - cache.loadedAt < PRICE_CACHE_TTL_MS) return cache;
  loading ??= readGrids(db, now).finally(() => {
    loading = null;
  });
  cache = await loading;
  return cache;
}

async function readGrids(db: D1Database, now: number): Promise<GridCache> {
  const rows = await database(db)
    .select({
      productId: products.id,
      calculatorId: products.calculatorId,
      productName: products.name,
      version: priceLists.version,
      isSample: priceLists.isSample,
      widthsMm: priceLists.widthsMm,
      dropsMm: priceLists.dropsMm,
      pricesCents: priceLists.pricesCents,
    })
    .from(priceLists)
    .innerJoin(products, eq(products.id, priceLists.productId))
    .orderBy(desc(priceLists.version));
  const byKey = new Map<string, PriceGrid>();
  for (const row of rows) {
    if (byKey.has(row.productId)) continue; // rows come newest first: keep the version in force
    const grid: PriceGrid = {
      productId: row.productId,
      productName: row.productName,
      version: row.version,
      isSample: row.isSample,
      widthsMm: row.widthsMm,
      dropsMm: row.dropsMm,
      pricesCents: row.pricesCents,
    };
    byKey.set(row.productId, grid);
    if (row.calculatorId) byKey.set(row.calculatorId, grid);
  }
  return { loadedAt: now, byKey };
}

/** Forget the cached grids (after a price-list upload in this isolate, and in tests). */
export function invalidatePriceCache(): void {
  cache = null;
}

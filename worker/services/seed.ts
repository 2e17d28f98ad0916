import { count } from 'drizzle-orm';
import { database } from '../lib/db';
import type { BatchItem } from 'drizzle-orm/batch';
import { colours, priceLists, productOptions, products } from '../db/schema';
import { COLOUR_SETS, PRICE_GRIDS, PRODUCTS } from '../seed/catalogue-data';
import { sampleLeadTime } from '../seed/lead-times';
import { PRODUCT_OPTIONS } from '../seed/product-options';
import { chunks } from '../lib/chunks';
import { renderSwatchPng } from './swatch-texture';
import { invalidatePriceCache } from './pricing';
import { invalidateOptionsCache } from './product-options';

/** Bump when the swatch renderer changes so new textures get new, immutable URLs. */
const SWATCH_RENDER_VERSION = 1;
export const SWATCH_SIZE_PX = 128;

const SWATCH_PUTS_AT_ONCE = 6;

/** D1 allows 100 bound parameters per statement; colour rows have 11 columns. */
const COLOUR_ROWS_PER_INSERT = 8;

export interface SeedResult {
  seeded: boolean;
  products: number;
  colours: number;
  priceLists: number;
}

/**
 * Fills an empty catalogue with the sample products, colours, swatches and price grids.
 * Swatches go to R2 first; the rows follow in one D1 batch (one transaction), so a failure leaves
 * no half-written catalogue and a re-run starts clean. `renderSwatch` lets the tests, which seed
 * once per file, reuse the swatches they rendered before.
 */
export async function seedCatalogueIfEmpty(
  db: D1Database,
  media: R2Bucket,
  renderSwatch: typeof renderSwatchPng = renderSwatchPng,
): Promise<SeedResult> {
  const d = database(db);
  const [existing] = await d.select({ n: count() }).from(products);
  if ((existing?.n ?? 0) > 0) return { seeded: false, products: 0, colours: 0, priceLists: 0 };

  const colourRows: (typeof colours.$inferInsert)[] = [];
  const swatchPuts: (() => Promise<unknown>)[] = [];
  for (const set of COLOUR_SETS) {
    for (const [index, colour] of set.colours.entries()) {
      const swatchKey = `swatches/${set.key}/${colour.slug}-${swatchHash(colour.hex, colour.texture)}.png`;
      swatchPuts.push(() =>
        media.put(swatchKey, renderSwatch(colour.hex, colour.texture, SWATCH_SIZE_PX), { httpMetadata: { contentType: 'image/png' } }),
      );
      colourRows.push({
        setKey: set.key,
        slug: colour.slug,
        name: colour.name,
        hex: colour.hex,
        material: colour.material,
        finish: colour.finish,
        description: colour.description,
        texture: colour.texture,
        swatchKey,
        sortOrder: index,
      });
    }
  }

  // A few uploads at a time rather than one after another (a Worker may have six connections open).
  for (const slice of chunks(swatchPuts, SWATCH_PUTS_AT_ONCE)) await Promise.all(slice.map((put) => put()));

  const productRows = PRODUCTS.map((p, index) => ({
    id: p.id,
    calculatorId: p.calculatorId,
    name: p.name,
    section: p.section,
    description: p.description,
    colourSetKey: p.colourSetKey,
    features: p.features,
    suitableFor: p.suitableFor,
    sortOrder: index,
    leadTimeWorkingDays: sampleLeadTime(p.section),
    leadTimeIsSample: true,
  }));
  const gridRows = PRICE_GRIDS.map((g) => ({
    productId: g.productId,
    version: 1,
    widthsMm: g.widthsMm,
    dropsMm: g.dropsMm,
    pricesCents: g.pricesCents,
    isSample: true,
    source: 'sample seed',
  }));

  const optionRows = Object.entries(PRODUCT_OPTIONS).flatMap(([productId, list]) =>
    list.map(({ group, ...o }, index) => ({ productId, optionGroup: group, ...o, isSample: true, sortOrder: index })),
  );

  const statements: BatchItem<'sqlite'>[] = [];
  for (const row of productRows) statements.push(d.insert(products).values(row));
  for (let i = 0; i < colourRows.length; i += COLOUR_ROWS_PER_INSERT) {
    statements.push(d.insert(colours).values(colourRows.slice(i, i + COLOUR_ROWS_PER_INSERT)));
  }
  for (const row of gridRows) statements.push(d.insert(priceLists).values(row));
  // Option rows have 12 columns: 8 a statement stays under D1's 100 bound parameters.
  for (const slice of chunks(optionRows, 8)) statements.push(d.insert(productOptions).values(slice));
  await d.batch(statements as [BatchItem<'sqlite'>, ...BatchItem<'sqlite'>[]]);
  invalidatePriceCache();
  invalidateOptionsCache();
  return { seeded: true, products: productRows.length, colours: colourRows.length, priceLists: gridRows.length };
}

/** FNV-1a over what the swatch is drawn from: a stable content id for immutable caching. */
export function swatchHash(hex: string, texture: string): string {
  let hash = 0x811c9dc5;
  for (const ch of `${SWATCH_RENDER_VERSION}:${hex}:${texture}`) {
    hash ^= ch.charCodeAt(0);
    hash = Math.imul(hash, 0x01000193);
  }
  return (hash >>> 0).toString(16).padStart(8, '0');
}

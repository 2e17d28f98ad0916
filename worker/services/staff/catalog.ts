// The staff catalogue editor (staff spec 2.3, 3, 5, 9; '/admin/catalog'): products and their
// colours in D1, as the storefront reads them. A colour belongs to its product's colour set (several
// products may share one) and is offered only with a swatch, so every colour written here gets a
// swatch rendered into R2 first; then the rows and the audit entry go in one D1 batch.
import { and, asc, eq, max } from 'drizzle-orm';
import { database } from '../../lib/db';
import { colours, priceLists, products } from '../../db/schema';
import { AppError } from '../../lib/errors';
import { slugify } from '../../lib/slug';
import {
  CATALOG_CATEGORIES,
  INSTALLATION_TYPES,
  NEW_PRODUCT_DEFAULTS,
  PRICE_CATEGORIES,
  type CatalogCategory,
  type CatalogColour,
  type CatalogProduct,
  type catalogColourSchema,
  type createProductSchema,
  type InstallationType,
  type PriceCategory,
  type updateProductSchema,
} from '../../shared/catalog-admin-api';
import { SWATCH_TEXTURES, type CatalogueSection, type SwatchTexture } from '../../shared/catalogue-types';
import type { z } from 'zod';
import { auditStatement } from './audit';
import { SWATCH_ROUTE_PREFIX } from '../catalog';
import { OUTDOOR_COLOUR_SET_KEY, uploadedOutdoorColourDtos } from '../outdoor-colours';
import { invalidateProductCatalogue } from '../product-catalog';
import { normaliseProductKey } from '../product-ids';
import { SWATCH_SIZE_PX, swatchHash } from '../seed';
import { renderSwatchPng } from '../swatch-texture';

export type ProductRow = typeof products.$inferSelect;
type ColourRow = typeof colours.$inferSelect;
export type ColourInput = z.output<typeof catalogColourSchema>;
type CreateProduct = z.output<typeof createProductSchema>;
type UpdateProduct = z.output<typeof updateProductSchema>;

/** 13 columns a colour row; D1 allows 100 bound parameters per statement. */
export const COLOUR_ROWS_PER_INSERT = 7;

/** The seed's products carry no category: it follows from the product's kind, as its id names it. */
export function categoryOf(row: Pick<ProductRow, 'id' | 'category' | 'section'>): CatalogCategory {
  if (row.category && (CATALOG_CATEGORIES as readonly string[]).includes(row.category)) return row.category as CatalogCategory;
  const id = row.id;
  if (id.includes('zebra')) return 'zebra';
  if (id.includes('venetian')) return 'venetian';
  if (id.includes('vertical')) return 'vertical';
  if (id.includes('honeycomb')) return 'honeycomb';
  if (id.includes('shutter') || row.section.endsWith('_shutters')) return 'shutter';
  if (id.includes('awning') || row.section === 'outdoor_awnings') return 'awning';
  if (id.includes('outdoor') || row.section === 'outdoor_blinds') return 'outdoor';
  return 'roller';
}

/** Where a new product appears in the landing catalogue. */
export function sectionFor(category: CatalogCategory): CatalogueSection {
  if (category === 'shutter') return 'indoor_shutters';
  if (category === 'outdoor') return 'outdoor_blinds';
  if (category === 'awning') return 'outdoor_awnings';
  return 'indoor_blinds';
}

/** The swatch texture a colour is drawn with: the one most of its set uses, else its product's kind's. */
export function textureFor(setTextures: readonly string[], category: CatalogCategory, productId: string): SwatchTexture {
  const counts = new Map<string, number>();
  for (const t of setTextures) counts.set(t, (counts.get(t) ?? 0) + 1);
  const [top] = [...counts.entries()].sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0]));
  if (top && (SWATCH_TEXTURES as readonly string[]).includes(top[0])) return top[0] as SwatchTexture;
  const byCategory: Record<CatalogCategory, SwatchTexture> = {
    roller: productId.includes('sheer') ? 'sheer' : 'blockout-fabric',
    venetian: 'aluminium-plain',
    vertical: 'blockout-fabric',
    honeycomb: 'honeycomb',
    zebra: 'linen-weave',
    shutter: 'pvc',
    outdoor: 'canvas',
    awning: 'canvas',
  };
  return byCategory[category];
}

export const swatchKeyFor = (setKey: string, slug: string, hex: string, texture: SwatchTexture) =>
  `swatches/${setKey}/${slug}-${swatchHash(hex, texture)}.png`;

export async function putSwatch(media: R2Bucket, key: string, hex: string, texture: SwatchTexture): Promise<void> {
  await media.put(key, renderSwatchPng(hex, texture, SWATCH_SIZE_PX), { httpMetadata: { contentType: 'image/png' } });
}

function toCatalogColour(row: ColourRow): CatalogColour {
  const colour: CatalogColour = {
    slug: row.slug,
    name: row.name,
    hex: row.hex,
    fabric: row.fabric ?? '',
    material: row.material,
    finish: row.finish,
    description: row.description,
    imageUrl: row.swatchKey ? SWATCH_ROUTE_PREFIX + row.swatchKey.replace(/^swatches\//, '') : null,
  };
  if (row.pantone) colour.pantone = row.pantone;
  return colour;
}

export interface CatalogState {
  productRows: ProductRow[];
  coloursBySet: Map<string, ColourRow[]>;
  priced: Set<string>;
  outdoorUploaded: boolean;
}

export async function readState(db: D1Database): Promise<CatalogState> {
  const d = database(db);
  const [productRows, colourRows, pricedRows, outdoor] = await Promise.all([
    d.select().from(products).orderBy(asc(products.sortOrder), asc(products.id)),
    d.select().from(colours).orderBy(asc(colours.sortOrder), asc(colours.id)),
    d.selectDistinct({ productId: priceLists.productId }).from(priceLists),
    uploadedOutdoorColourDtos(db),
  ]);
  const coloursBySet = new Map<string, ColourRow[]>();
  for (const row of colourRows) {
    const list = coloursBySet.get(row.setKey);
    if (list) list.push(row);
    else coloursBySet.set(row.setKey, [row]);
  }
  return { productRows, coloursBySet, priced: new Set(pricedRows.map((r) => r.productId)), outdoorUploaded: outdoor !== null };
}

function toCatalogProduct(row: ProductRow, state: CatalogState): CatalogProduct {
  const setColours = state.coloursBySet.get(row.colourSetKey) ?? [];
  return {
    id: row.id,
    name: row.name,
    category: categoryOf(row),
    description: row.description,
    colours: setColours.map(toCatalogColour),
    // Null (a seeded product): the materials its colours are made of.
    materials: row.materials ?? [...new Set(setColours.map((c) => c.material).filter(Boolean))],
    features: row.features,
    priceCategory: (PRICE_CATEGORIES as readonly string[]).includes(row.priceCategory ?? '')
      ? (row.priceCategory as PriceCategory)
      : NEW_PRODUCT_DEFAULTS.priceCategory,
    installationType: (INSTALLATION_TYPES as readonly string[]).includes(row.installationType ?? '')
      ? (row.installationType as InstallationType)
      : NEW_PRODUCT_DEFAULTS.installationType,
    suitableFor: row.suitableFor,
    leadTimeWorkingDays: row.leadTimeWorkingDays,
    leadTimeIsSample: row.leadTimeIsSample,
    calculatorId: row.calculatorId,
    colourSetKey: row.colourSetKey,
    sharesColoursWith: state.productRows.filter((p) => p.colourSetKey === row.colourSetKey && p.id !== row.id).map((p) => p.name),
    hasPriceList: state.priced.has(row.id),
    coloursManagedElsewhere: row.colourSetKey === OUTDOOR_COLOUR_SET_KEY && state.outdoorUploaded,
    hidden: row.hiddenAt !== null,
    updatedAt: row.updatedAt,
  };
}

/** GET /api/admin/catalog: every product with its colours, in catalogue order. */
export async function listCatalog(db: D1Database): Promise<CatalogProduct[]> {
  const state = await readState(db);
  return state.productRows.map((row) => toCatalogProduct(row, state));
}

export async function catalogProduct(db: D1Database, id: string): Promise<CatalogProduct> {
  const state = await readState(db);
  const row = state.productRows.find((p) => p.id === id);
  if (!row) throw new AppError('not_found', `There is no product '${id}' in the catalogue.`);
  return toCatalogProduct(row, state);
}

export async function requireProduct(db: D1Database, rawId: string): Promise<ProductRow> {
  const key = normaliseProductKey(rawId);
  const rows = await database(db).select().from(products);
  const row = rows.find((p) => p.id === key || p.calculatorId === key);
  if (!row)
    throw new AppError('not_found', `There is no product '${rawId}' in the catalogue. Reload the catalogue and choose one from the list.`);
  return row;
}

/** A key not yet used by `taken`: base, base-2, base-3, ... */
export function unique(base: string, taken: ReadonlySet<string>, separator = '-'): string {
  let key = base;
  for (let n = 2; taken.has(key); n++) key = `${base}${separator}${n}`;
  return key;
}

export async function takenKeys(db: D1Database): Promise<{ ids: Set<string>; setKeys: Set<string>; nextSortOrder: number }> {
  const d = database(db);
  const [productRows, setRows, [top]] = await Promise.all([
    d.select({ id: products.id, calculatorId: products.calculatorId, setKey: products.colourSetKey }).from(products),
    d.selectDistinct({ setKey: colours.setKey }).from(colours),
    d.select({ n: max(products.sortOrder) }).from(products),
  ]);
  const ids = new Set(productRows.flatMap((p) => (p.calculatorId ? [p.id, p.calculatorId] : [p.id])));
  const setKeys = new Set([...productRows.map((p) => p.setKey), ...setRows.map((r) => r.setKey)]);
  return { ids, setKeys, nextSortOrder: (top?.n ?? 0) + 1 };
}

/**
 * POST /api/admin/catalog/products. The product gets its own, empty colour set and no price list:
 * the calculator shows it as 'price on request' until staff upload a price list (/admin/scraper).
 */
export async function createProduct(db: D1Database, input: CreateProduct, actor: string, now = new Date()): Promise<CatalogProduct> {
  const d = database(db);
  const taken = await takenKeys(db);
  const id = unique(slugify(input.name, 'product'), taken.ids);
  const colourSetKey = unique(id.replace(/-/g, '_'), taken.setKeys, '_');
  await d.batch([
    d.insert(products).values({
      id,
      // Offered by the calculator under its own id (ids are unique across both id spaces): once it
      // has a price list it is sold online; until then it is 'price on request'.
      calculatorId: id,
      name: input.name,
      section: sectionFor(input.category),
      description: input.description,
      colourSetKey,
      features: input.features,
      suitableFor: input.suitableFor,
      sortOrder: taken.nextSortOrder,
      category: input.category,
      materials: input.materials,
      priceCategory: input.priceCategory,
      installationType: input.installationType,
      updatedAt: now.toISOString(),
    }),
    auditStatement(
      db,
      { actor, action: 'catalog.product.create', target: id, details: { name: input.name, category: input.category } },
      now,
    ),
  ]);
  invalidateProductCatalogue();
  return catalogProduct(db, id);
}

/** PATCH /api/admin/catalog/products/:id: the fields sent, nothing else. */
export async function updateProduct(
  db: D1Database,
  rawId: string,
  input: UpdateProduct,
  actor: string,
  now = new Date(),
): Promise<CatalogProduct> {
  const d = database(db);
  const row = await requireProduct(db, rawId);
  const changes: Partial<typeof products.$inferInsert> = { updatedAt: now.toISOString() };
  for (const key of [
    'name',
    'category',
    'description',
    'materials',
    'features',
    'priceCategory',
    'installationType',
    'suitableFor',
  ] as const) {
    if (input[key] !== undefined) (changes as Record<string, unknown>)[key] = input[key];
  }
  // A lead time staff set is the shop's own, no longer the sample value.
  if (input.leadTimeWorkingDays !== undefined)
    Object.assign(changes, { leadTimeWorkingDays: input.leadTimeWorkingDays, leadTimeIsSample: false });
  const changed = Object.keys(input).filter((k) => input[k as keyof UpdateProduct] !== undefined);
  await d.batch([
    d.update(products).set(changes).where(eq(products.id, row.id)),
    auditStatement(db, { actor, action: 'catalog.product.update', target: row.id, details: { fields: changed } }, now),
  ]);
  invalidateProductCatalogue();
  return catalogProduct(db, row.id);
}

/** The storefront shows the uploaded outdoor range for these products: the editor must not pretend otherwise. */
async function assertColoursEditable(db: D1Database, product: ProductRow): Promise<void> {
  if (product.colourSetKey === OUTDOOR_COLOUR_SET_KEY && (await uploadedOutdoorColourDtos(db))) {
    throw new AppError('conflict', `${product.name} offers the outdoor colour range uploaded on /admin/colours; change its colours there.`);
  }
}

/** POST /api/admin/catalog/products/:id/colours: one colour into the product's set, with its swatch. */
export async function addColour(
  db: D1Database,
  media: R2Bucket,
  rawId: string,
  input: ColourInput,
  actor: string,
  now = new Date(),
): Promise<CatalogProduct> {
  const d = database(db);
  const product = await requireProduct(db, rawId);
  await assertColoursEditable(db, product);
  const existing = await d
    .select()
    .from(colours)
    .where(eq(colours.setKey, product.colourSetKey))
    .orderBy(asc(colours.sortOrder), asc(colours.id));
  if (existing.some((c) => c.name.trim().toLowerCase() === input.name.toLowerCase())) {
    throw new AppError('conflict', `${product.name} already has a colour called '${input.name}'. Give the new colour another name.`);
  }
  const slug = unique(slugify(input.name, 'colour'), new Set(existing.map((c) => c.slug)));
  const hex = input.hex.toUpperCase();
  const texture = textureFor(
    existing.map((c) => c.texture),
    categoryOf(product),
    product.id,
  );
  const swatchKey = swatchKeyFor(product.colourSetKey, slug, hex, texture);
  await putSwatch(media, swatchKey, hex, texture); // first: a row never points at a missing swatch
  const sortOrder = existing.reduce((n, c) => Math.max(n, c.sortOrder), -1) + 1;
  await d.batch([
    d.insert(colours).values({
      setKey: product.colourSetKey,
      slug,
      name: input.name,
      hex,
      material: input.material,
      finish: input.finish,
      description: input.description,
      texture,
      fabric: input.fabric || null,
      pantone: input.pantone || null,
      swatchKey,
      sortOrder,
    }),
    d.update(products).set({ updatedAt: now.toISOString() }).where(eq(products.id, product.id)),
    auditStatement(
      db,
      { actor, action: 'catalog.colour.add', target: product.id, details: { setKey: product.colourSetKey, slug, name: input.name, hex } },
      now,
    ),
  ]);
  invalidateProductCatalogue();
  return catalogProduct(db, product.id);
}

/** DELETE /api/admin/catalog/products/:id/colours/:slug. */
export async function removeColour(
  db: D1Database,
  media: R2Bucket,
  rawId: string,
  slug: string,
  actor: string,
  now = new Date(),
): Promise<CatalogProduct> {
  const d = database(db);
  const product = await requireProduct(db, rawId);
  await assertColoursEditable(db, product);
  const [row] = await d
    .select()
    .from(colours)
    .where(and(eq(colours.setKey, product.colourSetKey), eq(colours.slug, slug)))
    .limit(1);
  if (!row) throw new AppError('not_found', `${product.name} has no colour '${slug}'. Reload the catalogue to see its colours.`);
  await d.batch([
    d.delete(colours).where(eq(colours.id, row.id)),
    d.update(products).set({ updatedAt: now.toISOString() }).where(eq(products.id, product.id)),
    auditStatement(
      db,
      {
        actor,
        action: 'catalog.colour.remove',
        target: product.id,
        details: { setKey: product.colourSetKey, slug, name: row.name, hex: row.hex },
      },
      now,
    ),
  ]);
  invalidateProductCatalogue();
  // The swatch is no longer referenced; a failed delete only leaves an unused object behind.
  if (row.swatchKey) await media.delete(row.swatchKey).catch(() => undefined);
  return catalogProduct(db, product.id);
}

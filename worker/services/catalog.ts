import { asc, desc, eq, isNotNull, or } from 'drizzle-orm';
import { database } from '../lib/db';
import type { CatalogItem, CatalogOverview, ColourDto, ProductColoursResponse } from '../shared/catalogue-api';
import { CATALOGUE_SECTIONS, type CatalogueSection } from '../shared/catalogue-types';
import { colours, priceLists, products } from '../db/schema';
import { AppError } from '../lib/errors';
import { gridForProduct } from './pricing';
import { OUTDOOR_COLOUR_SET_KEY, uploadedOutdoorColourDtos } from './outdoor-colours';
import { normaliseProductKey } from './product-ids';
import { SAMPLE_PRICE_LIST_NOTE } from '../seed/catalogue-data';

export const SWATCH_ROUTE_PREFIX = '/swatches/';

type ProductRow = typeof products.$inferSelect;
type ColourRow = typeof colours.$inferSelect;

export async function findProduct(db: D1Database, productKey: string): Promise<ProductRow | null> {
  const key = normaliseProductKey(productKey);
  const [row] = await database(db)
    .select()
    .from(products)
    .where(or(eq(products.id, key), eq(products.calculatorId, key)))
    .limit(1);
  return row ?? null;
}

export function toColourDto(row: ColourRow): ColourDto {
  const url = row.swatchKey ? SWATCH_ROUTE_PREFIX + row.swatchKey.replace(/^swatches\//, '') : null;
  return {
    name: row.name,
    hex: row.hex,
    material: row.material,
    finish: row.finish,
    description: row.description,
    imageUrl: url,
    swatchPath: url,
  };
}

export async function coloursForProduct(db: D1Database, productKey: string) {
  const product = await findProduct(db, productKey);
  if (!product) {
    throw new AppError('not_found', `We do not have a product called '${productKey}'. Choose one from the catalogue.`);
  }
  // Once staff upload an outdoor colour range, the outdoor products offer it instead of the seed's set.
  if (product.colourSetKey === OUTDOOR_COLOUR_SET_KEY) {
    const uploaded = await uploadedOutdoorColourDtos(db);
    if (uploaded) return { product, colours: uploaded };
  }
  const rows = await database(db)
    .select()
    .from(colours)
    .where(eq(colours.setKey, product.colourSetKey))
    .orderBy(asc(colours.sortOrder), asc(colours.id));
  return { product, colours: rows.map(toColourDto) };
}

export async function productsWithColours(db: D1Database): Promise<ProductColoursResponse> {
  const d = database(db);
  const [productRows, colourRows] = await Promise.all([
    d.select().from(products).orderBy(asc(products.sortOrder)),
    d.select().from(colours).orderBy(asc(colours.sortOrder), asc(colours.id)),
  ]);
  const bySet = groupBy(colourRows, (c) => c.setKey);
  const uploadedOutdoor = await uploadedOutdoorColourDtos(db); // The uploaded outdoor range wins
  return {
    success: true,
    products: productRows
      .filter((p) => p.hiddenAt === null)
      .map((p) => ({
        id: p.id,
        name: p.name,
        description: p.description,
        colours: (p.colourSetKey === OUTDOOR_COLOUR_SET_KEY && uploadedOutdoor) || (bySet.get(p.colourSetKey) ?? []).map(toColourDto),
      })),
  };
}

const SWATCHES_PER_CARD = 8;

export async function catalogOverview(db: D1Database): Promise<CatalogOverview> {
  const d = database(db);
  const [productRows, colourRows, [latest]] = await Promise.all([
    d.select().from(products).orderBy(asc(products.sortOrder)),
    d.select().from(colours).where(isNotNull(colours.swatchKey)).orderBy(asc(colours.sortOrder), asc(colours.id)),
    // The newest price list, the seed's included (its created_at is when the seed ran).
    d.select({ createdAt: priceLists.createdAt }).from(priceLists).orderBy(desc(priceLists.createdAt), desc(priceLists.id)).limit(1),
  ]);
  // Last updated: the newest price list or product change (ISO strings compare in time order).
  const productTimes = productRows.map((p) => p.updatedAt ?? p.createdAt).filter((t): t is string => Boolean(t));
  const lastUpdated =
    [latest?.createdAt, ...productTimes]
      .filter((t): t is string => Boolean(t))
      .sort()
      .at(-1) ?? null;
  const bySet = groupBy(colourRows, (c) => c.setKey);
  const uploadedOutdoor = await uploadedOutdoorColourDtos(db);
  const overview = Object.fromEntries(CATALOGUE_SECTIONS.map((s) => [s, [] as CatalogItem[]])) as Record<CatalogueSection, CatalogItem[]>;
  let anySample = false;
  for (const p of productRows) {
    if (p.hiddenAt !== null) continue; // off the storefront: kept only for the orders and quotes that name it
    const grid = await gridForProduct(db, p.id);
    anySample ||= grid?.isSample ?? false;
    const setColours = bySet.get(p.colourSetKey) ?? [];
    const outdoor = p.colourSetKey === OUTDOOR_COLOUR_SET_KEY ? uploadedOutdoor : null;
    const item: CatalogItem = {
      id: p.id,
      name: p.name,
      calculator_id: p.calculatorId,
      description: p.description,
      from_price: grid ? grid.pricesCents[0]![0]! / 100 : null,
      from_size: grid ? { width_mm: grid.widthsMm[0]!, drop_mm: grid.dropsMm[0]! } : null,
      sample_prices: grid?.isSample ?? false,
      colour_count: outdoor?.length ?? setColours.length,
      swatches: (outdoor ?? setColours.map(toColourDto))
        .slice(0, SWATCHES_PER_CARD)
        .map((c) => ({ name: c.name, hex: c.hex, imageUrl: c.imageUrl })),
    };
    if ((CATALOGUE_SECTIONS as readonly string[]).includes(p.section)) overview[p.section as CatalogueSection].push(item);
  }
  return {
    ...overview,
    color_schemes: [...bySet.entries()].map(([key, list]) => ({ key, colour_count: list.length })),
    last_updated: lastUpdated,
    // Shown next to the date while any grid is the seed's, so a seeded date reads as the sample prices'.
    sample_data_note: anySample ? SAMPLE_PRICE_LIST_NOTE : null,
  };
}

function groupBy<T>(items: T[], keyOf: (item: T) => string): Map<string, T[]> {
  const map = new Map<string, T[]>();
  for (const item of items) {
    const key = keyOf(item);
    const list = map.get(key);
    if (list) list.push(item);
    else map.set(key, [item]);
  }
  return map;
}

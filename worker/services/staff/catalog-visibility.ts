// Taking a product off the storefront, and deleting one nothing refers to (staff spec 2.3,
// '/admin/catalog'). A hidden product leaves the calculator, the catalogue, the consultant, the MCP
// tools and the structured data, but stays in D1: the orders and quotes that name it still show it
// with the prices they were made at. A product is deleted only while no order, quote or price list
// refers to it; otherwise the answer is a 409 that says what refers to it and to hide it instead.
import { and, eq, ne, sql } from 'drizzle-orm';
import { database } from '../../lib/db';
import { colours, orderLines, priceLists, products, quotes, productOptions } from '../../db/schema';
import { AppError } from '../../lib/errors';
import type { CatalogProduct } from '../../shared/catalog-admin-api';
import { auditStatement } from './audit';
import { catalogProduct, requireProduct } from './catalog';
import { invalidatePriceCache } from '../pricing';
import { invalidateProductCatalogue } from '../product-catalog';

/** PUT /api/admin/catalog/products/:id/visibility. */
export async function setProductHidden(
  db: D1Database,
  rawId: string,
  hidden: boolean,
  actor: string,
  now = new Date(),
): Promise<CatalogProduct> {
  const d = database(db);
  const row = await requireProduct(db, rawId);
  if ((row.hiddenAt !== null) !== hidden) {
    await d.batch([
      d
        .update(products)
        .set({ hiddenAt: hidden ? now.toISOString() : null, updatedAt: now.toISOString() })
        .where(eq(products.id, row.id)),
      auditStatement(db, { actor, action: hidden ? 'catalog.product.hide' : 'catalog.product.show', target: row.id }, now),
    ]);
    invalidateProductCatalogue();
  }
  return catalogProduct(db, row.id);
}

function plural(n: number, one: string, many: string): string {
  return `${n} ${n === 1 ? one : many}`;
}

/** What refers to a product: order lines, stored quotes' lines and price-list versions. */
async function references(db: D1Database, productId: string): Promise<{ orders: number; quotes: number; priceLists: number }> {
  const d = database(db);
  const [[orderRow], [quoteRow], [listRow]] = await Promise.all([
    d
      .select({ n: sql<number>`count(distinct ${orderLines.orderReference})` })
      .from(orderLines)
      .where(eq(orderLines.productId, productId)),
    // Quote lines are stored as JSON (QuoteLineDto[]) naming the product by its server id.
    d
      .select({ n: sql<number>`count(*)` })
      .from(quotes)
      .where(sql`exists (select 1 from json_each(${quotes.lines}) where json_extract(value, '$.product_type') = ${productId})`),
    d
      .select({ n: sql<number>`count(*)` })
      .from(priceLists)
      .where(eq(priceLists.productId, productId)),
  ]);
  return { orders: orderRow?.n ?? 0, quotes: quoteRow?.n ?? 0, priceLists: listRow?.n ?? 0 };
}

/**
 * DELETE /api/admin/catalog/products/:id. The product's own colour set goes with it (unless another
 * product shares it), swatches last: a failed R2 delete only leaves unused objects behind.
 */
export async function deleteProduct(db: D1Database, media: R2Bucket, rawId: string, actor: string, now = new Date()): Promise<string> {
  const d = database(db);
  const row = await requireProduct(db, rawId);
  const refs = await references(db, row.id);
  const named = [
    refs.orders > 0 && plural(refs.orders, 'order', 'orders'),
    refs.quotes > 0 && plural(refs.quotes, 'saved quote', 'saved quotes'),
    refs.priceLists > 0 && plural(refs.priceLists, 'price-list version', 'price-list versions'),
  ].filter((x): x is string => Boolean(x));
  if (named.length > 0) {
    const list = named.length === 1 ? named[0]! : `${named.slice(0, -1).join(', ')} and ${named.at(-1)!}`;
    throw new AppError(
      'conflict',
      `The ${row.name} cannot be deleted while records refer to it (${list}). Hide it instead: it leaves the storefront and those records keep it.`,
    );
  }
  const [shared] = await d
    .select({ id: products.id })
    .from(products)
    .where(and(eq(products.colourSetKey, row.colourSetKey), ne(products.id, row.id)))
    .limit(1);
  const setColours = shared ? [] : await d.select().from(colours).where(eq(colours.setKey, row.colourSetKey));
  await d.batch([
    // Its options go with it (they belong to this product alone; orders keep copies on their lines).
    d.delete(productOptions).where(eq(productOptions.productId, row.id)),
    d.delete(products).where(eq(products.id, row.id)),
    ...(shared ? [] : [d.delete(colours).where(eq(colours.setKey, row.colourSetKey))]),
    auditStatement(
      db,
      { actor, action: 'catalog.product.delete', target: row.id, details: { name: row.name, coloursRemoved: setColours.length } },
      now,
    ),
  ]);
  invalidateProductCatalogue();
  invalidatePriceCache();
  await Promise.all(setColours.map((c) => (c.swatchKey ? media.delete(c.swatchKey).catch(() => undefined) : undefined)));
  return row.id;
}

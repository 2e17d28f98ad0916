// Whether a product can be sold online now (DESIGN.md section 8: one catalogue, in D1). The pricing
// API, new orders and quotes, and the MCP tools ask this before they price a product: an offered
// product with a price list is priced; one without is 'price on request'; one staff hid is no longer
// offered (orders and quotes already made keep their stored lines and prices).
import { gridForProduct, type PriceGrid } from './pricing';
import { productCatalogue, type CatalogueProduct } from './product-catalog';

export type ProductOffer =
  | { kind: 'priced'; product: CatalogueProduct; grid: PriceGrid }
  | { kind: 'price_on_request'; product: CatalogueProduct }
  | { kind: 'hidden'; product: CatalogueProduct }
  | { kind: 'unknown' };

/** Both reads are the per-isolate caches (60 s TTL, dropped at once after a write in this isolate). */
export async function productOffer(db: D1Database, productKey: string): Promise<ProductOffer> {
  const catalogue = await productCatalogue(db);
  const product = catalogue.byKey(productKey);
  if (!product) {
    const hidden = catalogue.hiddenProduct(productKey);
    return hidden ? { kind: 'hidden', product: hidden } : { kind: 'unknown' };
  }
  const grid = await gridForProduct(db, product.id);
  return grid ? { kind: 'priced', product, grid } : { kind: 'price_on_request', product };
}

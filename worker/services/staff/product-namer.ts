// Product names for the figures: either id space, or a name, to the catalogue's name.

import { database } from '../../lib/db';
import { products } from '../../db/schema';
import { normaliseProductKey } from '../product-ids';

export type ProductNamer = (key: string | null | undefined, fallback?: string | null) => string | null;

/** Names a product from either id space or its name, falling back to what was given. */
export async function productNamer(db: D1Database): Promise<ProductNamer> {
  const rows = await database(db).select({ id: products.id, calculatorId: products.calculatorId, name: products.name }).from(products);
  const byKey = new Map<string, string>();
  for (const row of rows) {
    byKey.set(normaliseProductKey(row.id), row.name);
    if (row.calculatorId) byKey.set(normaliseProductKey(row.calculatorId), row.name);
    byKey.set(row.name.trim().toLowerCase(), row.name);
  }
  return (key, fallback) => {
    const raw = key?.trim();
    if (raw) {
      const known = byKey.get(normaliseProductKey(raw)) ?? byKey.get(raw.toLowerCase());
      if (known) return known;
    }
    return fallback?.trim() || raw || null;
  };
}

// No card payment at sample prices in production (DESIGN.md section 7b). APP_ENV=development may pay
// them (the sandbox journey needs a price to charge); everything else refuses, failing closed.
import { and, eq, inArray } from 'drizzle-orm';
import { database } from '../lib/db';
import { businessProfile } from '../lib/business-profile';
import { priceLists } from '../db/schema';
import type { Env } from '../env';
import { isProduction } from '../lib/app-env';
import { AppError } from '../lib/errors';
import type { PricedLineDto } from '../shared/orders-api';
import { hasSamplePrices, samplePricesPaymentMessage } from '../shared/sample-prices';

/** True when this environment refuses a card payment for these lines. */
export function refusesCardPayment(env: Pick<Env, 'APP_ENV'>, lines: readonly { sample_price?: boolean }[]): boolean {
  return isProduction(env) && hasSamplePrices(lines);
}

/** The 409 the payment paths answer, with the shop's contacts. */
export function samplePricesRefusal(env: Env): AppError {
  const b = businessProfile(env);
  const message = samplePricesPaymentMessage({
    phones: [b.phoneGardenRoute, b.phoneNational].filter((p): p is string => Boolean(p)),
    whatsapp: b.whatsappNational,
    email: b.email,
  });
  return new AppError('conflict', message);
}

type LineKey = Pick<PricedLineDto, 'product_type' | 'price_list_version'> & { sample_price?: boolean };

/**
 * Lines stored in a quote before the flag existed have no sample_price: the grid version they were
 * priced from says (versions are never changed once written). Lines with the flag keep it.
 */
export async function withSampleFlags<T extends LineKey>(db: D1Database, lines: readonly T[]): Promise<(T & { sample_price: boolean })[]> {
  const unknown = lines.filter((l) => typeof l.sample_price !== 'boolean');
  const sample = new Set<string>();
  if (unknown.length > 0) {
    const rows = await database(db)
      .select({ productId: priceLists.productId, version: priceLists.version })
      .from(priceLists)
      .where(and(eq(priceLists.isSample, true), inArray(priceLists.productId, [...new Set(unknown.map((l) => l.product_type))])));
    for (const r of rows) sample.add(`${r.productId}@${r.version}`);
  }
  return lines.map((l) => ({
    ...l,
    sample_price: typeof l.sample_price === 'boolean' ? l.sample_price : sample.has(`${l.product_type}@${l.price_list_version}`),
  }));
}

/** Products whose grid in force is still a sample grid (the staff dashboard names them), in catalogue order. */
export async function productsOnSamplePrices(db: D1Database): Promise<{ id: string; name: string }[]> {
  const { results } = await db
    .prepare(
      `SELECT p.id AS id, p.name AS name FROM products p JOIN price_lists l ON l.product_id = p.id
        WHERE l.version = (SELECT MAX(version) FROM price_lists WHERE product_id = p.id) AND l.is_sample = 1
        ORDER BY p.sort_order, p.name`,
    )
    .all<{ id: string; name: string }>();
  return results;
}

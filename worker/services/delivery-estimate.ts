// An order's (or a quote's) expected dispatch date and delivery window from its products' lead
// times in D1 (worker/shared/delivery-dates.ts does the arithmetic).
import { inArray, or } from 'drizzle-orm';
import { products } from '../db/schema';
import { database } from '../lib/db';
import { deliveryEstimate, longestLeadTime, type DeliveryEstimate, type LeadTime } from '../shared/delivery-dates';
import type { FulfilmentMethod } from '../shared/fulfilment';
import { southAfricanDay } from '../shared/sa-time';
import { DEFAULT_SAMPLE_LEAD_TIME } from '../seed/lead-times';

/** Each product's lead time; a product id not in the catalogue counts the default sample value. */
export async function leadTimesOf(db: D1Database, productIds: readonly string[]): Promise<LeadTime[]> {
  const ids = [...new Set(productIds)];
  if (ids.length === 0) return [];
  const rows = await database(db)
    .select({ id: products.id, days: products.leadTimeWorkingDays, sample: products.leadTimeIsSample })
    .from(products)
    .where(inArray(products.id, ids));
  const byId = new Map(rows.map((r) => [r.id, { workingDays: r.days, sample: r.sample }]));
  return ids.map((id) => byId.get(id) ?? { workingDays: DEFAULT_SAMPLE_LEAD_TIME, sample: true });
}

/** The catalogue id of each given id (a product id or the calculator's id for it), for the ones that exist. */
export async function knownProductIds(db: D1Database, ids: readonly string[]): Promise<Map<string, string>> {
  const rows = await database(db)
    .select({ id: products.id, calculatorId: products.calculatorId })
    .from(products)
    .where(or(inArray(products.id, [...ids]), inArray(products.calculatorId, [...ids])));
  const known = new Map<string, string>();
  for (const r of rows) {
    if (ids.includes(r.id)) known.set(r.id, r.id);
    if (r.calculatorId && ids.includes(r.calculatorId)) known.set(r.calculatorId, r.id);
  }
  return known;
}

/** The estimate of these products counted from `now`'s South African day; null without products. */
export async function estimateFor(
  db: D1Database,
  input: {
    productIds: readonly string[];
    method: FulfilmentMethod;
    address?: string | null;
    basis?: DeliveryEstimate['basis'];
    now?: Date;
  },
): Promise<DeliveryEstimate | null> {
  const leadTime = longestLeadTime(await leadTimesOf(db, input.productIds));
  if (!leadTime) return null;
  return deliveryEstimate({
    basis: input.basis ?? 'placed',
    from: southAfricanDay(input.now ?? new Date()),
    leadTime,
    method: input.method,
    address: input.address,
  });
}

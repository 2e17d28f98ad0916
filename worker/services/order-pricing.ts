// Pricing an order's lines on the server (storefront spec section 7; DESIGN.md section 5): each line
// from the grid in force with its options; the client's prices are never used.
import type { z } from 'zod';
import { AppError, type ErrorIssue } from '../lib/errors';
import type { blindLineSchema, PricedLineDto } from '../shared/orders-api';
import { vatInside } from '../shared/money';
import { isEstimatedSize } from '../shared/size-sources';
import { coloursForProduct } from './catalog';
import { chooseOptions, optionsForProduct, priceWithOptions, type PriceWithOptions } from './product-options';
import { productOffer } from './product-offer';
import type { PriceGrid } from './pricing';
import { noLongerOfferedMessage, priceOnRequestMessage } from '../shared/product-offer';

export type BlindLineInput = z.output<typeof blindLineSchema>;

export const cents = (rand: number) => Math.round(rand * 100);
const rand = (c: number) => c / 100;

/**
 * Prices each line from the grid in force. A line that cannot be made as asked (unknown product,
 * a size outside the grid or over 3000 mm, a colour the product does not come in) fails the whole
 * request with a 400 naming the blind, so the customer can correct it; nothing is stored.
 */
export async function priceBlinds(
  db: D1Database,
  blinds: readonly BlindLineInput[],
  options: {
    /** The request field the lines came in, for the issues' paths. */
    path?: string;
    /** Staff-recorded orders: a unit price staff set by hand (cents) replaces the grid's, per line. */
    manualPriceCents?: readonly (number | null)[];
  } = {},
): Promise<PricedLineDto[]> {
  const path = options.path ?? 'blinds';
  const issues: ErrorIssue[] = [];
  const priced: PricedLineDto[] = [];
  const colourCache = new Map<string, Map<string, string>>();
  for (const [i, line] of blinds.entries()) {
    const label = `Blind ${i + 1}`;
    const offer = await productOffer(db, line.product_type);
    if (offer.kind !== 'priced') {
      const message =
        offer.kind === 'unknown'
          ? `we do not make '${line.product_type}'. Choose a product from the calculator.`
          : offer.kind === 'hidden'
            ? noLongerOfferedMessage(offer.product.name)
            : priceOnRequestMessage(offer.product.name);
      issues.push({ path: `${path}.${i}.product_type`, message: `${label}: ${message}` });
      continue;
    }
    const { grid } = offer;
    let offered = colourCache.get(grid.productId);
    if (!offered) {
      const { colours } = await coloursForProduct(db, grid.productId);
      offered = new Map(colours.map((c) => [c.name.toLowerCase(), c.name]));
      colourCache.set(grid.productId, offered);
    }
    const colour = offered.get(line.colour.trim().replace(/\s+/g, ' ').toLowerCase());
    if (!colour) {
      issues.push({
        path: `${path}.${i}.colour`,
        message: `${label}: ${grid.productName} does not come in '${line.colour}'. Choose one of its colours.`,
      });
      continue;
    }
    const manual = options.manualPriceCents?.[i] ?? null;
    const price = await linePrice(db, grid, line, manual, `${path}.${i}.options`);
    if ('issue' in price) {
      issues.push({ ...price.issue, message: `${label}: ${price.issue.message}` });
      continue;
    }
    if (!price.ok) {
      issues.push({ path: `${path}.${i}`, message: `${label} (${line.width_mm} x ${line.drop_mm} mm): ${price.message}` });
      continue;
    }
    const totalCents = price.priceCents * line.quantity;
    priced.push({
      line_no: i + 1,
      product_type: grid.productId,
      product_name: grid.productName,
      width_mm: line.width_mm,
      drop_mm: line.drop_mm,
      control_side: line.control_side,
      mount_type: line.mount_type,
      colour,
      quantity: line.quantity,
      price: rand(price.priceCents),
      total_price: rand(totalCents),
      unit_price_cents: price.priceCents,
      total_cents: totalCents,
      price_list_version: grid.version,
      // A price staff set by hand is not the (sample) grid's.
      sample_price: manual === null && price.isSample,
      size_source: line.size_source,
      size_estimated: isEstimatedSize(line.size_source),
      options: price.options,
    });
  }
  if (issues.length > 0) {
    const summary = issues
      .slice(0, 3)
      .map((i) => i.message)
      .join(' ');
    throw new AppError('validation_error', summary, { issues });
  }
  return priced;
}

/**
 * One line's unit price: the grid's cell plus its options (a shutter's louvre, frame and panels, an
 * awning's motor), or the price staff set by hand with the options still recorded. An option the
 * product or the width does not allow is an issue naming what is possible.
 */
async function linePrice(
  db: D1Database,
  grid: PriceGrid,
  line: BlindLineInput,
  manual: number | null,
  path: string,
): Promise<PriceWithOptions | { issue: ErrorIssue }> {
  if (manual !== null) {
    const choice = chooseOptions(grid.productName, await optionsForProduct(db, grid.productId), line.width_mm, line.options);
    if (!choice.ok) return { issue: { path: `${path}.${choice.group}`, message: choice.message } };
    return {
      ok: true,
      priceCents: manual,
      basePriceCents: manual,
      widthBandMm: line.width_mm,
      dropBandMm: line.drop_mm,
      options: choice.options,
      isSample: false,
    };
  }
  try {
    return await priceWithOptions(db, grid, line.width_mm, line.drop_mm, line.options, path);
  } catch (err) {
    const issue = err instanceof AppError ? err.details?.issues?.[0] : undefined;
    if (issue) return { issue };
    throw err;
  }
}

export function totalsOf(lines: readonly Pick<PricedLineDto, 'total_cents'>[]) {
  const totalCents = lines.reduce((sum, l) => sum + l.total_cents, 0);
  const vatCents = vatInside(totalCents);
  return { totalCents, vatCents, subtotalCents: totalCents - vatCents };
}

// The priced options of shutters and awnings (product_options in D1): which a product has, which a
// width allows (a panel count needs panels neither too narrow nor too wide), and what they add to
// the grid's price. The server is the authority: every price of a line with options (pricing API,
// orders, quotes, consultant, MCP) goes through priceWithOptions.
import { asc } from 'drizzle-orm';
import { database } from '../lib/db';
import { AppError } from '../lib/errors';
import { productOptions } from '../db/schema';
import {
  OPTION_GROUP_LABELS,
  OPTION_GROUPS,
  type ChargePer,
  type LineOptionDto,
  type LineOptions,
  type OptionGroup,
  type OptionGroupDto,
} from '../shared/product-options';
import { PRICE_CACHE_TTL_MS, priceForSize, type PriceGrid, type SizePrice } from './pricing';

export interface ProductOptionRow {
  productId: string;
  group: OptionGroup;
  code: string;
  label: string;
  chargeCents: number;
  chargePer: ChargePer;
  minWidthMm: number | null;
  maxWidthMm: number | null;
  isDefault: boolean;
  isSample: boolean;
}

let cache: { loadedAt: number; byProduct: Map<string, ProductOptionRow[]> } | null = null;

/** The options of a product (server id), in catalogue order; [] for a product priced by size alone. */
export async function optionsForProduct(db: D1Database, productId: string, now = Date.now()): Promise<ProductOptionRow[]> {
  if (!cache || now - cache.loadedAt >= PRICE_CACHE_TTL_MS) {
    const rows = await database(db)
      .select()
      .from(productOptions)
      .orderBy(asc(productOptions.productId), asc(productOptions.sortOrder), asc(productOptions.id));
    const byProduct = new Map<string, ProductOptionRow[]>();
    for (const r of rows) {
      const list = byProduct.get(r.productId) ?? [];
      list.push({
        productId: r.productId,
        group: r.optionGroup as OptionGroup,
        code: r.code,
        label: r.label,
        chargeCents: r.chargeCents,
        chargePer: r.chargePer as ChargePer,
        minWidthMm: r.minWidthMm,
        maxWidthMm: r.maxWidthMm,
        isDefault: r.isDefault,
        isSample: r.isSample,
      });
      byProduct.set(r.productId, list);
    }
    cache = { loadedAt: now, byProduct };
  }
  return cache.byProduct.get(productId) ?? [];
}

/** Forget the cached options (after an upload in this isolate, and in tests). */
export function invalidateOptionsCache(): void {
  cache = null;
}

/** The groups a product offers, each with its choices (GET /api/products/options/{id}). */
export function optionGroupsOf(rows: readonly ProductOptionRow[]): OptionGroupDto[] {
  return OPTION_GROUPS.flatMap((group) => {
    const choices = rows.filter((r) => r.group === group);
    if (choices.length === 0) return [];
    return [
      {
        group,
        label: OPTION_GROUP_LABELS[group],
        choices: choices.map((r) => ({
          code: r.code,
          label: r.label,
          charge_cents: r.chargeCents,
          charge_per: r.chargePer,
          min_width_mm: r.minWidthMm,
          max_width_mm: r.maxWidthMm,
          is_default: r.isDefault,
        })),
      },
    ];
  });
}

function allowsWidth(row: ProductOptionRow, widthMm: number): boolean {
  return (row.minWidthMm === null || widthMm >= row.minWidthMm) && (row.maxWidthMm === null || widthMm <= row.maxWidthMm);
}

function chargeOf(row: ProductOptionRow): number {
  return row.chargePer === 'panel' ? row.chargeCents * Number(row.code) : row.chargeCents;
}

function listOf(labels: readonly string[]): string {
  return labels.length <= 1 ? (labels[0] ?? '') : `${labels.slice(0, -1).join(', ')} or ${labels.at(-1)}`;
}

export type OptionsChoice =
  { ok: true; options: LineOptionDto[]; chargeCents: number; isSample: boolean } | { ok: false; group: string; message: string };

/**
 * The options a line gets: each group the product offers takes the requested code (any case), else
 * its default if the width allows it, else the first choice the width allows. A code the product
 * does not offer, a group it has none of, or a choice the width rules out is refused with a message
 * naming what is possible.
 */
export function chooseOptions(
  productName: string,
  rows: readonly ProductOptionRow[],
  widthMm: number,
  requested: LineOptions = {},
): OptionsChoice {
  for (const group of OPTION_GROUPS) {
    if (requested[group] !== undefined && !rows.some((r) => r.group === group)) {
      return { ok: false, group, message: `${productName} has no ${OPTION_GROUP_LABELS[group].toLowerCase()} to choose.` };
    }
  }
  const options: LineOptionDto[] = [];
  let chargeCents = 0;
  let isSample = false;
  for (const group of OPTION_GROUPS) {
    const choices = rows.filter((r) => r.group === group);
    if (choices.length === 0) continue;
    const allowed = choices.filter((r) => allowsWidth(r, widthMm));
    const wanted = requested[group]?.toLowerCase().replace(/\s+/g, '');
    let chosen: ProductOptionRow | undefined;
    if (wanted !== undefined) {
      chosen = choices.find((r) => r.code.toLowerCase() === wanted);
      if (!chosen) {
        return {
          ok: false,
          group,
          message: `'${requested[group]}' is not a ${OPTION_GROUP_LABELS[group].toLowerCase()} we make for ${productName}. Choose ${listOf(choices.map((c) => c.label))}.`,
        };
      }
      if (!allowsWidth(chosen, widthMm)) {
        const fits = allowed.map((c) => c.label);
        return {
          ok: false,
          group,
          message: fits.length
            ? `${chosen.label} is not possible for a ${productName} ${widthMm} mm wide. At that width choose ${listOf(fits)}.`
            : `No ${OPTION_GROUP_LABELS[group].toLowerCase()} we make fits a ${productName} ${widthMm} mm wide. Please check the width or contact our team.`,
        };
      }
    } else {
      chosen = allowed.find((r) => r.isDefault) ?? allowed[0];
      if (!chosen) {
        return {
          ok: false,
          group,
          message: `No ${OPTION_GROUP_LABELS[group].toLowerCase()} we make fits a ${productName} ${widthMm} mm wide. Please check the width or contact our team.`,
        };
      }
    }
    const charge = chargeOf(chosen);
    options.push({ group, group_label: OPTION_GROUP_LABELS[group], code: chosen.code, label: chosen.label, charge_cents: charge });
    chargeCents += charge;
    isSample ||= chosen.isSample;
  }
  return { ok: true, options, chargeCents, isSample };
}

export type PriceWithOptions =
  | (Extract<SizePrice, { ok: true }> & { basePriceCents: number; options: LineOptionDto[]; isSample: boolean })
  | Extract<SizePrice, { ok: false }>;

/**
 * A unit price: the grid's cell for the size plus the options' charges (all cents incl. VAT).
 * A size outside the grid is answered as priceForSize answers it; an option the product or width
 * does not allow throws a 400 naming what is possible.
 */
export async function priceWithOptions(
  db: D1Database,
  grid: PriceGrid,
  widthMm: number,
  dropMm: number,
  requested: LineOptions | undefined,
  fieldPath = 'options',
): Promise<PriceWithOptions> {
  const size = priceForSize(grid, widthMm, dropMm);
  const rows = await optionsForProduct(db, grid.productId);
  if (!size.ok) {
    // The size is the first thing to fix; an option named for a product without options still is an error.
    if (rows.length === 0 && requested && Object.keys(requested).length > 0) throw optionsError(grid.productName, fieldPath, requested);
    return size;
  }
  const choice = chooseOptions(grid.productName, rows, widthMm, requested);
  if (!choice.ok) {
    throw new AppError('validation_error', choice.message, { issues: [{ path: `${fieldPath}.${choice.group}`, message: choice.message }] });
  }
  return {
    ...size,
    basePriceCents: size.priceCents,
    priceCents: size.priceCents + choice.chargeCents,
    options: choice.options,
    isSample: grid.isSample || choice.isSample,
  };
}

function optionsError(productName: string, fieldPath: string, requested: LineOptions): AppError {
  const group = Object.keys(requested)[0] as OptionGroup;
  const message = `${productName} has no ${OPTION_GROUP_LABELS[group].toLowerCase()} to choose.`;
  return new AppError('validation_error', message, { issues: [{ path: `${fieldPath}.${group}`, message }] });
}

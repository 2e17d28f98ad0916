// Staff CSV of a product's priced options (shutters and awnings): the options in force as a template,
// and an upload checked whole (every row, at most one default per group, panel counts as whole numbers)
// that replaces the product's options in one batch with its audit entry. Orders and quotes keep the
// options and charges they were priced with.
import { eq } from 'drizzle-orm';
import type { BatchItem } from 'drizzle-orm/batch';
import { database } from '../../lib/db';
import { AppError } from '../../lib/errors';
import { productOptions } from '../../db/schema';
import { CsvSyntaxError, parseCsv, toCsv } from '../../shared/csv';
import { OPTION_LIST_HEADER, type OptionListUploadResponse } from '../../shared/option-lists-api';
import { CHARGE_PER, OPTION_GROUPS, type ChargePer, type OptionGroup } from '../../shared/product-options';
import { findProduct } from '../catalog';
import { invalidateOptionsCache, optionsForProduct } from '../product-options';
import { auditStatement } from './audit';

async function productOrThrow(db: D1Database, productKey: string) {
  const product = await findProduct(db, productKey);
  if (!product) throw new AppError('not_found', `We do not have a product called '${productKey}'. Choose one from the catalogue.`);
  return product;
}

/** The options in force as CSV (only the header for a product without options: one row per choice to add). */
export async function optionsTemplateFor(db: D1Database, productKey: string): Promise<{ productId: string; csv: string }> {
  const product = await productOrThrow(db, productKey);
  // Read fresh: staff download what is in D1 now, not this isolate's copy.
  invalidateOptionsCache();
  const rows = await optionsForProduct(db, product.id);
  return {
    productId: product.id,
    csv: toCsv([
      [...OPTION_LIST_HEADER],
      ...rows.map((r) => [
        r.group,
        r.code,
        r.label,
        (r.chargeCents / 100).toFixed(2),
        r.chargePer,
        r.minWidthMm,
        r.maxWidthMm,
        r.isDefault ? 'yes' : 'no',
      ]),
    ]),
  };
}

interface ParsedOption {
  group: OptionGroup;
  code: string;
  label: string;
  chargeCents: number;
  chargePer: ChargePer;
  minWidthMm: number | null;
  maxWidthMm: number | null;
  isDefault: boolean;
}

function optionalMm(cell: string, where: string, column: string): number | null {
  if (cell.trim() === '') return null;
  const n = Number(cell);
  if (!Number.isInteger(n) || n < 1 || n > 100_000)
    throw new AppError('validation_error', `${where}: ${column} must be whole millimetres (or empty).`);
  return n;
}

/** Every row checked; the first problem is answered with its row and column, nothing is changed. */
export function parseOptionList(text: string): ParsedOption[] {
  let rows: string[][];
  try {
    rows = parseCsv(text.replace(/^\uFEFF/, '')).filter((r) => r.some((c) => c.trim() !== ''));
  } catch (err) {
    if (err instanceof CsvSyntaxError) throw new AppError('validation_error', `The file is not valid CSV: ${err.message}`);
    throw err;
  }
  const header = rows[0]?.map((c) => c.trim().toLowerCase());
  if (!header || OPTION_LIST_HEADER.some((h, i) => header[i] !== h)) {
    throw new AppError('validation_error', `The first row must be the template's header: ${OPTION_LIST_HEADER.join(',')}.`);
  }
  if (rows.length < 2) throw new AppError('validation_error', 'The file has no options: add one row per choice under the header.');
  const seen = new Set<string>();
  const defaults = new Set<OptionGroup>();
  return rows.slice(1).map((row, i) => {
    const where = `Row ${i + 2}`;
    const [group, code, label, charge, per, min, max, isDefault] = row.map((c) => c.trim());
    if (!OPTION_GROUPS.includes(group as OptionGroup))
      throw new AppError('validation_error', `${where}: group must be one of ${OPTION_GROUPS.join(', ')}.`);
    const g = group as OptionGroup;
    if (!code || !/^[a-z0-9][a-z0-9-]{0,39}$/.test(code)) {
      throw new AppError('validation_error', `${where}: code must be 1 to 40 lower-case letters, digits or hyphens (e.g. 89mm, l-frame).`);
    }
    if (g === 'panels' && !/^(?:[1-9]|1\d|20)$/.test(code))
      throw new AppError('validation_error', `${where}: a panels code is the panel count, 1 to 20.`);
    if (seen.has(`${g}:${code}`)) throw new AppError('validation_error', `${where}: ${g} '${code}' is listed twice.`);
    seen.add(`${g}:${code}`);
    if (!label || label.length > 80) throw new AppError('validation_error', `${where}: label must be 1 to 80 characters.`);
    if (!/^\d{1,6}(?:\.\d{1,2})?$/.test(charge ?? '')) {
      throw new AppError(
        'validation_error',
        `${where}: charge_rand must be rand including VAT, 0 or more, at most two decimals (e.g. 450.00).`,
      );
    }
    if (!CHARGE_PER.includes(per as ChargePer)) throw new AppError('validation_error', `${where}: charge_per must be item or panel.`);
    if (per === 'panel' && g !== 'panels') throw new AppError('validation_error', `${where}: only a panels row can charge per panel.`);
    const minWidthMm = optionalMm(min ?? '', where, 'min_width_mm');
    const maxWidthMm = optionalMm(max ?? '', where, 'max_width_mm');
    if (minWidthMm !== null && maxWidthMm !== null && minWidthMm > maxWidthMm) {
      throw new AppError('validation_error', `${where}: min_width_mm must not be more than max_width_mm.`);
    }
    if (!['yes', 'no', ''].includes((isDefault ?? '').toLowerCase()))
      throw new AppError('validation_error', `${where}: default must be yes or no.`);
    const chosen = (isDefault ?? '').toLowerCase() === 'yes';
    if (chosen && defaults.has(g))
      throw new AppError('validation_error', `${where}: ${g} has a default already; mark one choice per group.`);
    if (chosen) defaults.add(g);
    return {
      group: g,
      code,
      label,
      chargeCents: Math.round(Number(charge) * 100),
      chargePer: per as ChargePer,
      minWidthMm,
      maxWidthMm,
      isDefault: chosen,
    };
  });
}

/** Replaces the product's options with the file's, in one batch with the audit entry. */
export async function uploadOptionList(db: D1Database, productKey: string, text: string, actor: string): Promise<OptionListUploadResponse> {
  const product = await productOrThrow(db, productKey);
  const parsed = parseOptionList(text);
  const d = database(db);
  const statements: BatchItem<'sqlite'>[] = [d.delete(productOptions).where(eq(productOptions.productId, product.id))];
  parsed.forEach(({ group, ...o }, index) =>
    statements.push(
      d
        .insert(productOptions)
        .values({ productId: product.id, optionGroup: group, ...o, isSample: false, sortOrder: index, createdBy: actor }),
    ),
  );
  statements.push(auditStatement(db, { actor, action: 'pricing.options.upload', target: product.id, details: { options: parsed.length } }));
  await d.batch(statements as [BatchItem<'sqlite'>, ...BatchItem<'sqlite'>[]]);
  invalidateOptionsCache();
  return {
    success: true,
    product_id: product.id,
    options: parsed.length,
    message: `${product.name}: ${parsed.length} options uploaded. The calculator prices them at once.`,
  };
}

// Staff price lists (staff spec 2.2 'Price List Management'): the template CSV of the grid
// in force, the bulk CSV upload and the versions with rollback. Every change is a NEW version written
// in one D1 batch with its audit entry; the highest version is the one in force (services/pricing.ts).
//
// CSV format (the template is the format): first row 'drop_mm \ width_mm' then the width bands in mm;
// each next row the drop band in mm, then the price of each width in rand incl. VAT, e.g. 1624.00.
// The product comes from the FILE NAME only: '{productId}-pricing-template.csv' or '{productId}.csv'
// (either id space; a browser's ' (1)' copy suffix is ignored).
import { and, desc, eq } from 'drizzle-orm';
import { database } from '../../lib/db';
import { priceLists } from '../../db/schema';
import { CsvSyntaxError, parseCsv, toCsv } from '../../shared/csv';
import { randDecimal } from '../../shared/money';
import { AppError, type ErrorIssue } from '../../lib/errors';
import {
  PRICE_DROP_CONFIRM_PREFIX,
  PRICE_FLOOR_CENTS,
  type BulkUploadResponse,
  type PriceListVersionDto,
  type PriceListVersionsResponse,
  type RollbackResponse,
} from '../../shared/price-lists-api';
import { auditStatement } from './audit';
import { findProduct } from '../catalog';
import { CUSTOM_SIZE_THRESHOLD_MM, invalidatePriceCache } from '../pricing';

export const MIN_BAND_MM = 100;
export const MAX_PRICE_CENTS = 1_000_000 * 100;
/** A grid larger than this is not a price list (the seeded grids are about 10 x 10). */
const MAX_BANDS = 60;
export const TEMPLATE_CORNER = 'drop_mm \\ width_mm';

export interface GridData {
  widthsMm: number[];
  dropsMm: number[];
  pricesCents: number[][];
}

type PriceListRow = typeof priceLists.$inferSelect;

/** The grid as the template CSV. */
export function gridToCsv(grid: GridData): string {
  return toCsv([[TEMPLATE_CORNER, ...grid.widthsMm], ...grid.dropsMm.map((drop, d) => [drop, ...grid.pricesCents[d]!.map(randDecimal)])]);
}

/** The version in force of a product, or null when it has no price list. */
async function versionInForce(db: D1Database, productId: string): Promise<PriceListRow | null> {
  const [row] = await database(db)
    .select()
    .from(priceLists)
    .where(eq(priceLists.productId, productId))
    .orderBy(desc(priceLists.version))
    .limit(1);
  return row ?? null;
}

async function productOrThrow(db: D1Database, productKey: string) {
  const product = await findProduct(db, productKey);
  if (!product) throw new AppError('not_found', `We do not have a product called '${productKey}'. Choose one from the catalogue.`);
  return product;
}

export async function templateFor(db: D1Database, productKey: string): Promise<{ productId: string; csv: string }> {
  const product = await productOrThrow(db, productKey);
  const grid = await versionInForce(db, product.id);
  return { productId: product.id, csv: grid ? gridToCsv(grid) : blankTemplateCsv() };
}

/**
 * The bands of a product's first price list before staff change them: 600 to 3000 mm in 300 mm
 * steps, the blinds' usual bands. Staff may add, remove or change bands; only the layout is given.
 */
const BLANK_TEMPLATE_BANDS_MM = Array.from({ length: 9 }, (_, i) => 600 + i * 300);

/** A product without a price list (one staff just added): the template's bands with every price cell empty to fill in. */
function blankTemplateCsv(): string {
  return toCsv([
    [TEMPLATE_CORNER, ...BLANK_TEMPLATE_BANDS_MM],
    ...BLANK_TEMPLATE_BANDS_MM.map((drop) => [drop, ...BLANK_TEMPLATE_BANDS_MM.map(() => '')]),
  ]);
}

// ---------------------------------------------------------------------------
// Validation: a file is accepted whole or not at all
// ---------------------------------------------------------------------------

class GridError extends Error {}

/** Column letters as a spreadsheet shows them: 1 -> A, 27 -> AA. */
function columnName(index: number): string {
  let n = index + 1;
  let name = '';
  while (n > 0) {
    name = String.fromCharCode(65 + ((n - 1) % 26)) + name;
    n = Math.floor((n - 1) / 26);
  }
  return name;
}

const at = (row: number, col: number) => `Row ${row + 1}, column ${columnName(col)}`;

function bandsOf(cells: string[], row: number, col0: number, what: 'width' | 'drop', vertical: boolean): number[] {
  const bands: number[] = [];
  cells.forEach((raw, i) => {
    const where = vertical ? at(row + i, col0) : at(row, col0 + i);
    const cell = raw.trim();
    if (!/^-?\d+$/.test(cell)) throw new GridError(`${where}: the ${what} '${cell}' is not a whole number of millimetres.`);
    const mm = Number(cell);
    if (mm < MIN_BAND_MM || mm > CUSTOM_SIZE_THRESHOLD_MM) {
      throw new GridError(
        `${where}: the ${what} ${mm} mm is outside ${MIN_BAND_MM}-${CUSTOM_SIZE_THRESHOLD_MM} mm (larger sizes are custom made).`,
      );
    }
    const previous = bands.at(-1);
    if (previous !== undefined && mm <= previous) {
      throw new GridError(
        `${where}: the ${what} ${mm} mm must be larger than the ${what} before it (${previous} mm); ${what}s go up from smallest to largest.`,
      );
    }
    bands.push(mm);
  });
  return bands;
}

function priceCents(raw: string, where: string): number {
  const cell = raw.trim().replace(/^R\s*/i, '');
  if (cell === '') throw new GridError(`${where}: the price is empty.`);
  if (/^-/.test(cell)) throw new GridError(`${where}: the price '${raw.trim()}' is negative; prices must be more than R 0.`);
  const m = /^(\d+)(?:\.(\d{1,2}))?$/.exec(cell);
  if (!m) throw new GridError(`${where}: the price '${raw.trim()}' is not an amount in rand with at most two decimals (e.g. 1624.00).`);
  const cents = Number(m[1]) * 100 + Number((m[2] ?? '').padEnd(2, '0'));
  if (cents <= 0) throw new GridError(`${where}: the price is R 0; prices must be more than R 0.`);
  if (cents > MAX_PRICE_CENTS) throw new GridError(`${where}: the price R ${randDecimal(cents)} is over the R 1 000 000 limit.`);
  return cents;
}

/** Parses and validates a whole price-list CSV; throws GridError naming the row and column. */
export function parsePriceListCsv(text: string): GridData {
  if (text.includes('\u0000') || text.includes('\uFFFD')) throw new GridError('The file is not a CSV text file.');
  let rows: string[][];
  try {
    rows = parseCsv(text.replace(/^\uFEFF/, ''));
  } catch (err) {
    if (err instanceof CsvSyntaxError) throw new GridError(`The file is not valid CSV: ${err.message}.`);
    throw err;
  }
  // Blank lines (a spreadsheet's trailing rows) are not part of the grid.
  rows = rows.filter((r) => r.some((cell) => cell.trim() !== ''));
  if (rows.length < 2 || rows[0]!.length < 2) {
    throw new GridError(
      `The file has no price grid: the first row must be '${TEMPLATE_CORNER}' then the widths, and each next row a drop then its prices.`,
    );
  }
  const header = rows[0]!;
  // Spreadsheets may add empty cells at the end of a row.
  while (header.length > 2 && header.at(-1)!.trim() === '') header.pop();
  const width = header.length;
  if (width - 1 > MAX_BANDS || rows.length - 1 > MAX_BANDS)
    throw new GridError(`The grid is larger than ${MAX_BANDS} x ${MAX_BANDS} bands.`);
  const widthsMm = bandsOf(header.slice(1), 0, 1, 'width', false);
  const body = rows.slice(1);
  body.forEach((row, i) => {
    while (row.length > width && row.at(-1)!.trim() === '') row.pop();
    if (row.length !== width) {
      throw new GridError(
        `Row ${i + 2} has ${row.length - 1} prices but the first row has ${width - 1} widths; the grid must be rectangular.`,
      );
    }
  });
  const dropsMm = bandsOf(
    body.map((r) => r[0]!),
    1,
    0,
    'drop',
    true,
  );
  const pricesCents = body.map((row, d) =>
    row.slice(1).map((cell, w) => priceCents(cell, `${at(d + 1, w + 1)} (width ${widthsMm[w]} mm, drop ${dropsMm[d]} mm)`)),
  );
  return { widthsMm, dropsMm, pricesCents };
}

/** Cells whose price differs between two grids, a band present in only one counting as changed. */
export function countChangedCells(before: GridData | null, after: GridData): number {
  const cells = (g: GridData) =>
    new Map(g.dropsMm.flatMap((d, di) => g.widthsMm.map((w, wi) => [`${w}x${d}`, g.pricesCents[di]![wi]!] as const)));
  const next = cells(after);
  if (!before) return next.size;
  const prev = cells(before);
  let changed = 0;
  for (const [key, cents] of next) if (prev.get(key) !== cents) changed++;
  for (const key of prev.keys()) if (!next.has(key)) changed++;
  return changed;
}

/** The product key of a file name: '{id}-pricing-template.csv' or '{id}.csv'; null when not a .csv name. */
export function productKeyFromFileName(fileName: string): string | null {
  const base = fileName.split(/[\\/]/).pop()!.trim();
  const m = /^(.+?)(?:-pricing-template)?(?: ?\(\d+\))?\.csv$/i.exec(base);
  return m ? m[1]!.trim() : null;
}

// ---------------------------------------------------------------------------
// Writes: one batch per version, with its audit entry
// ---------------------------------------------------------------------------

interface NewVersion {
  productId: string;
  grid: GridData;
  isSample: boolean;
  source: string;
  restoredFrom: number | null;
}

async function writeVersion(db: D1Database, actor: string, change: NewVersion, action: string) {
  const current = await versionInForce(db, change.productId);
  const version = (current?.version ?? 0) + 1;
  const cellsChanged = countChangedCells(current, change.grid);
  const now = new Date();
  const d = database(db);
  // The unique (product, version) index makes a concurrent write of the same version fail whole.
  await d.batch([
    d.insert(priceLists).values({
      productId: change.productId,
      version,
      widthsMm: change.grid.widthsMm,
      dropsMm: change.grid.dropsMm,
      pricesCents: change.grid.pricesCents,
      isSample: change.isSample,
      source: change.source,
      createdBy: actor,
      cellsChanged,
      restoredFrom: change.restoredFrom,
      createdAt: now.toISOString(),
    }),
    auditStatement(
      db,
      {
        actor,
        action,
        target: change.productId,
        details: {
          version,
          cellsChanged,
          source: change.source,
          ...(change.restoredFrom !== null ? { restoredFrom: change.restoredFrom } : {}),
        },
      },
      now,
    ),
  ]);
  // This isolate's next quote uses the new grid; other isolates within the cache TTL (decision 002).
  invalidatePriceCache();
  return { version, cellsChanged };
}

/**
 * Why a new grid needs staff to confirm it, or null: a price under PRICE_FLOOR_CENTS a blind, or a
 * price under half of the same size's price in force (a list of R 0,01 in every cell is a mistake
 * or an attack far more often than a sale).
 */
export function steepDropReason(before: GridData | null, after: GridData): string | null {
  const lowest = Math.min(...after.pricesCents.flat());
  const reasons: string[] = [];
  if (lowest < PRICE_FLOOR_CENTS)
    reasons.push(`a blind at R ${(lowest / 100).toFixed(2).replace('.', ',')}, below R ${PRICE_FLOOR_CENTS / 100}`);
  if (before) {
    const old = new Map(
      before.dropsMm.flatMap((d, di) => before.widthsMm.map((w, wi) => [`${w}x${d}`, before.pricesCents[di]![wi]!] as const)),
    );
    let halved = 0;
    after.dropsMm.forEach((d, di) =>
      after.widthsMm.forEach((w, wi) => {
        const was = old.get(`${w}x${d}`);
        if (was !== undefined && after.pricesCents[di]![wi]! * 2 < was) halved++;
      }),
    );
    if (halved > 0) reasons.push(`${halved} price${halved === 1 ? '' : 's'} lowered by more than half`);
  }
  return reasons.length ? reasons.join(' and ') : null;
}

export interface UploadedFile {
  name: string;
  text: () => Promise<string>;
  size: number;
}

/** Each file validated whole and applied as a new version, or reported; one file never affects another. */
export async function bulkUploadPriceLists(
  db: D1Database,
  files: UploadedFile[],
  actor: string,
  maxBytes: number,
  confirmed = false,
): Promise<BulkUploadResponse> {
  // Staff confirm a steep drop first (409, nothing written); a file that is not valid is left for the report below.
  if (!confirmed) {
    const issues: ErrorIssue[] = [];
    for (const file of files) {
      const key = productKeyFromFileName(file.name || '');
      if (!key || file.size > maxBytes) continue;
      const product = await findProduct(db, key);
      if (!product) continue;
      let grid: GridData;
      try {
        grid = parsePriceListCsv(await file.text());
      } catch {
        continue;
      }
      const reason = steepDropReason(await versionInForce(db, product.id), grid);
      if (reason) issues.push({ path: file.name, message: reason });
    }
    if (issues.length) {
      throw new AppError(
        'conflict',
        `${PRICE_DROP_CONFIRM_PREFIX}: ${issues.map((i) => `${i.path} has ${i.message}`).join('; ')}. Nothing was changed; upload again with confirm to put them in force.`,
        { issues },
      );
    }
  }
  const answer: BulkUploadResponse = { successful_uploads: 0, failed_uploads: 0, results: [], errors: [] };
  for (const file of files) {
    const filename = file.name || 'unnamed file';
    try {
      const key = productKeyFromFileName(filename);
      if (!key)
        throw new GridError(`'${filename}' is not a .csv file. Name it {productId}-pricing-template.csv, as the template downloads.`);
      if (file.size > maxBytes) throw new GridError(`The file is larger than ${maxBytes / 1024} KB.`);
      const product = await findProduct(db, key);
      if (!product)
        throw new GridError(
          `There is no product '${key}' (the product is read from the file name, e.g. roller-blockout-pricing-template.csv).`,
        );
      const grid = parsePriceListCsv(await file.text());
      const { version, cellsChanged } = await writeVersion(
        db,
        actor,
        { productId: product.id, grid, isSample: false, source: `upload:${filename}`.slice(0, 300), restoredFrom: null },
        'price-list.upload',
      );
      answer.results.push({ filename, product_type: product.id, version, cells_changed: cellsChanged });
      answer.successful_uploads++;
    } catch (err) {
      if (!(err instanceof GridError))
        console.error(JSON.stringify({ level: 'error', where: 'price-list upload', filename, error: String(err) }));
      const message = err instanceof GridError ? err.message : 'The price list could not be saved; nothing was changed. Please try again.';
      answer.errors.push({ filename, message });
      answer.failed_uploads++;
    }
  }
  return answer;
}

export async function listVersions(db: D1Database, productKey: string): Promise<PriceListVersionsResponse> {
  const product = await productOrThrow(db, productKey);
  const rows = await database(db).select().from(priceLists).where(eq(priceLists.productId, product.id)).orderBy(desc(priceLists.version));
  const versions: PriceListVersionDto[] = rows.map((r, i) => ({
    version: r.version,
    createdAt: r.createdAt,
    createdBy: r.createdBy,
    cellsChanged: r.cellsChanged,
    isSample: r.isSample,
    source: r.source,
    restoredFrom: r.restoredFrom,
    inForce: i === 0,
  }));
  return { success: true, product_id: product.id, product_name: product.name, versions };
}

/** A new version with the grid of an earlier one; the earlier versions stay as they were. */
export async function rollbackPriceList(db: D1Database, productKey: string, toVersion: number, actor: string): Promise<RollbackResponse> {
  const product = await productOrThrow(db, productKey);
  const [target] = await database(db)
    .select()
    .from(priceLists)
    .where(and(eq(priceLists.productId, product.id), eq(priceLists.version, toVersion)))
    .limit(1);
  if (!target) throw new AppError('not_found', `The ${product.name} has no price-list version ${toVersion}.`);
  const current = await versionInForce(db, product.id);
  if (current?.version === toVersion) throw new AppError('conflict', `Version ${toVersion} is already the price list in force.`);
  const { version, cellsChanged } = await writeVersion(
    db,
    actor,
    { productId: product.id, grid: target, isSample: target.isSample, source: `rollback:v${toVersion}`, restoredFrom: toVersion },
    'price-list.rollback',
  );
  return { success: true, product_type: product.id, version, restored_from: toVersion, cells_changed: cellsChanged };
}

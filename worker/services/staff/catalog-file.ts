// The catalogue as a file (staff spec 9): GET /api/admin/catalog/export writes it, POST
// /api/admin/catalog/import reads it back: checked as a whole first, then swatches into R2 and every row
// and the audit entry in one D1 batch.

import type { BatchItem } from 'drizzle-orm/batch';
import { eq } from 'drizzle-orm';
import { database, type Database } from '../../lib/db';
import { slugify } from '../../lib/slug';
import { colours, products } from '../../db/schema';
import { AppError } from '../../lib/errors';
import {
  CATALOG_EXPORT_VERSION,
  type CatalogExport,
  type CatalogImportResponse,
  type catalogImportSchema,
} from '../../shared/catalog-admin-api';
import type { SwatchTexture } from '../../shared/catalogue-types';
import type { z } from 'zod';
import { auditStatement } from './audit';
import {
  COLOUR_ROWS_PER_INSERT,
  listCatalog,
  putSwatch,
  readState,
  sectionFor,
  swatchKeyFor,
  takenKeys,
  textureFor,
  unique,
  type CatalogState,
  type ColourInput,
  type ProductRow,
} from './catalog';
import { OUTDOOR_COLOUR_SET_KEY } from '../outdoor-colours';
import { invalidateProductCatalogue } from '../product-catalog';
import { normaliseProductKey } from '../product-ids';

type CatalogImport = z.output<typeof catalogImportSchema>;
type PlannedProduct = { row: ProductRow | null; id: string; setKey: string; product: CatalogImport['products'][number]; index: number };
/** Each colour set the file gives colours for: the first product (by index) that lists them, and the colours. */
type ColoursForSet = Map<string, { index: number; colours: ColourInput[] }>;

/** GET /api/admin/catalog/export (staff spec 9: metadata version 1.0). */
export async function exportCatalog(db: D1Database, now = new Date()): Promise<CatalogExport> {
  const list = await listCatalog(db);
  return {
    metadata: {
      version: CATALOG_EXPORT_VERSION,
      exportedAt: now.toISOString(),
      productCount: list.length,
      colourCount: list.reduce((n, p) => n + p.colours.length, 0),
      source: 'catalog-admin',
    },
    products: list.map((p) => ({
      id: p.id,
      name: p.name,
      category: p.category,
      description: p.description,
      colours: p.colours.map(({ slug: _slug, imageUrl: _url, ...colour }) => colour),
      materials: p.materials,
      features: p.features,
      priceCategory: p.priceCategory,
      installationType: p.installationType,
      suitableFor: p.suitableFor,
    })),
  };
}

const colourIdentity = (c: { name: string; hex: string }) => `${c.name.trim().toLowerCase()}|${c.hex.toUpperCase()}`;

/**
 * POST /api/admin/catalog/import: products in the file are created or updated (matched by id); a
 * product that lists colours gets exactly those colours in its set. Products not in the file are kept.
 * The file is checked as a whole first; then every row and the audit entry go in one D1 batch.
 */
export async function importCatalog(
  db: D1Database,
  media: R2Bucket,
  input: CatalogImport,
  actor: string,
  now = new Date(),
): Promise<CatalogImportResponse> {
  const d = database(db);
  const state = await readState(db);
  const taken = await takenKeys(db);
  const { planned, coloursForSet } = planImport(input, state, taken);

  // Swatches first (content-addressed, so an import that fails later leaves only unused objects).
  const statements: BatchItem<'sqlite'>[] = [];
  const coloursWritten = await colourStatements(d, media, state, planned, coloursForSet, statements);
  const created = productStatements(d, planned, taken.nextSortOrder, now, statements);
  const updated = planned.length - created;
  statements.push(
    auditStatement(
      db,
      {
        actor,
        action: 'catalog.import',
        details: { productsCreated: created, productsUpdated: updated, coloursWritten, products: planned.map((p) => p.id) },
      },
      now,
    ),
  );
  await d.batch(statements as [BatchItem<'sqlite'>, ...BatchItem<'sqlite'>[]]);
  invalidateProductCatalogue();
  return {
    success: true,
    message: `Imported ${planned.length} product${planned.length === 1 ? '' : 's'}: ${created} added, ${updated} updated, ${coloursWritten} colours written.`,
    productsCreated: created,
    productsUpdated: updated,
    coloursWritten,
  };
}

/** Ids and colour set keys for every product in the file, checked as a whole: throws with the problems found. */
function planImport(
  input: CatalogImport,
  state: CatalogState,
  taken: Awaited<ReturnType<typeof takenKeys>>,
): { planned: PlannedProduct[]; coloursForSet: ColoursForSet } {
  const byKey = new Map<string, ProductRow>();
  for (const p of state.productRows) {
    byKey.set(p.id, p);
    if (p.calculatorId) byKey.set(p.calculatorId, p);
  }

  const problems: string[] = [];
  const seenIds = new Map<string, number>();
  const planned: PlannedProduct[] = [];
  input.products.forEach((product, index) => {
    const label = `product ${index + 1} (${product.name})`;
    const requested = product.id ? normaliseProductKey(product.id) : null;
    const row = requested ? (byKey.get(requested) ?? null) : null;
    let id: string;
    let setKey: string;
    if (row) {
      id = row.id;
      setKey = row.colourSetKey;
    } else {
      id = requested ?? unique(slugify(product.name, 'product'), taken.ids);
      setKey = unique(id.replace(/-/g, '_'), taken.setKeys, '_');
      taken.ids.add(id);
      taken.setKeys.add(setKey);
    }
    const first = seenIds.get(id);
    if (first !== undefined) problems.push(`${label} has the same id '${id}' as product ${first + 1}`);
    seenIds.set(id, index);
    const names = new Set<string>();
    for (const colour of product.colours ?? []) {
      const name = colour.name.toLowerCase();
      if (names.has(name)) problems.push(`${label} lists the colour '${colour.name}' twice`);
      names.add(name);
    }
    planned.push({ row, id, setKey, product, index });
  });

  // Products that share a colour set must not be given different colours.
  const coloursForSet: ColoursForSet = new Map();
  for (const plan of planned) {
    if (!plan.product.colours) continue;
    const earlier = coloursForSet.get(plan.setKey);
    if (!earlier) {
      coloursForSet.set(plan.setKey, { index: plan.index, colours: plan.product.colours });
      continue;
    }
    const a = earlier.colours.map(colourIdentity).join(',');
    const b = plan.product.colours.map(colourIdentity).join(',');
    if (a !== b) problems.push(`products ${earlier.index + 1} and ${plan.index + 1} share one colour set but list different colours`);
  }
  for (const setKey of coloursForSet.keys()) {
    if (setKey === OUTDOOR_COLOUR_SET_KEY && state.outdoorUploaded) {
      problems.push(
        'the outdoor blinds offer the range uploaded on /admin/colours; leave their colours out of the file or change them there',
      );
    }
  }
  if (problems.length > 0) {
    throw new AppError('validation_error', `Import Error - ${problems.slice(0, 3).join('; ')}. Nothing was changed.`, {
      issues: problems.map((message) => ({ path: 'products', message })),
    });
  }
  return { planned, coloursForSet };
}

/** Each colour set the file lists: swatches rendered into R2, then its rows replaced. Returns how many colours are written. */
async function colourStatements(
  d: Database,
  media: R2Bucket,
  state: CatalogState,
  planned: PlannedProduct[],
  coloursForSet: ColoursForSet,
  statements: BatchItem<'sqlite'>[],
): Promise<number> {
  let coloursWritten = 0;
  for (const [setKey, { index, colours: list }] of coloursForSet) {
    const plan = planned[index]!;
    const existing = state.coloursBySet.get(setKey) ?? [];
    const existingByName = new Map(existing.map((c) => [c.name.trim().toLowerCase(), c]));
    const category = plan.product.category;
    const texture = textureFor(
      existing.map((c) => c.texture),
      category,
      plan.id,
    );
    const slugs = new Set<string>();
    const rows: (typeof colours.$inferInsert)[] = [];
    for (const [sortOrder, colour] of list.entries()) {
      const hex = colour.hex.toUpperCase();
      const match = existingByName.get(colour.name.toLowerCase());
      const slug = match && !slugs.has(match.slug) ? match.slug : unique(slugify(colour.name, 'colour'), slugs);
      slugs.add(slug);
      const rowTexture = (match?.texture as SwatchTexture | undefined) ?? texture;
      let swatchKey = match && match.hex === hex && match.slug === slug ? match.swatchKey : null;
      if (!swatchKey) {
        swatchKey = swatchKeyFor(setKey, slug, hex, rowTexture);
        await putSwatch(media, swatchKey, hex, rowTexture);
      }
      rows.push({
        setKey,
        slug,
        name: colour.name,
        hex,
        material: colour.material,
        finish: colour.finish,
        description: colour.description,
        texture: rowTexture,
        fabric: colour.fabric || null,
        pantone: colour.pantone || null,
        swatchKey,
        sortOrder,
      });
    }
    statements.push(d.delete(colours).where(eq(colours.setKey, setKey)));
    for (let i = 0; i < rows.length; i += COLOUR_ROWS_PER_INSERT)
      statements.push(d.insert(colours).values(rows.slice(i, i + COLOUR_ROWS_PER_INSERT)));
    coloursWritten += rows.length;
  }
  return coloursWritten;
}

/** The products: updated by id, or added at the end of the catalogue. Returns how many are added. */
function productStatements(
  d: Database,
  planned: PlannedProduct[],
  nextSortOrder: number,
  now: Date,
  statements: BatchItem<'sqlite'>[],
): number {
  let created = 0;
  let sortOrder = nextSortOrder;
  for (const { row, id, setKey, product } of planned) {
    const fields = {
      name: product.name,
      category: product.category,
      description: product.description,
      materials: product.materials,
      features: product.features,
      priceCategory: product.priceCategory,
      installationType: product.installationType,
      suitableFor: product.suitableFor,
      updatedAt: now.toISOString(),
    };
    if (row) {
      statements.push(d.update(products).set(fields).where(eq(products.id, row.id)));
    } else {
      created++;
      statements.push(
        d.insert(products).values({
          ...fields,
          id,
          // A product staff add is offered by the calculator under its own id (ids are unique across both id spaces).
          calculatorId: id,
          section: sectionFor(product.category),
          colourSetKey: setKey,
          sortOrder: sortOrder++,
        }),
      );
    }
  }
  return created;
}

// The staff catalogue editor's contract (staff spec 2.3, 3 'Catalog product' and 'Catalog colour', 5, 8, 9):
// the zod schemas the worker validates with and the shapes the web client reads. Shared by both sides.
import { z } from 'zod';

export const CATALOG_CATEGORIES = ['roller', 'venetian', 'vertical', 'honeycomb', 'zebra', 'shutter', 'outdoor', 'awning'] as const;
export type CatalogCategory = (typeof CATALOG_CATEGORIES)[number];
export const PRICE_CATEGORIES = ['budget', 'standard', 'premium'] as const;
export type PriceCategory = (typeof PRICE_CATEGORIES)[number];
export const INSTALLATION_TYPES = ['inside', 'outside', 'both'] as const;
export type InstallationType = (typeof INSTALLATION_TYPES)[number];

/** Staff spec 9: a new product is a roller, standard-priced, for inside and outside mounting. */
export const NEW_PRODUCT_DEFAULTS = { category: 'roller', priceCategory: 'standard', installationType: 'both' } as const;

/** Staff spec 9: catalogue export metadata version. */
export const CATALOG_EXPORT_VERSION = '1.0';
export const MAX_IMPORT_PRODUCTS = 100;
export const MAX_COLOURS_PER_PRODUCT = 200;
/** An import body (JSON) at most this large. */
export const MAX_IMPORT_BYTES = 1024 * 1024;

// Staff spec 5 and 8: the messages the screen shows.
export const COLOUR_VALIDATION_MESSAGE = 'Validation Error - Please fill in colour name and hex code';
export const IMPORT_FORMAT_MESSAGE = 'Import Error - Invalid catalog file format';
export const LOAD_ERROR_MESSAGE = 'Loading Error - Could not load product catalog. Starting with empty catalog.';

/** Staff spec 9: hex codes must be 6 digits. */
export const HEX_PATTERN = /^#[0-9A-Fa-f]{6}$/;

const text = (label: string, max: number) => z.string().trim().max(max, `${label} must be at most ${max} characters`);
const list = (label: string) =>
  z.array(text(`each of ${label}`, 120).min(1, `${label} must not contain empty entries`)).max(30, `${label} may have at most 30 entries`);

export const catalogColourSchema = z.object({
  name: z
    .string({ error: 'give the colour a name' })
    .trim()
    .min(1, 'give the colour a name')
    .max(80, 'the colour name must be at most 80 characters'),
  hex: z.string({ error: 'give the colour a hex code, #RRGGBB' }).trim().regex(HEX_PATTERN, 'the hex code must be 6 digits, #RRGGBB'),
  fabric: text('fabric', 80).default(''),
  material: text('material', 80).default(''),
  finish: text('finish', 80).default(''),
  description: text('description', 500).default(''),
  pantone: text('pantone', 40).optional(),
});
export type CatalogColourInput = z.input<typeof catalogColourSchema>;

const productFields = {
  name: z
    .string({ error: 'give the product a name' })
    .trim()
    .min(1, 'give the product a name')
    .max(120, 'the product name must be at most 120 characters'),
  category: z.enum(CATALOG_CATEGORIES, { error: `category must be one of ${CATALOG_CATEGORIES.join(', ')}` }),
  description: text('the description', 2000),
  materials: list('materials'),
  features: list('features'),
  priceCategory: z.enum(PRICE_CATEGORIES, { error: `priceCategory must be one of ${PRICE_CATEGORIES.join(', ')}` }),
  installationType: z.enum(INSTALLATION_TYPES, { error: `installationType must be one of ${INSTALLATION_TYPES.join(', ')}` }),
  suitableFor: list('suitableFor'),
};

/** The longest production lead time the editor takes (about three months of working days). */
export const MAX_LEAD_TIME_WORKING_DAYS = 60;

/** POST /api/admin/catalog/products: only the name is required; the rest takes the spec's defaults. */
export const createProductSchema = z.object({
  name: productFields.name,
  category: productFields.category.default(NEW_PRODUCT_DEFAULTS.category),
  description: productFields.description.default(''),
  materials: productFields.materials.default([]),
  features: productFields.features.default([]),
  priceCategory: productFields.priceCategory.default(NEW_PRODUCT_DEFAULTS.priceCategory),
  installationType: productFields.installationType.default(NEW_PRODUCT_DEFAULTS.installationType),
  suitableFor: productFields.suitableFor.default([]),
});
export type CreateProductInput = z.input<typeof createProductSchema>;

/** PATCH /api/admin/catalog/products/:id: any of the editable fields. */
export const updateProductSchema = z
  .object({
    name: productFields.name,
    category: productFields.category,
    description: productFields.description,
    materials: productFields.materials,
    features: productFields.features,
    priceCategory: productFields.priceCategory,
    installationType: productFields.installationType,
    suitableFor: productFields.suitableFor,
    /** Production lead time in working days: the dispatch date customers are shown (delivery-dates.ts). */
    leadTimeWorkingDays: z
      .number({ error: 'leadTimeWorkingDays must be a whole number of working days' })
      .int('leadTimeWorkingDays must be a whole number of working days')
      .min(1, 'leadTimeWorkingDays must be at least 1 working day')
      .max(MAX_LEAD_TIME_WORKING_DAYS, `leadTimeWorkingDays must be at most ${MAX_LEAD_TIME_WORKING_DAYS} working days`),
  })
  .partial()
  .refine((v) => Object.values(v).some((x) => x !== undefined), 'Send at least one field to change.');
export type UpdateProductInput = z.input<typeof updateProductSchema>;

/** One product of an import file: the export's shape; a product without an id gets one from its name. */
export const importProductSchema = z.object({
  id: z
    .string()
    .trim()
    .regex(/^[a-z0-9][a-z0-9_-]{0,79}$/, 'a product id is lower-case letters, digits, - and _')
    .optional(),
  name: productFields.name,
  category: productFields.category.default(NEW_PRODUCT_DEFAULTS.category),
  description: productFields.description.default(''),
  colours: z
    .array(catalogColourSchema)
    .max(MAX_COLOURS_PER_PRODUCT, `a product may have at most ${MAX_COLOURS_PER_PRODUCT} colours`)
    .optional(),
  materials: productFields.materials.default([]),
  features: productFields.features.default([]),
  priceCategory: productFields.priceCategory.default(NEW_PRODUCT_DEFAULTS.priceCategory),
  installationType: productFields.installationType.default(NEW_PRODUCT_DEFAULTS.installationType),
  suitableFor: productFields.suitableFor.default([]),
});

/** POST /api/admin/catalog/import: the whole file, validated as a whole. */
export const catalogImportSchema = z.object({
  metadata: z.record(z.string(), z.unknown()).optional(),
  products: z
    .array(importProductSchema)
    .min(1, 'the file has no products')
    .max(MAX_IMPORT_PRODUCTS, `import at most ${MAX_IMPORT_PRODUCTS} products at a time`),
});
export type CatalogImportInput = z.input<typeof catalogImportSchema>;

/** Staff spec 3 'Catalog colour', plus what the editor needs to show and remove it. */
export interface CatalogColour {
  slug: string;
  name: string;
  hex: string;
  fabric: string;
  material: string;
  finish: string;
  description: string;
  pantone?: string;
  /** The swatch the storefront shows, served by this site. */
  imageUrl: string | null;
}

/** Staff spec 3 'Catalog product', plus where it stands on the storefront. */
export interface CatalogProduct {
  id: string;
  name: string;
  category: CatalogCategory;
  description: string;
  colours: CatalogColour[];
  materials: string[];
  features: string[];
  priceCategory: PriceCategory;
  installationType: InstallationType;
  suitableFor: string[];
  /** Production lead time in working days; `leadTimeIsSample` while it is still the seeded sample value. */
  leadTimeWorkingDays: number;
  leadTimeIsSample: boolean;
  /** The calculator's id, or null when the quote calculator does not offer it. */
  calculatorId: string | null;
  /** The colour set the product's colours belong to, and the other products that share it. */
  colourSetKey: string;
  sharesColoursWith: string[];
  /** False until a price list is uploaded on /admin/scraper: the product cannot be priced before. */
  hasPriceList: boolean;
  /** True while the storefront offers the outdoor range uploaded on /admin/colours instead of these colours. */
  coloursManagedElsewhere: boolean;
  /** Taken off the storefront by staff (kept for the orders and quotes that name it). */
  hidden: boolean;
  updatedAt: string | null;
}

/** PUT /api/admin/catalog/products/:id/visibility: hide a product from the storefront, or offer it again. */
export const productVisibilitySchema = z.object({ hidden: z.boolean() }).strict();

/** DELETE /api/admin/catalog/products/:id. */
export interface CatalogDeleteResponse {
  success: true;
  deleted: string;
}

export interface CatalogResponse {
  success: true;
  products: CatalogProduct[];
}

export interface CatalogProductResponse {
  success: true;
  product: CatalogProduct;
}

/** One product of an export file: the spec's 'Catalog product' fields, colours without the editor's extras. */
export type CatalogExportProduct = Pick<
  CatalogProduct,
  'id' | 'name' | 'category' | 'description' | 'materials' | 'features' | 'priceCategory' | 'installationType' | 'suitableFor'
> & { colours: Omit<CatalogColour, 'slug' | 'imageUrl'>[] };

export interface CatalogExport {
  metadata: { version: typeof CATALOG_EXPORT_VERSION; exportedAt: string; productCount: number; colourCount: number; source: string };
  products: CatalogExportProduct[];
}

export interface CatalogImportResponse {
  success: true;
  message: string;
  productsCreated: number;
  productsUpdated: number;
  coloursWritten: number;
}

/** Staff spec 9: exported file names include the date, e.g. catalog-2026-11-23.json. */
export function catalogExportFileName(now = new Date()): string {
  return `catalog-${now.toISOString().slice(0, 10)}.json`;
}

/** The part of an import the screen checks before sending (staff spec 5): JSON with a products array. */
export function looksLikeCatalogFile(value: unknown): value is { products: unknown[] } {
  return typeof value === 'object' && value !== null && Array.isArray((value as { products?: unknown }).products);
}

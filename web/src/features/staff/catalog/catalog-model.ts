// Pure helpers of the catalogue editor (staff spec 2.3, 5, 9): card swatches, import file checks,
// the preview's product kind and the list fields' text form.
import { looksLikeCatalogFile, type CatalogColour, type CatalogProduct } from '@shared/catalog-admin-api';
import type { ArProduct } from '../../../scene/blind-geometry';

/** Staff spec 9: catalogue cards show 8 swatches, then '+N'. */
export const CARD_SWATCHES = 8;

export function cardSwatches(colours: readonly CatalogColour[]): { shown: CatalogColour[]; more: number } {
  return { shown: colours.slice(0, CARD_SWATCHES), more: Math.max(0, colours.length - CARD_SWATCHES) };
}

/** Staff spec 5: an import must be JSON with a products array; null when it is not. */
export function parseCatalogFile(text: string): { products: unknown[] } | null {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    return null;
  }
  return looksLikeCatalogFile(value) ? value : null;
}

/** What the visualiser's renderer can draw for a product; null for shutters and awnings, which it does not draw. */
export function previewProductFor(product: Pick<CatalogProduct, 'id' | 'name' | 'category'>): ArProduct | null {
  const base = { id: product.id, label: product.name };
  switch (product.category) {
    case 'venetian':
      return { ...base, kind: 'venetian', slatWidthMm: /25\s*mm/i.test(`${product.id} ${product.name}`) ? 25 : 50 };
    case 'roller':
    case 'vertical':
    case 'honeycomb':
    case 'zebra':
    case 'outdoor':
      return { ...base, kind: product.category };
    default:
      return null;
  }
}

/** A list field edited as text: one entry a line (commas also separate). */
export function listFromText(text: string): string[] {
  return text
    .split(/[\n,]/)
    .map((s) => s.trim())
    .filter(Boolean);
}

export const listToText = (list: readonly string[]) => list.join('\n');

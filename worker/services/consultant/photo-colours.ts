import { and, inArray, isNotNull } from 'drizzle-orm';
import { database } from '../../lib/db';
import { colours } from '../../db/schema';
import { coloursForProduct } from '../catalog';
import { productCatalogue } from '../product-catalog';
import { dominantColours, nearestColours } from '../image-colours';
import { decodePhoto } from '../../lib/image/decode';
import { ImageError } from '../../lib/image/errors';

interface Candidate {
  name: string;
  hex: string;
  productName: string;
}

async function candidateColours(db: D1Database, productId: string | undefined): Promise<Candidate[]> {
  if (productId) {
    const { product, colours: list } = await coloursForProduct(db, productId);
    return list.map((c) => ({ name: c.name, hex: c.hex, productName: product.name }));
  }
  // Without a product, only the sets the calculator offers: other products' colours are not suggested.
  const calculatorProducts = (await productCatalogue(db)).products.filter((p) => p.calculatorId);
  const calculatorSets = [...new Set(calculatorProducts.map((p) => p.colourSetKey))];
  if (calculatorSets.length === 0) return [];
  const rows = await database(db)
    .select({ name: colours.name, hex: colours.hex, setKey: colours.setKey })
    .from(colours)
    .where(and(inArray(colours.setKey, calculatorSets), isNotNull(colours.swatchKey)));
  const productBySet = new Map(calculatorProducts.map((p) => [p.colourSetKey, p.name]));
  return rows.map((r) => ({ name: r.name, hex: r.hex, productName: productBySet.get(r.setKey) ?? '' }));
}

/** Main colours need no detail: a photo is reduced (while decoding) to about this many pixels. */
export const COLOUR_SAMPLE_PIXELS = 250_000;

const percent = (share: number) => `${Math.round(share * 100)}%`;

/**
 * Describes the main colours of the customer's photos and suggests the nearest catalogue colours,
 * for the product under discussion when there is one. Null when no photo could be read.
 */
export async function describePhotoColours(db: D1Database, photos: Uint8Array[], productId?: string): Promise<string | null> {
  const described: string[] = [];
  const photoColours: ReturnType<typeof dominantColours> = [];
  for (const [index, bytes] of photos.entries()) {
    try {
      const main = dominantColours(decodePhoto(bytes, COLOUR_SAMPLE_PIXELS), 3);
      if (main.length === 0) continue;
      photoColours.push(...main);
      const label = photos.length > 1 ? `Photo ${index + 1}` : 'Your photo';
      described.push(`${label}: mostly ${main.map((c) => `${c.name} (${percent(c.share)})`).join(', ')}.`);
    } catch (err) {
      // A photo too large to read (or a decompression bomb) is refused from its header, before any
      // pixels are allocated: the customer hears why.
      const why = err instanceof ImageError && err.reason === 'image_too_large' ? ` ${err.message}` : '';
      described.push(`I couldn't read photo ${index + 1}; JPEG or PNG photos work best.${why}`);
    }
  }
  if (photoColours.length === 0) return described.length ? described.join(' ') : null;

  const candidates = await candidateColours(db, productId);
  const top = [...photoColours].sort((a, b) => b.share - a.share).slice(0, 2);
  const picks = new Map<string, string>();
  for (const colour of top) {
    for (const match of nearestColours(colour.hex, candidates, 2)) {
      const label = productId ? match.name : `${match.name} (${match.productName})`;
      if (!picks.has(label)) picks.set(label, colour.name);
    }
  }
  const suggestions = [...picks.entries()].slice(0, 3).map(([label, near]) => `${label}, close to the ${near}`);
  const range = productId && candidates[0] ? ` in our ${candidates[0].productName} range` : ' in our range';
  return `${described.join(' ')} Colours${range} that sit well with that: ${suggestions.join('; ')}. Screens differ, so ask us for real swatches before you decide.`;
}

// Screenshot colour extraction (staff spec sections 2.4 and 3): the distinct colours of a supplier's
// colour-card screenshot, read from its pixels in the Worker, stored with the screenshot, and one
// extracted colour added to a product's colour set in one step.
import { asc, desc, eq, max } from 'drizzle-orm';
import { database } from '../../lib/db';
import { colourExtractions, colours } from '../../db/schema';
import { AppError } from '../../lib/errors';
import { acceptedImageType } from '../../lib/image/sniff';
import { slugify } from '../../lib/slug';
import type {
  AddExtractedColourResponse,
  ColourExtractionDto,
  ColourExtractionListResponse,
  ExtractedColour,
  ExtractionCategory,
} from '../../shared/colour-extraction-api';
import { SWATCH_TEXTURES, type SwatchTexture } from '../../shared/catalogue-types';
import { auditStatement } from './audit';
import { findProduct, toColourDto } from '../catalog';
import { colourWord, deltaE, rgbToHex, rgbToLab, type Lab, type Rgb } from '../image-colours';
import { SWATCH_SIZE_PX } from '../seed';
import { renderSwatchPng } from '../swatch-texture';
import { decodePhoto } from '../../lib/image/decode';
import type { RgbaImage } from '../../lib/image/types';

export const MAX_SCREENSHOT_BYTES = 8 * 1024 * 1024;
/** A colour card needs no detail: the screenshot is reduced while decoding to about this many pixels. */
const SAMPLE_PIXELS = 250_000;
/** Colours closer than this (CIE76) are one colour to a person; JPEG noise stays well under it. */
const MERGE_DELTA_E = 8;
const MIN_SHARE = 0.01;
const MAX_COLOURS = 24;
/** The border colour is the background only when it covers this much of the border. */
const BACKGROUND_BORDER_SHARE = 0.4;

const MATERIAL: Record<ExtractionCategory, string> = { roller: 'Fabric', venetian: 'Aluminium', vertical: 'Fabric', outdoor: 'Canvas' };
const TEXTURE: Record<ExtractionCategory, SwatchTexture> = {
  roller: 'blockout-fabric',
  venetian: 'aluminium-brushed',
  vertical: 'linen-weave',
  outdoor: 'canvas',
};

interface Cluster {
  n: number;
  r: number;
  g: number;
  b: number;
  lab: Lab;
}

const meanRgb = (c: { n: number; r: number; g: number; b: number }): Rgb => [c.r / c.n, c.g / c.n, c.b / c.n];

/**
 * The distinct colours of an image, largest share first: 5-bit-per-channel buckets, near-duplicates
 * (CIE76 below 8) merged, the background (the colour covering most of the border) left out, colours
 * under 1% dropped, at most 24, each named with a plain colour word (suffixed when two share one).
 * Deterministic for the same pixels.
 */
export function extractDistinctColours(image: RgbaImage, material: string): ExtractedColour[] {
  const buckets = new Map<number, { n: number; r: number; g: number; b: number }>();
  const borderCounts = new Map<number, number>();
  let borderTotal = 0;
  const { width, height, data } = image;
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const i = (y * width + x) * 4;
      if ((data[i + 3] ?? 255) < 128) continue; // transparent pixels are not part of the card
      const r = data[i]!;
      const g = data[i + 1]!;
      const b = data[i + 2]!;
      const key = ((r >> 3) << 10) | ((g >> 3) << 5) | (b >> 3);
      const bucket = buckets.get(key) ?? { n: 0, r: 0, g: 0, b: 0 };
      bucket.n += 1;
      bucket.r += r;
      bucket.g += g;
      bucket.b += b;
      buckets.set(key, bucket);
      if (x === 0 || y === 0 || x === width - 1 || y === height - 1) {
        borderCounts.set(key, (borderCounts.get(key) ?? 0) + 1);
        borderTotal += 1;
      }
    }
  }
  if (buckets.size === 0) return [];

  // Largest buckets seed the clusters, so a shade's noise joins the shade and not the other way round.
  const clusters: Cluster[] = [];
  const sorted = [...buckets.entries()].sort((a, b) => b[1].n - a[1].n || a[0] - b[0]);
  for (const [, bucket] of sorted) {
    const lab = rgbToLab(meanRgb(bucket));
    const near = nearestCluster(clusters, lab);
    if (near) absorb(near, bucket);
    else clusters.push({ ...bucket, lab });
  }
  // A second pass: clusters whose means drifted together are one colour too.
  const merged: Cluster[] = [];
  for (const cluster of clusters.sort((a, b) => b.n - a.n)) {
    const near = nearestCluster(merged, rgbToLab(meanRgb(cluster)));
    if (near) absorb(near, cluster);
    else merged.push({ ...cluster, lab: rgbToLab(meanRgb(cluster)) });
  }

  const background = backgroundColour(borderCounts, borderTotal, buckets);
  const foreground = background ? merged.filter((c) => deltaE(c.lab, background) >= MERGE_DELTA_E) : merged;
  const total = foreground.reduce((sum, c) => sum + c.n, 0);
  if (total === 0) return [];
  const kept = foreground
    .filter((c) => c.n / total >= MIN_SHARE)
    .sort((a, b) => b.n - a.n)
    .slice(0, MAX_COLOURS);

  const used = new Map<string, number>();
  return kept.map((c) => {
    const rgb = meanRgb(c);
    return {
      name: uniqueName(titleCase(colourWord(rgb)), used),
      hex: rgbToHex(rgb),
      material,
      share: Math.round((c.n / total) * 10_000) / 10_000,
    };
  });
}

function nearestCluster(clusters: Cluster[], lab: Lab): Cluster | undefined {
  let best: Cluster | undefined;
  let bestDistance = MERGE_DELTA_E;
  for (const cluster of clusters) {
    const distance = deltaE(cluster.lab, lab);
    if (distance < bestDistance) {
      best = cluster;
      bestDistance = distance;
    }
  }
  return best;
}

function absorb(into: Cluster, from: { n: number; r: number; g: number; b: number }) {
  into.n += from.n;
  into.r += from.r;
  into.g += from.g;
  into.b += from.b;
}

/** The colour covering most of the image border, when it covers enough of it to be the page behind the card. */
function backgroundColour(
  borderCounts: Map<number, number>,
  borderTotal: number,
  buckets: Map<number, { n: number; r: number; g: number; b: number }>,
): Lab | null {
  if (borderTotal === 0) return null;
  const [topKey] = [...borderCounts.entries()].sort((a, b) => b[1] - a[1] || a[0] - b[0])[0]!;
  // Neighbouring buckets of the top one count too: JPEG noise splits a flat border across a few.
  const topLab = rgbToLab(meanRgb(buckets.get(topKey)!));
  let covered = 0;
  for (const [key, n] of borderCounts) if (deltaE(rgbToLab(meanRgb(buckets.get(key)!)), topLab) < MERGE_DELTA_E) covered += n;
  return covered / borderTotal >= BACKGROUND_BORDER_SHARE ? topLab : null;
}

const titleCase = (words: string) => words.replace(/\b\w/g, (ch) => ch.toUpperCase());

function uniqueName(name: string, used: Map<string, number>): string {
  const seen = (used.get(name) ?? 0) + 1;
  used.set(name, seen);
  return seen === 1 ? name : `${name} ${seen}`;
}

export interface ScreenshotInput {
  bytes: Uint8Array;
  productName: string;
  category: ExtractionCategory;
  details: string | null;
}

/** Decodes, extracts, stores the screenshot in R2 and the extraction in D1 (with its audit entry). */
export async function extractFromScreenshot(
  db: D1Database,
  media: R2Bucket,
  input: ScreenshotInput,
  actor: string,
): Promise<ColourExtractionDto> {
  if (input.bytes.byteLength > MAX_SCREENSHOT_BYTES) {
    throw new AppError(
      'payload_too_large',
      `The screenshot is larger than ${MAX_SCREENSHOT_BYTES / 1024 / 1024} MB. Please send a smaller image.`,
    );
  }
  const type = acceptedImageType(input.bytes);
  if (!type || type.mime === 'image/webp') {
    throw new AppError('unsupported_media_type', 'The screenshot must be a PNG or JPEG image.');
  }
  const image = decodePhoto(input.bytes, SAMPLE_PIXELS); // 4xx for an unreadable or oversized image
  const extracted = extractDistinctColours(image, MATERIAL[input.category]);

  const imageKey = `screenshots/${new Date().toISOString().slice(0, 10)}/${crypto.randomUUID()}.${type.ext}`;
  await media.put(imageKey, input.bytes, { httpMetadata: { contentType: type.mime } });
  const d = database(db);
  const extractedAt = new Date().toISOString();
  const [[row]] = await d.batch([
    d
      .insert(colourExtractions)
      .values({
        productName: input.productName,
        category: input.category,
        details: input.details,
        colours: extracted,
        imageKey,
        extractedAt,
      })
      .returning(),
    auditStatement(db, {
      actor,
      action: 'colours.extract',
      target: input.productName,
      details: { category: input.category, colours: extracted.length, imageKey },
    }),
  ]);
  return toDto(row!);
}

function toDto(row: typeof colourExtractions.$inferSelect): ColourExtractionDto {
  return {
    id: row.id,
    productName: row.productName,
    category: row.category,
    details: row.details,
    extractedAt: row.extractedAt,
    colours: row.colours,
  };
}

/** GET /api/colours/all: the newest extractions first. */
export async function listExtractions(db: D1Database, limit = 100): Promise<ColourExtractionListResponse> {
  const rows = await database(db)
    .select()
    .from(colourExtractions)
    .orderBy(desc(colourExtractions.extractedAt), desc(colourExtractions.id))
    .limit(limit);
  const extractions = rows.map(toDto);
  return {
    success: true,
    colorsExtracted: extractions.reduce((sum, e) => sum + e.colours.length, 0),
    totalProducts: new Set(extractions.map((e) => e.productName.trim().toLowerCase())).size,
    extractions,
  };
}

export interface AddToProductInput {
  extractionId: number;
  productId: string;
  colourIndex: number;
  name?: string;
}

/**
 * Adds one extracted colour to a product's colour set with a rendered swatch, so the storefront
 * (which offers only colours with a swatch) shows it at once. A name already in the set is a 409.
 */
export async function addExtractedColourToProduct(
  db: D1Database,
  media: R2Bucket,
  input: AddToProductInput,
  actor: string,
): Promise<AddExtractedColourResponse> {
  const d = database(db);
  const [extraction] = await d.select().from(colourExtractions).where(eq(colourExtractions.id, input.extractionId)).limit(1);
  if (!extraction) throw new AppError('not_found', `There is no colour extraction ${input.extractionId}.`);
  const colour = extraction.colours[input.colourIndex];
  if (!colour)
    throw new AppError(
      'validation_error',
      `Extraction ${input.extractionId} has ${extraction.colours.length} colours; there is no colour ${input.colourIndex}.`,
    );
  const product = await findProduct(db, input.productId);
  if (!product) throw new AppError('not_found', `We do not have a product called '${input.productId}'. Choose one from the catalogue.`);

  const name = input.name ?? colour.name;
  const existing = await d
    .select({ name: colours.name, slug: colours.slug, texture: colours.texture })
    .from(colours)
    .where(eq(colours.setKey, product.colourSetKey))
    .orderBy(asc(colours.id));
  if (existing.some((c) => c.name.trim().toLowerCase() === name.trim().toLowerCase())) {
    throw new AppError('conflict', `${product.name} already has a colour called '${name}'. Give it another name.`);
  }
  const slugs = new Set(existing.map((c) => c.slug));
  const base = slugify(name, 'colour');
  let slug = base;
  for (let n = 2; slugs.has(slug); n++) slug = `${base}-${n}`;
  const texture = commonTexture(existing.map((c) => c.texture)) ?? TEXTURE[extraction.category as ExtractionCategory] ?? 'blockout-fabric';
  const hex = colour.hex.toUpperCase();

  const swatchKey = `swatches/${product.colourSetKey}/${slug}-${crypto.randomUUID().slice(0, 8)}.png`;
  await media.put(swatchKey, renderSwatchPng(hex, texture, SWATCH_SIZE_PX), { httpMetadata: { contentType: 'image/png' } });
  const [top] = await d
    .select({ n: max(colours.sortOrder) })
    .from(colours)
    .where(eq(colours.setKey, product.colourSetKey));
  const [[row]] = await d.batch([
    d
      .insert(colours)
      .values({
        setKey: product.colourSetKey,
        slug,
        name,
        hex,
        material: colour.material,
        finish: 'Matte',
        description: `From screenshot ${extraction.productName}`,
        texture,
        swatchKey,
        sortOrder: (top?.n ?? 0) + 1,
      })
      .returning(),
    auditStatement(db, {
      actor,
      action: 'colours.add-from-screenshot',
      target: product.id,
      details: { extractionId: extraction.id, name, hex },
    }),
  ]);
  return { success: true, productId: product.id, colour: toColourDto(row!) };
}

/** The texture most of a set's colours use, so a new swatch looks like its neighbours. */
function commonTexture(textures: string[]): SwatchTexture | null {
  const counts = new Map<string, number>();
  for (const t of textures) counts.set(t, (counts.get(t) ?? 0) + 1);
  const [top] = [...counts.entries()].sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0]));
  return top && (SWATCH_TEXTURES as readonly string[]).includes(top[0]) ? (top[0] as SwatchTexture) : null;
}

// The outdoor blinds colour range (staff spec 2.8, 3 'Outdoor colours', 5): uploaded from a Word
// document, one colour per line 'Colour Name - #HEXCODE - Description'; replace-all or merge, each
// in one D1 batch with its audit entry. Once a range is uploaded it is what the outdoor products
// offer (GET /api/colours/outdoor-blinds); before that, the seed's outdoor set.
import { asc, count, eq, max, sql } from 'drizzle-orm';
import type { BatchItem } from 'drizzle-orm/batch';
import { database } from '../lib/db';
import { colours, outdoorColours } from '../db/schema';
import { AppError } from '../lib/errors';
import { slugify } from '../lib/slug';
import { wordParagraphs } from '../lib/word-document';
import type { ColourDto } from '../shared/catalogue-api';
import type { OutdoorColour, OutdoorColoursResponse, SkippedLine, UploadColoursResponse } from '../shared/outdoor-colours-api';
import { auditStatement } from './staff/audit';
import { SWATCH_SIZE_PX, swatchHash } from './seed';
import { renderSwatchPng } from './swatch-texture';

/** The catalogue colour set the outdoor products use (worker/seed/catalogue-data.ts). */
export const OUTDOOR_COLOUR_SET_KEY = 'outdoor_blinds';
export const MAX_OUTDOOR_COLOURS = 200;
const MAX_NAME_LENGTH = 80;
const MAX_DESCRIPTION_LENGTH = 500;
/** Outdoor fabrics are drawn with the canvas texture, as the seed's outdoor set is. */
const SWATCH_TEXTURE = 'canvas' as const;
const SWATCH_FOLDER = 'outdoor_uploads';
/** 8 columns a row; D1 allows 100 bound parameters per statement. */
const ROWS_PER_INSERT = 12;

export interface ParsedColour {
  name: string;
  hex: string;
  material: string;
  finish: string;
  description: string;
}

const DASH = '[-\u2010-\u2015\u2212]'; // hyphen, en dash, em dash, minus
const COLOUR_LINE = new RegExp(`^(.+?)\\s*${DASH}+\\s*#([0-9A-Fa-f]{6})(?![0-9A-Fa-f])\\s*(?:(?:${DASH}+|:)\\s*(.*))?$`);
const ANY_HEX = /#[0-9A-Fa-f]+\b/;

/** Reads the colour lines of a document's paragraphs; every other non-blank line is skipped with its reason. */
export function parseColourLines(lines: readonly string[]): { colours: ParsedColour[]; skipped: SkippedLine[] } {
  const parsed: ParsedColour[] = [];
  const skipped: SkippedLine[] = [];
  const seen = new Map<string, string>();
  lines.forEach((raw, index) => {
    const line = index + 1;
    const text = raw
      .replace(/[\u00a0\u2007\u202f]/g, ' ')
      .replace(/\s+/g, ' ')
      .trim();
    if (!text) return;
    const skip = (reason: string) => skipped.push({ line, text: text.slice(0, 200), reason: `line ${line}: ${reason}` });
    const match = COLOUR_LINE.exec(text);
    if (!match) {
      const hex = ANY_HEX.exec(text);
      if (hex) return skip(`'${hex[0]}' is not a 6-digit #RRGGBB hex code`);
      return skip('no #RRGGBB hex code');
    }
    const name = match[1]!.replace(/^[\s\u2022*•·-]+/, '').trim(); // list bullets are not part of the name
    if (!name) return skip('no colour name before the hex code');
    if (name.length > MAX_NAME_LENGTH) return skip(`the colour name is longer than ${MAX_NAME_LENGTH} characters`);
    const previous = seen.get(name.toLowerCase());
    if (previous) return skip(`duplicate of ${previous}`);
    if (parsed.length >= MAX_OUTDOOR_COLOURS) return skip(`more than ${MAX_OUTDOOR_COLOURS} colours in one document`);
    seen.set(name.toLowerCase(), name);
    const isMesh = /\bmesh\b/i.test(name);
    parsed.push({
      name,
      hex: `#${match[2]!.toUpperCase()}`,
      material: isMesh ? 'Mesh' : 'Canvas',
      finish: isMesh ? 'Textured weave' : 'Matte',
      description: (match[3] ?? '').trim().slice(0, MAX_DESCRIPTION_LENGTH),
    });
  });
  return { colours: parsed, skipped };
}

type OutdoorRow = typeof outdoorColours.$inferSelect;

/** Where an uploaded colour's swatch lives in R2: content-addressed, so it is never stale. */
function swatchKeyFor(name: string, hex: string): string {
  const slug = slugify(name, 'colour');
  return `swatches/${SWATCH_FOLDER}/${slug}-${swatchHash(hex, SWATCH_TEXTURE)}.png`;
}

function swatchUrlFor(name: string, hex: string): string {
  return '/' + swatchKeyFor(name, hex);
}

function toOutdoorColour(row: OutdoorRow): OutdoorColour {
  return {
    name: row.name,
    hex: row.hex,
    material: row.material,
    finish: row.finish,
    description: row.description,
    imageUrl: swatchUrlFor(row.name, row.hex),
  };
}

/** The uploaded range as catalogue colours (for GET /api/colours/outdoor-blinds), or null before any upload. */
export async function uploadedOutdoorColourDtos(db: D1Database): Promise<ColourDto[] | null> {
  const rows = await database(db).select().from(outdoorColours).orderBy(asc(outdoorColours.sortOrder), asc(outdoorColours.id));
  if (rows.length === 0) return null;
  return rows.map((row) => {
    const url = swatchUrlFor(row.name, row.hex);
    return {
      name: row.name,
      hex: row.hex,
      material: row.material,
      finish: row.finish,
      description: row.description,
      imageUrl: url,
      swatchPath: url,
    };
  });
}

/** GET /api/outdoor-blinds/colours: the uploaded range, or the seed's outdoor set before any upload. */
export async function listOutdoorColours(db: D1Database): Promise<OutdoorColoursResponse> {
  const d = database(db);
  const rows = await d.select().from(outdoorColours).orderBy(asc(outdoorColours.sortOrder), asc(outdoorColours.id));
  if (rows.length > 0) {
    const latest = rows.reduce((a, b) => (b.createdAt >= a.createdAt ? b : a)); // ties: the upload's own rows come last
    return { success: true, colours: rows.map(toOutdoorColour), lastUpdated: latest.createdAt, source: latest.source };
  }
  const seed = await d
    .select()
    .from(colours)
    .where(eq(colours.setKey, OUTDOOR_COLOUR_SET_KEY))
    .orderBy(asc(colours.sortOrder), asc(colours.id));
  return {
    success: true,
    colours: seed.map((c) => ({
      name: c.name,
      hex: c.hex,
      material: c.material,
      finish: c.finish,
      description: c.description,
      imageUrl: c.swatchKey ? '/' + c.swatchKey : null,
    })),
    lastUpdated: null,
    source: 'seed',
  };
}

export interface UploadColoursInput {
  bytes: Uint8Array;
  fileName: string;
  replaceAll: boolean;
  actor: string;
}

/**
 * Reads the document, then writes the range in one batch with its audit entry: replace-all deletes the
 * current range and inserts the new one; merge upserts by name. Nothing is written when no line is a colour.
 */
export async function uploadOutdoorColours(
  db: D1Database,
  media: R2Bucket,
  input: UploadColoursInput,
  now = new Date(),
): Promise<UploadColoursResponse> {
  const paragraphs = wordParagraphs(input.bytes); // 413 / 415 before anything changes
  const { colours: parsed, skipped } = parseColourLines(paragraphs);
  const source = input.fileName.replace(/[^\w .()-]+/g, '_').slice(0, 120) || 'document';
  if (parsed.length === 0) {
    throw new AppError(
      'validation_error',
      `No colours found in ${source}: write one colour per line as 'Colour Name - #HEXCODE - Description'. Nothing was changed.`,
      { issues: skipped.slice(0, 50).map((s) => ({ path: `line ${s.line}`, message: s.reason })) },
    );
  }

  const d = database(db);
  const stamp = now.toISOString();
  const [{ n: before = 0 } = {}] = await d.select({ n: count() }).from(outdoorColours);
  // Merging into no uploaded range merges into what the storefront shows: the seed's outdoor set.
  const base: ParsedColour[] = [];
  if (!input.replaceAll && before === 0) {
    const seed = await d
      .select()
      .from(colours)
      .where(eq(colours.setKey, OUTDOOR_COLOUR_SET_KEY))
      .orderBy(asc(colours.sortOrder), asc(colours.id));
    const incoming = new Set(parsed.map((c) => c.name.toLowerCase()));
    for (const c of seed) {
      if (!incoming.has(c.name.toLowerCase()))
        base.push({ name: c.name, hex: c.hex, material: c.material, finish: c.finish, description: c.description });
    }
  }

  // Swatches first (content-addressed, harmless if the batch then fails), so every listed colour has one.
  for (const colour of [...base, ...parsed]) {
    const key = swatchKeyFor(colour.name, colour.hex);
    if (!(await media.head(key))) {
      await media.put(key, renderSwatchPng(colour.hex, SWATCH_TEXTURE, SWATCH_SIZE_PX), { httpMetadata: { contentType: 'image/png' } });
    }
  }

  const [{ top = null } = {}] = await d.select({ top: max(outdoorColours.sortOrder) }).from(outdoorColours);
  const firstOrder = input.replaceAll ? 0 : (top ?? -1) + 1;
  const rows = parsed.map((c, i) => ({ ...c, sortOrder: firstOrder + base.length + i, source, createdAt: stamp }));
  const baseRows = base.map((c, i) => ({ ...c, sortOrder: i, source: 'seed', createdAt: stamp }));

  const statements: BatchItem<'sqlite'>[] = [];
  if (input.replaceAll) statements.push(d.delete(outdoorColours));
  for (let i = 0; i < baseRows.length; i += ROWS_PER_INSERT)
    statements.push(d.insert(outdoorColours).values(baseRows.slice(i, i + ROWS_PER_INSERT)));
  for (let i = 0; i < rows.length; i += ROWS_PER_INSERT) {
    const chunk = rows.slice(i, i + ROWS_PER_INSERT);
    const insert = d.insert(outdoorColours).values(chunk);
    statements.push(
      input.replaceAll
        ? insert
        : insert.onConflictDoUpdate({
            target: outdoorColours.name,
            // A merged colour keeps its place in the list; its look, text and source are the new ones.
            set: {
              hex: sql`excluded.hex`,
              material: sql`excluded.material`,
              finish: sql`excluded.finish`,
              description: sql`excluded.description`,
              source: sql`excluded.source`,
              createdAt: sql`excluded.created_at`,
            },
          }),
    );
  }
  statements.push(
    auditStatement(
      db,
      {
        actor: input.actor,
        action: input.replaceAll ? 'outdoor-colours.replace' : 'outdoor-colours.merge',
        target: source,
        details: { colours: parsed.length, skipped: skipped.length, previousTotal: before, seedColoursKept: base.length },
      },
      now,
    ),
  );
  await d.batch(statements as [BatchItem<'sqlite'>, ...BatchItem<'sqlite'>[]]);

  const [{ n: total = 0 } = {}] = await d.select({ n: count() }).from(outdoorColours);
  const added = rows.map((r) => ({
    name: r.name,
    hex: r.hex,
    material: r.material,
    finish: r.finish,
    description: r.description,
    imageUrl: swatchUrlFor(r.name, r.hex),
  }));
  const mode = input.replaceAll ? 'replaced the whole range' : 'merged into the range';
  return {
    success: true,
    message: `${parsed.length} colour${parsed.length === 1 ? '' : 's'} uploaded from ${source} (${mode}); ${total} in the range now${skipped.length ? `, ${skipped.length} line${skipped.length === 1 ? '' : 's'} skipped` : ''}.`,
    colorsAdded: parsed.length,
    totalColors: total,
    colours: added,
    skipped,
  };
}

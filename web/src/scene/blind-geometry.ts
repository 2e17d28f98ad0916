// Pure geometry of the AR preview (storefront spec sections 2, 9; staff spec section 9 'preview
// renderer'). Everything is in the unit square of the blind's opening: u across (0 left, 1 right),
// v down (0 top, 1 bottom); the renderer maps that square onto the tapped corners.

export type BlindKind = 'venetian' | 'roller' | 'vertical' | 'honeycomb' | 'outdoor' | 'zebra';

export interface ArProduct {
  /** The calculator's product id (storefront spec section 3), also the colour list's key. */
  id: string;
  label: string;
  kind: BlindKind;
  /** Venetian slat width in mm. */
  slatWidthMm?: number;
}

/** The AR visualiser's 12 products (spec section 2, /ar-measurement, set-up choice 1). */
export const AR_PRODUCTS: readonly ArProduct[] = [
  { id: 'venetian-aluminium-25mm', label: 'Venetian aluminium 25mm', kind: 'venetian', slatWidthMm: 25 },
  { id: 'venetian-aluminium-50mm', label: 'Venetian aluminium 50mm', kind: 'venetian', slatWidthMm: 50 },
  { id: 'venetian-aluwood-25mm', label: 'Venetian aluwood 25mm', kind: 'venetian', slatWidthMm: 25 },
  { id: 'venetian-aluwood-50mm', label: 'Venetian aluwood 50mm', kind: 'venetian', slatWidthMm: 50 },
  { id: 'venetian-plaswood', label: 'Venetian plaswood', kind: 'venetian', slatWidthMm: 50 },
  { id: 'venetian-wood', label: 'Venetian wood', kind: 'venetian', slatWidthMm: 50 },
  { id: 'roller-blockout', label: 'Roller blockout', kind: 'roller' },
  { id: 'roller-sheer', label: 'Roller sheer', kind: 'roller' },
  { id: 'verticals-blockout', label: 'Vertical blinds', kind: 'vertical' },
  { id: 'honeycomb-blockout', label: 'Honeycomb blockout', kind: 'honeycomb' },
  { id: 'honeycomb-duotone', label: 'Honeycomb duotone', kind: 'honeycomb' },
  { id: 'outdoor-blinds', label: 'Outdoor blinds', kind: 'outdoor' },
];

/** Not among the AR set-up's 12, but a calculator product the walk-through can preview. */
export const ZEBRA_PRODUCT: ArProduct = { id: 'double-roller-zebra', label: 'Double roller (zebra)', kind: 'zebra' };

/** Every product the preview can draw. */
export const PREVIEW_PRODUCTS: readonly ArProduct[] = [...AR_PRODUCTS, ZEBRA_PRODUCT];

export function findProduct(id: string): ArProduct {
  return PREVIEW_PRODUCTS.find((p) => p.id === id) ?? AR_PRODUCTS[0]!;
}

export interface OpeningType {
  id: string;
  label: string;
  /** The opening in a sentence, with its article: 'a standard window'. */
  name: string;
  /** The size the preview assumes when the customer gives none, in mm. */
  widthMm: number;
  dropMm: number;
}

/** Set-up choice 2, with the spec's sizes (the upper end of a range stands for it). */
export const OPENING_TYPES: readonly OpeningType[] = [
  { id: 'standard-window', label: 'Standard window (up to 1200 mm)', name: 'a standard window', widthMm: 1200, dropMm: 1200 },
  { id: 'large-window', label: 'Large window (1200-2000 mm)', name: 'a large window', widthMm: 2000, dropMm: 1500 },
  { id: 'single-door', label: 'Single door (900 x 2100 mm)', name: 'a single door', widthMm: 900, dropMm: 2100 },
  { id: 'double-door', label: 'Double door (1800 x 2100 mm)', name: 'a double door', widthMm: 1800, dropMm: 2100 },
  { id: 'sliding-door', label: 'Sliding door (2400 mm and above x 2100 mm)', name: 'a sliding door', widthMm: 2400, dropMm: 2100 },
  { id: 'outdoor-area', label: 'Outdoor area (0.5-3 m coverage)', name: 'an outdoor area', widthMm: 3000, dropMm: 2400 },
];

export const OUTDOOR_OPENING_ID = 'outdoor-area';

/** Outdoor blinds force the outdoor area opening (spec section 5, AR flow). */
export function openingFor(productId: string, openingId: string): string {
  return productId === 'outdoor-blinds' ? OUTDOOR_OPENING_ID : openingId;
}

export function findOpening(id: string): OpeningType {
  return OPENING_TYPES.find((o) => o.id === id) ?? OPENING_TYPES[0]!;
}

/** The label of an opening's typical size, shown while the customer has given no size of their own. */
export function typicalSizeLabel(opening: OpeningType): string {
  return `Typical size for ${opening.name}: ${opening.widthMm} mm x ${opening.dropMm} mm - enter your own measurements`;
}

/** Blind opacity by type (spec section 9): blockout 1, sheer 0.3, outdoor 0.7, otherwise 0.9. */
export function opacityFor(productId: string): number {
  if (productId.includes('blockout')) return 1;
  if (productId.includes('sheer')) return 0.3;
  if (productId.includes('outdoor')) return 0.7;
  return 0.9;
}

// --- Raise / lower -------------------------------------------------------------------------------

export const POSITION_STEP = 20;

/** One Raise (-1) or Lower (+1) step of 20 percent, kept within 0-100 (percent down). */
export function stepPosition(percentDown: number, direction: 1 | -1): number {
  return Math.min(100, Math.max(0, Math.round(percentDown / POSITION_STEP) * POSITION_STEP + direction * POSITION_STEP));
}

/** How much of the opening the blind covers, as a fraction of the drop (0..1). */
export function coveredFraction(percentDown: number): number {
  return Math.min(100, Math.max(0, percentDown)) / 100;
}

// --- Venetian slats ------------------------------------------------------------------------------

export const VENETIAN_TILTS = [
  { label: 'Closed', degrees: 0 },
  { label: 'Open', degrees: 45 },
] as const;

/** Closed slats overlap their neighbours by this share of the pitch, so no light passes. */
export const SLAT_OVERLAP = 1.1;

/** Slats per blind: one per slat width of lowered drop (25 mm slats: the spec's 2.5 units). */
export function slatCount(dropMm: number, slatWidthMm: number, percentDown = 100): number {
  if (dropMm <= 0 || slatWidthMm <= 0) return 0;
  return Math.max(0, Math.ceil((dropMm * coveredFraction(percentDown)) / slatWidthMm - 1e-9));
}

export interface SlatInstance {
  /** Centre of the slat in v. */
  v: number;
  /** Slat depth (its width in mm) in v units, before tilting. */
  height: number;
  /** Rotation about the slat's long axis, in radians (0 = closed, facing the room). */
  tilt: number;
}

export function slatInstances(dropMm: number, slatWidthMm: number, percentDown: number, tiltDegrees: number): SlatInstance[] {
  const count = slatCount(dropMm, slatWidthMm, percentDown);
  const pitch = slatWidthMm / dropMm;
  const covered = coveredFraction(percentDown);
  const tilt = (tiltDegrees * Math.PI) / 180;
  const slats: SlatInstance[] = [];
  for (let i = 0; i < count; i++) {
    const v = Math.min((i + 0.5) * pitch, covered - (pitch * SLAT_OVERLAP) / 2);
    slats.push({ v, height: pitch * SLAT_OVERLAP, tilt });
  }
  return slats;
}

/** How much of each slat's pitch shows the photo behind it (0 when closed). */
export function slatGapFraction(tiltDegrees: number): number {
  return Math.max(0, 1 - SLAT_OVERLAP * Math.cos((tiltDegrees * Math.PI) / 180));
}

// --- Vertical vanes ------------------------------------------------------------------------------

export const VERTICAL_POSITIONS = [
  { label: 'Closed Left', degrees: 0 },
  { label: 'Open', degrees: 45 },
  { label: 'Closed Right', degrees: 90 },
] as const;

/** 89 mm (3.5 inch) vanes: at least 8, about width / 3.5 in inches. */
export const VANE_WIDTH_MM = 88.9;

export function vaneCount(widthMm: number): number {
  return Math.max(8, Math.round(widthMm / VANE_WIDTH_MM));
}

/**
 * A vane's turn about its long (vertical) axis, in radians from facing the room, for the spec's
 * setting (0 Closed Left, 45 Open, 90 Closed Right): closed vanes nearly face the room (turned
 * 12 degrees one way or the other so they overlap), open vanes stand at 75 degrees.
 */
export function vaneTurn(settingDegrees: number): number {
  const s = Math.max(-1, Math.min(1, (settingDegrees - 45) / 45));
  return ((s * 12 + (1 - Math.abs(s)) * 75) * Math.PI) / 180;
}

export interface VaneInstance {
  /** Centre of the vane in u. */
  u: number;
  /** Vane width in u units, before turning. */
  width: number;
  turn: number;
}

/** Verticals traverse: percentDown is how far they are drawn across (stacking on the left). */
export function vaneInstances(widthMm: number, percentDown: number, settingDegrees: number): VaneInstance[] {
  const count = vaneCount(widthMm);
  const covered = coveredFraction(percentDown);
  const turn = vaneTurn(settingDegrees);
  // Drawn back, the vanes still take a little room each in the stack.
  const span = Math.max(covered, count * 0.015);
  const step = span / count;
  const width = (1 / count) * SLAT_OVERLAP;
  const vanes: VaneInstance[] = [];
  for (let i = 0; i < count; i++) vanes.push({ u: (i + 0.5) * step, width, turn });
  return vanes;
}

// --- Honeycomb cells -----------------------------------------------------------------------------

export const HONEYCOMB_CELL_MM = 25;

/** One cell per 25 mm of lowered drop. */
export function honeycombCellCount(dropMm: number, percentDown = 100): number {
  return Math.max(0, Math.ceil((dropMm * coveredFraction(percentDown)) / HONEYCOMB_CELL_MM - 1e-9));
}

/** Cells as horizontal pleats: centre and height in v. */
export function honeycombCells(dropMm: number, percentDown: number): { v: number; height: number }[] {
  const count = honeycombCellCount(dropMm, percentDown);
  const covered = coveredFraction(percentDown);
  const height = count > 0 ? covered / count : 0;
  return Array.from({ length: count }, (_, i) => ({ v: (i + 0.5) * height, height }));
}

// --- Zebra bands ---------------------------------------------------------------------------------

export const ZEBRA_BAND_COUNT = 8;
/** The sheer bands of a zebra blind, as a share of the fabric's opacity (0.3 of an opaque band). */
export const ZEBRA_SHEER_ALPHA = 0.33;

/** Alternating opaque and sheer bands over the covered drop, opaque first. */
export function zebraBands(percentDown = 100, count = ZEBRA_BAND_COUNT): { v0: number; v1: number; opaque: boolean }[] {
  const covered = coveredFraction(percentDown);
  return Array.from({ length: count }, (_, i) => ({ v0: (i / count) * covered, v1: ((i + 1) / count) * covered, opaque: i % 2 === 0 }));
}

// --- Plantation shutters (staff spec section 9) --------------------------------------------------

export const PLANTATION_REFERENCE_MM = 1200;
export const PLANTATION_PITCH_MM = 84;

export function plantationSlatCount(): number {
  return Math.floor(PLANTATION_REFERENCE_MM / PLANTATION_PITCH_MM);
}

// --- Textures ------------------------------------------------------------------------------------

/** A swatch tile covers this many mm of fabric or slat. */
export const SWATCH_TILE_MM = 150;

export function textureRepeat(widthMm: number, heightMm: number, tileMm = SWATCH_TILE_MM): [number, number] {
  return [Math.max(1, widthMm / tileMm), Math.max(heightMm / tileMm, 0.05)];
}

/**
 * How often the swatch repeats across the part it is mapped on: the whole blind for fabric, one
 * slat for venetians, one vane for verticals, one cell for honeycombs.
 */
export function swatchRepeat(product: ArProduct, widthMm: number, dropMm: number, percentDown: number): [number, number] {
  switch (product.kind) {
    case 'venetian':
      return textureRepeat(widthMm, product.slatWidthMm ?? 25);
    case 'vertical':
      return [VANE_WIDTH_MM / SWATCH_TILE_MM, Math.max(1, dropMm / SWATCH_TILE_MM)];
    case 'honeycomb':
      return textureRepeat(widthMm, HONEYCOMB_CELL_MM);
    default:
      return textureRepeat(widthMm, dropMm * coveredFraction(percentDown));
  }
}

/** Corners of the tapped quad in image pixels, from percent of the image. */
export function cornersToPixels(corners: readonly { x: number; y: number }[], width: number, height: number): { x: number; y: number }[] {
  return corners.map((c) => ({ x: (c.x / 100) * width, y: (c.y / 100) * height }));
}

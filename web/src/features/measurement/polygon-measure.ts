// Photo measurement of /working-polygon (staff spec section 9): four corners on a photo, the
// average of the top and bottom edges scaled to 1200 mm unless the customer knows one real size.

export interface Point {
  x: number;
  y: number;
}

/** Corners in image pixels, in this order: top-left, top-right, bottom-right, bottom-left. */
export type Corners = [Point, Point, Point, Point];

export const CORNER_NAMES = ['top left', 'top right', 'bottom right', 'bottom left'] as const;

/** The width the measurement assumes when no real size is known. */
export const ASSUMED_WIDTH_MM = 1200;
/** Default corner inset: 20% of the smaller side of the photo. */
export const DEFAULT_INSET_FRACTION = 0.2;

export type KnownSize = { dimension: 'width' | 'drop'; mm: number };
export type ScaleBasis = 'assumed-width' | 'known-width' | 'known-drop';

export interface PolygonMeasurements {
  width_mm: number;
  drop_mm: number;
  /** width_mm x drop_mm / 1,000,000. */
  area_m2: number;
  basis: ScaleBasis;
}

export function defaultCorners(imageW: number, imageH: number): Corners {
  const inset = DEFAULT_INSET_FRACTION * Math.min(imageW, imageH);
  return [
    { x: inset, y: inset },
    { x: imageW - inset, y: inset },
    { x: imageW - inset, y: imageH - inset },
    { x: inset, y: imageH - inset },
  ];
}

/** Keeps a point inside the image: 0..width, 0..height. */
export function clampPoint(p: Point, imageW: number, imageH: number): Point {
  return { x: Math.min(Math.max(p.x, 0), imageW), y: Math.min(Math.max(p.y, 0), imageH) };
}

function distance(a: Point, b: Point): number {
  return Math.hypot(b.x - a.x, b.y - a.y);
}

/** Edge lengths in pixels. */
export function edgeLengths([tl, tr, br, bl]: Corners) {
  return { top: distance(tl, tr), bottom: distance(bl, br), left: distance(tl, bl), right: distance(tr, br) };
}

/** A usable real size: a finite number of millimetres above zero. */
export function isUsableKnownSize(known: KnownSize | null | undefined): known is KnownSize {
  return !!known && Number.isFinite(known.mm) && known.mm > 0;
}

/**
 * Width px = average of top and bottom edges, height px = average of left and right edges. The
 * scale makes the width 1200 mm (or the known width, or the known drop); both use the same factor.
 */
export function measurePolygon(corners: Corners, known?: KnownSize | null): PolygonMeasurements {
  const e = edgeLengths(corners);
  const widthPx = (e.top + e.bottom) / 2;
  const heightPx = (e.left + e.right) / 2;
  let basis: ScaleBasis = 'assumed-width';
  let mmPerPx = widthPx > 0 ? ASSUMED_WIDTH_MM / widthPx : 0;
  if (isUsableKnownSize(known)) {
    if (known.dimension === 'width' && widthPx > 0) {
      basis = 'known-width';
      mmPerPx = known.mm / widthPx;
    } else if (known.dimension === 'drop' && heightPx > 0) {
      basis = 'known-drop';
      mmPerPx = known.mm / heightPx;
    }
  }
  const width_mm = Math.round(widthPx * mmPerPx);
  const drop_mm = Math.round(heightPx * mmPerPx);
  return { width_mm, drop_mm, area_m2: (width_mm * drop_mm) / 1_000_000, basis };
}

// Pure layout of a plantation shutter over the unit square (u across, v down; 0..1 each), which the
// homography of web/src/scene/homography.ts then maps onto the four corners tapped on the photo.
import type { Point, Quad } from '../../scene/homography';

/** Staff spec: plantation louvres sit on an 84 mm pitch. */
export const PLANTATION_PITCH_MM = 84;
/** Staff spec: the louvre count is derived from a 1200 mm reference panel height. */
export const REFERENCE_PANEL_HEIGHT_MM = 1200;
/** Blade width of an 89 mm louvre, a little more than the pitch so closed blades overlap. */
export const LOUVRE_BLADE_MM = 89;
export const LOUVRE_THICKNESS_MM = 11;
export const STILE_MM = 50;
export const RAIL_MM = 90;
export const TILT_ROD_MM = 12;
/** Panels wider than this are split; a typical hinged shutter panel is 450-750 mm. */
export const MAX_PANEL_WIDTH_MM = 750;

/** Louvre tilt in radians about the blade's long axis: closed is nearly flat, open nearly edge-on. */
export const TILT_ANGLES = { closed: (8 * Math.PI) / 180, open: (72 * Math.PI) / 180 } as const;
export type TiltState = keyof typeof TILT_ANGLES;

/** Louvres in a panel: the panel height over the pitch, rounded down; 1200 / 84 gives 14. */
export function louvreCount(panelHeightMm: number = REFERENCE_PANEL_HEIGHT_MM, pitchMm: number = PLANTATION_PITCH_MM): number {
  if (!(panelHeightMm > 0) || !(pitchMm > 0)) return 0;
  return Math.max(1, Math.floor(panelHeightMm / pitchMm + 1e-9));
}

/**
 * The shutter page asks for corners as top-left, top-right, bottom-left, bottom-right; the
 * homography wants top-left, top-right, bottom-right, bottom-left.
 */
export function tapOrderToQuad(taps: readonly Point[]): Quad | null {
  if (taps.length !== 4) return null;
  const [tl, tr, bl, br] = taps as [Point, Point, Point, Point];
  return [tl, tr, br, bl];
}

function distance(a: Point, b: Point): number {
  return Math.hypot(a.x - b.x, a.y - b.y);
}

/** Width to height of the marked opening, averaging opposite edges (quad in TL, TR, BR, BL order). */
export function quadAspect(quad: Quad): number {
  const [tl, tr, br, bl] = quad;
  const width = (distance(tl, tr) + distance(bl, br)) / 2;
  const height = (distance(tl, bl) + distance(tr, br)) / 2;
  return height > 0 ? width / height : 1;
}

/** Hinged panels across an opening: wide enough openings split into equal panels of at most 750 mm. */
export function panelCount(openingWidthMm: number, maxPanelWidthMm: number = MAX_PANEL_WIDTH_MM): number {
  if (!(openingWidthMm > 0)) return 1;
  return Math.min(6, Math.max(1, Math.ceil(openingWidthMm / maxPanelWidthMm - 1e-9)));
}

export interface Rect {
  /** Left, top, width and height in unit-square coordinates. */
  x: number;
  y: number;
  w: number;
  h: number;
}

export interface PanelLayout {
  /** The panel's outer rectangle. */
  outer: Rect;
  stiles: [Rect, Rect];
  rails: [Rect, Rect];
  /** Louvre centres (v) and the span (u) they fill between the stiles. */
  louvreX: number;
  louvreWidth: number;
  louvreCentres: number[];
  tiltRod: Rect;
}

export interface ShutterLayout {
  widthMm: number;
  heightMm: number;
  panels: PanelLayout[];
  louvresPerPanel: number;
  /** Vertical distance between louvre centres and the blade width, in v units. */
  louvreSpacing: number;
  bladeHeight: number;
  bladeThickness: number;
}

export interface ShutterOptions {
  /** Width over height of the opening (from the tapped quad). */
  aspect: number;
  /** Height the opening stands for; the staff spec's reference panel height by default. */
  heightMm?: number;
  pitchMm?: number;
}

/** The frame, louvres and tilt rod of each panel, in the unit square. */
export function shutterLayout({
  aspect,
  heightMm = REFERENCE_PANEL_HEIGHT_MM,
  pitchMm = PLANTATION_PITCH_MM,
}: ShutterOptions): ShutterLayout {
  const safeAspect = Number.isFinite(aspect) && aspect > 0 ? aspect : 1;
  const widthMm = heightMm * safeAspect;
  const count = panelCount(widthMm);
  const louvres = louvreCount(heightMm, pitchMm);
  const panelW = 1 / count;
  // Frame members in unit coordinates: widths scale with the opening width, heights with its height.
  const stileW = Math.min(STILE_MM / widthMm, panelW * 0.2);
  const railH = Math.min(RAIL_MM / heightMm, 0.2);
  const openingTop = railH;
  const openingH = 1 - 2 * railH;
  const spacing = louvres > 0 ? openingH / louvres : 0;
  // Closed blades must overlap the next one, whatever the pitch the opening forces.
  const bladeHeight = Math.max(LOUVRE_BLADE_MM / heightMm, spacing * 1.12);
  const bladeThickness = LOUVRE_THICKNESS_MM / heightMm;
  const rodW = Math.min(TILT_ROD_MM / widthMm, panelW * 0.05);

  const panels: PanelLayout[] = [];
  for (let i = 0; i < count; i++) {
    const x = i * panelW;
    const louvreCentres = Array.from({ length: louvres }, (_, k) => openingTop + spacing * (k + 0.5));
    const first = louvreCentres[0] ?? openingTop;
    const last = louvreCentres[louvreCentres.length - 1] ?? openingTop + openingH;
    panels.push({
      outer: { x, y: 0, w: panelW, h: 1 },
      stiles: [
        { x, y: 0, w: stileW, h: 1 },
        { x: x + panelW - stileW, y: 0, w: stileW, h: 1 },
      ],
      rails: [
        { x: x + stileW, y: 0, w: panelW - 2 * stileW, h: railH },
        { x: x + stileW, y: 1 - railH, w: panelW - 2 * stileW, h: railH },
      ],
      louvreX: x + stileW,
      louvreWidth: panelW - 2 * stileW,
      louvreCentres,
      tiltRod: { x: x + panelW / 2 - rodW / 2, y: first - spacing * 0.3, w: rodW, h: last - first + spacing * 0.6 },
    });
  }
  return { widthMm, heightMm, panels, louvresPerPanel: louvres, louvreSpacing: spacing, bladeHeight, bladeThickness };
}

/** Height a blade covers on the photo at a tilt (its face plus its edge). */
export function projectedBladeHeight(bladeHeight: number, bladeThickness: number, angle: number): number {
  return bladeHeight * Math.abs(Math.cos(angle)) + bladeThickness * Math.abs(Math.sin(angle));
}

/** Share of the opening left uncovered at a tilt: 0 when the blades overlap, more as they open. */
export function lightGapFraction(layout: ShutterLayout, angle: number): number {
  if (layout.louvreSpacing <= 0) return 0;
  const covered = projectedBladeHeight(layout.bladeHeight, layout.bladeThickness, angle);
  return Math.max(0, 1 - covered / layout.louvreSpacing);
}

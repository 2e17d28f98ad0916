// Finds the window and an optional A4 reference sheet in a decoded photo and turns them into millimetres.
// Deterministic: the same pixels always give the same answer (no randomness, ties broken by position).
//
// 1. A reduced copy (~360 px) is searched for the A4 sheet: a bright, unsaturated four-sided shape, judged
//    against the brightest white around it (so uneven light and a white frame do not matter); its sides are
//    then fitted at full resolution and its corners give the wall's plane (a homography, A4 = 210 x 297 mm).
// 2. The photo is resampled onto that plane (~320 cells; perspective and the phone's tilt and turn taken
//    out), turned to the window's own straight edges when the sheet is crooked, and the window is the best
//    rectangle of long straight edges there. Its sides are located to a fraction of a pixel in the
//    full-resolution photo, and sides found on the glass are moved out to the frame's outer edge (the frame
//    is a band of one width all round).
// 3. The size: the window's four corners, fitted as lines in the photo itself, take out the perspective
//    (a large, precise rectangle), and the sheet's two side lengths in that frame give width and drop; the
//    sheet's own perspective is only the fallback. Anything doubtful (window or sheet cut off, sheet too small
//    or not A4, too steep, no frame edge, sheet and window disagreeing) gives a low confidence and a `reason`.
// 4. Without a sheet the same runs on the photo itself (only turned straight) and the size is an estimate.

import { ImageError } from '../../lib/image/errors';
import { measureWindow, windowQuad } from './frame-edges';
import { applyH, homography, invert3, type Mat3, type Pt } from './geometry';
import { buildGrid, dominantTurn, planeBounds, sobel, type Bounds, type Grid } from './grid';
import { clamp01, downscale } from './image';
import { DOUBT_NOTES, ESTIMATE_NOTES, frameFinding, HOW_TO, NO_WINDOW_NOTE, sheetFinding } from './notes';
import { findRectangle, MIN_SIDE_SUPPORT, type Rect } from './rectangle';
import { findSheet } from './sheet';
import { A4_ASPECT_TOLERANCE, A4_LONG_MM, A4_SHORT_MM, type Sheet } from './sheet-shape';
import type { RgbaImage } from '../../lib/image/types';
import type { FractionBox, ScanQuality, WindowAnalysis } from './types';

const MIN_IMAGE_SIDE = 32;
/** How far from the sheet (mm) the plane is searched for the window. */
const PLANE_REACH_MM = 6000;
/** Beyond this tilt from square-on the correction is not trusted for a confident number. */
const MAX_CONFIDENT_TILT_DEG = 40;
/** The sheet's short side must span at least this many pixels to scale from. */
const MIN_SHEET_SHORT_PX = 24;

const round4 = (v: number) => Math.round(v * 10000) / 10000;

/**
 * Width and drop (mm) from the window's own corners, with the sheet only for the scale: the window is a
 * rectangle, so its four corners take out the perspective exactly up to its two side lengths, and the
 * sheet's two side lengths (297 and 210 mm) and right angle in that frame fix them. This uses the large,
 * precisely found window for the perspective instead of extrapolating it from the small sheet.
 * `skew` is the cosine of the sheet's corner angle found this way (0 when all is consistent).
 */
function sizeFromWindowFrame(quad: Pt[], sheet: Sheet): { widthMm: number; dropMm: number; skew: number } | null {
  const hw = homography(quad, [
    [0, 0],
    [1, 0],
    [1, 1],
    [0, 1],
  ]);
  if (!hw) return null;
  const q = sheet.corners.map((p) => applyH(hw, p[0], p[1]));
  if (!q.every(Boolean)) return null;
  const [q0, q1, q2, q3] = q as Pt[];
  let a: Pt = [(q1![0] - q0![0] + q2![0] - q3![0]) / 2, (q1![1] - q0![1] + q2![1] - q3![1]) / 2];
  let b: Pt = [(q3![0] - q0![0] + q2![0] - q1![0]) / 2, (q3![1] - q0![1] + q2![1] - q1![1]) / 2];
  let [la, lb] = sheet.firstSideLong ? [A4_LONG_MM, A4_SHORT_MM] : [A4_SHORT_MM, A4_LONG_MM];
  if (Math.abs(a[1]) > Math.abs(a[0])) {
    [a, b] = [b, a];
    [la, lb] = [lb, la];
  }
  const det = a[0] ** 2 * b[1] ** 2 - a[1] ** 2 * b[0] ** 2;
  if (Math.abs(det) < 1e-12) return null;
  const w2 = (la ** 2 * b[1] ** 2 - a[1] ** 2 * lb ** 2) / det;
  const d2 = (a[0] ** 2 * lb ** 2 - la ** 2 * b[0] ** 2) / det;
  if (!(w2 > 0 && d2 > 0)) return null;
  const widthMm = Math.sqrt(w2);
  const dropMm = Math.sqrt(d2);
  const A: Pt = [widthMm * a[0], dropMm * a[1]];
  const B: Pt = [widthMm * b[0], dropMm * b[1]];
  const skew = Math.abs(A[0] * B[0] + A[1] * B[1]) / (Math.hypot(A[0], A[1]) * Math.hypot(B[0], B[1]));
  return { widthMm, dropMm, skew };
}

function toFractions(points: Pt[], width: number, height: number): FractionBox {
  const xs = points.map((p) => p[0]);
  const ys = points.map((p) => p[1]);
  const x0 = clamp01(Math.min(...xs) / width);
  const y0 = clamp01(Math.min(...ys) / height);
  return {
    x: round4(x0),
    y: round4(y0),
    width: round4(clamp01(Math.max(...xs) / width) - x0),
    height: round4(clamp01(Math.max(...ys) / height) - y0),
  };
}

/** A typical width for an estimate, by shape: tall narrow openings are doors, wide ones picture windows. */
function typicalWidthMm(dropOverWidth: number): number {
  if (dropOverWidth >= 1.8) return 900;
  if (dropOverWidth <= 0.6) return 1800;
  return 1200;
}

/** Analyses decoded RGBA pixels. */
export function analyzeWindowPixels(img: RgbaImage): WindowAnalysis {
  const { width, height, data } = img;
  if (!Number.isInteger(width) || !Number.isInteger(height) || width <= 0 || height <= 0 || data.length < width * height * 4) {
    throw new ImageError('corrupt_image', 'The image data does not match its size.');
  }
  if (Math.min(width, height) < MIN_IMAGE_SIDE) {
    throw new ImageError('image_too_small', `The image is too small to analyse (at least ${MIN_IMAGE_SIDE} pixels on each side).`);
  }

  const small = downscale(img);
  const search = findSheet(img, small);
  const sheet: Sheet | null = search.sheet;

  // The plane: millimetres on the wall from the sheet's corners, or the photo's own pixels without one.
  let toPlane: Mat3 = [1, 0, 0, 0, 1, 0, 0, 0, 1];
  let limit: Bounds | null = null;
  if (sheet) {
    const [sw, sh] = sheet.firstSideLong ? [A4_LONG_MM, A4_SHORT_MM] : [A4_SHORT_MM, A4_LONG_MM];
    const h = homography(sheet.corners, [
      [0, 0],
      [sw, 0],
      [sw, sh],
      [0, sh],
    ]);
    if (h) {
      toPlane = h;
      limit = { u0: sw / 2 - PLANE_REACH_MM, v0: sh / 2 - PLANE_REACH_MM, u1: sw / 2 + PLANE_REACH_MM, v1: sh / 2 + PLANE_REACH_MM };
    }
  }
  const useSheet = sheet !== null && limit !== null;
  const fromPlane = invert3(toPlane) ?? [1, 0, 0, 0, 1, 0, 0, 0, 1];

  // Straighten to the window's own edges (a crooked phone, or a sheet stuck on at a slant).
  let grid = buildGrid(small, fromPlane, planeBounds(toPlane, width, height, 0, limit), 0);
  let grads = sobel(grid);
  const theta = dominantTurn(grads);
  // With a sheet its sides already give the axes; only a clearly crooked sheet is turned back.
  if (Math.abs(theta) > ((useSheet ? 2.5 : 0.4) * Math.PI) / 180) {
    grid = buildGrid(small, fromPlane, planeBounds(toPlane, width, height, theta, limit), theta);
    grads = sobel(grid);
  }

  // With a sheet the window is at least 350 mm each way (never the sheet itself).
  const minSize = Math.max(0.08 * Math.min(grid.w, grid.h), useSheet ? 350 / grid.cell : 0);
  const candidate = findRectangle(grid, grads, minSize, null);
  if (!candidate) {
    const quality: ScanQuality = { rating: 'poor', reasons: [sheetFinding(search), 'no window frame found'] };
    return {
      width_mm: 1200,
      drop_mm: 1200,
      confidence: 0.1,
      quality,
      detectedArea: { x: 0, y: 0, width: 1, height: 1 },
      scaleSource: 'estimate',
      note: NO_WINDOW_NOTE,
      reason: 'no_window',
    };
  }
  const innerMin = Math.min(candidate.right - candidate.left, candidate.bottom - candidate.top);
  const minOut = useSheet ? 12 / grid.cell : 0.012 * innerMin;
  const maxOut = useSheet ? 170 / grid.cell : 0.14 * innerMin;
  const { rect: r, frameSeen } = measureWindow(img, grid, candidate, minOut, maxOut);
  const corners = (
    [
      [r.left, r.top],
      [r.right, r.top],
      [r.right, r.bottom],
      [r.left, r.bottom],
    ] as Pt[]
  ).map((p) => applyH(grid.toImage, p[0], p[1]) ?? p);
  const detectedArea = toFractions(corners, width, height);
  const windowQuality = clamp01((candidate.minSupport - MIN_SIDE_SUPPORT) / (1 - MIN_SIDE_SUPPORT));
  const margin = 0.004 * Math.max(width, height);
  const cutOff = corners.some(([x, y]) => x < margin || y < margin || x > width - margin || y > height - margin);
  const widthUnits = (r.right - r.left) * grid.cell;
  const dropUnits = (r.bottom - r.top) * grid.cell;

  if (useSheet)
    return measuredAgainstSheet({ img, grid, r, detectedArea, windowQuality, cutOff, frameSeen, widthUnits, dropUnits }, sheet!);

  const reason: 'no_reference' | 'reference_cut_off' | 'reference_not_a4' = search.cutOff
    ? 'reference_cut_off'
    : search.notA4
      ? 'reference_not_a4'
      : 'no_reference';
  const ratio = dropUnits / Math.max(1e-6, widthUnits);
  const widthMm = typicalWidthMm(ratio);
  return {
    width_mm: widthMm,
    drop_mm: Math.round((widthMm * ratio) / 10) * 10,
    confidence: Math.round((0.25 + 0.05 * windowQuality) * 100) / 100,
    quality: {
      rating: 'poor',
      reasons: [
        sheetFinding({ ...search, sheet: null }),
        'size estimated from the window\u2019s shape and typical sizes',
        frameFinding(cutOff, frameSeen),
      ],
    },
    detectedArea,
    scaleSource: 'estimate',
    note: ESTIMATE_NOTES[reason],
    reason,
  };
}

/** What the window search found, for sizing the window against the sheet. */
interface Found {
  img: RgbaImage;
  grid: Grid;
  r: Rect;
  detectedArea: FractionBox;
  windowQuality: number;
  cutOff: boolean;
  frameSeen: boolean;
  widthUnits: number;
  dropUnits: number;
}

/** The size against the A4 sheet, with the doubt (a `reason`) that lowers the confidence when there is one. */
function measuredAgainstSheet(found: Found, s: Sheet): WindowAnalysis {
  const { img, grid, r, windowQuality, cutOff, frameSeen, widthUnits, dropUnits } = found;
  const { width, height } = img;
  let detectedArea = found.detectedArea;
  // The window's own corners for the perspective when they are found cleanly and agree with the sheet's.
  const quad = windowQuad(img, grid, r);
  if (quad) detectedArea = toFractions(quad, width, height);
  const framed = quad ? sizeFromWindowFrame(quad, s) : null;
  const agrees =
    framed !== null &&
    framed.skew < 0.12 &&
    Math.abs(framed.widthMm / widthUnits - 1) < 0.12 &&
    Math.abs(framed.dropMm / dropUnits - 1) < 0.12;
  const widthMm = Math.round(agrees ? framed!.widthMm : widthUnits);
  const dropMm = Math.round(agrees ? framed!.dropMm : dropUnits);
  const orientation = s.firstSideLong ? 'landscape' : 'portrait';
  let reason: keyof typeof DOUBT_NOTES | undefined;
  if (cutOff) reason = 'window_cut_off';
  else if (Math.min(widthMm, dropMm) < 250 || Math.max(widthMm, dropMm) > 6000) reason = 'implausible_size';
  else if (s.tiltDeg > MAX_CONFIDENT_TILT_DEG) reason = 'steep_angle';
  else if (s.shortSidePx < MIN_SHEET_SHORT_PX) reason = 'reference_too_small';
  else if (!frameSeen) reason = 'frame_edge_unclear';
  else if (framed && !agrees) reason = 'reference_inconsistent';
  const angle =
    s.tiltDeg >= 3
      ? ` The photo was taken about ${Math.round(s.tiltDeg)}\u00b0 from square-on; the perspective is corrected from the sheet\u2019s corners.`
      : '';
  const reference = toFractions(s.corners, width, height);
  const reasons = [
    s.shortSidePx < MIN_SHEET_SHORT_PX ? 'A4 sheet found, but very small in the photo' : 'A4 sheet found',
    s.tiltDeg > MAX_CONFIDENT_TILT_DEG ? 'photo taken at too steep an angle to correct reliably' : 'perspective corrected from the sheet',
    frameFinding(cutOff, frameSeen),
    agrees
      ? 'window corners agree with the sheet'
      : framed
        ? 'window corners and the sheet disagree'
        : 'window corners not traced: the scale comes from the sheet alone',
  ];
  if (reason === 'implausible_size') reasons.push('size outside what a window or door can be');
  if (reason) {
    return {
      width_mm: widthMm,
      drop_mm: dropMm,
      confidence: reason === 'implausible_size' ? 0.2 : reason === 'frame_edge_unclear' ? 0.6 : 0.5,
      quality: { rating: reason === 'implausible_size' ? 'poor' : 'fair', reasons },
      detectedArea,
      scaleSource: 'a4-reference',
      reference,
      note: `${DOUBT_NOTES[reason]}Measured against the A4 sheet (${orientation}), but please measure with a tape measure or retake the photo. ${HOW_TO}`,
      reason,
    };
  }
  const fitQuality = clamp01(1 - s.edgeRms / 1.5);
  const aspectQuality = clamp01(1 - s.aspectError / A4_ASPECT_TOLERANCE);
  const angleQuality = clamp01(1 - s.tiltDeg / 45);
  // Without the window's own corners the perspective comes from the small sheet alone: less sure.
  const quality = (0.3 * fitQuality + 0.25 * aspectQuality + 0.25 * windowQuality + 0.2 * angleQuality) * (agrees ? 1 : 0.4);
  return {
    width_mm: widthMm,
    drop_mm: dropMm,
    confidence: Math.round((0.85 + 0.1 * quality) * 100) / 100,
    // Every check passed only when the window's own corners confirmed the sheet's perspective.
    quality: { rating: agrees ? 'good' : 'fair', reasons },
    detectedArea,
    scaleSource: 'a4-reference',
    reference,
    note:
      `Measured against the A4 sheet (${orientation}). Sizes are of the outer window frame.${angle} ` +
      'Please check with a tape measure before ordering.',
  };
}

// Shared types of the window-photo analysis.

import type { DecodeOptions } from '../../lib/image/decode';

/** A rectangle as fractions (0..1) of the image's width and height. */
export interface FractionBox {
  x: number;
  y: number;
  width: number;
  height: number;
}

export type ScaleSource = 'a4-reference' | 'estimate';

/**
 * Why a measurement is not a confident one (only present then; `note` says it in words):
 * no_window: no window frame found; no_reference: no A4 sheet found; reference_cut_off: a sheet-like shape
 * runs off the photo's edge; reference_not_a4: the white sheet found does not have A4's proportions;
 * reference_too_small: the sheet is too few pixels to scale from; window_cut_off: the window runs off the
 * photo's edge; steep_angle: the photo is taken too far from square-on to correct reliably;
 * implausible_size: the measured size is outside what a window or door can be; frame_edge_unclear: no frame
 * could be told apart round the glass (same colour as the wall), so the size may be the glass's;
 * reference_inconsistent: the sheet and the window's corners disagree about the wall's plane.
 */
export type WindowAnalysisReason =
  | 'no_window'
  | 'no_reference'
  | 'reference_cut_off'
  | 'reference_not_a4'
  | 'reference_too_small'
  | 'window_cut_off'
  | 'steep_angle'
  | 'implausible_size'
  | 'frame_edge_unclear'
  | 'reference_inconsistent';

/**
 * What the scan's figures are worth, in words a customer can act on: a rating and the checks
 * behind it (e.g. 'A4 sheet found', 'frame edges clear'). `confidence` is a heuristic score with
 * fixed floors, not a probability, so customers see this instead.
 */
export type ScanRating = 'good' | 'fair' | 'poor';
export interface ScanQuality {
  rating: ScanRating;
  /** Short phrases, the sheet first, then the perspective, the frame and any problem. */
  reasons: string[];
}

export interface WindowAnalysis {
  width_mm: number;
  drop_mm: number;
  /** 0..1 heuristic score (kept for API clients). With an A4 reference 0.85-0.95; an estimate is never above 0.4. Not shown to customers: see `quality`. */
  confidence: number;
  quality: ScanQuality;
  detectedArea: FractionBox;
  scaleSource: ScaleSource;
  /** Where the A4 sheet was found (only with `scaleSource: 'a4-reference'`). */
  reference?: FractionBox;
  note: string;
  /** Present when the measurement is not a confident one (confidence below 0.85): the main cause. */
  reason?: WindowAnalysisReason;
}

/** How an uploaded photo is decoded before it is analysed (lib/image/decode.ts). */
export type AnalyzeOptions = DecodeOptions;

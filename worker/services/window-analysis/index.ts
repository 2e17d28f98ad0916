// Window-photo analysis for POST /api/ar/analyze-window: decode (lib/image), find the window, measure it against an A4 sheet.

import { decodeImage } from '../../lib/image/decode';
import type { RgbaImage } from '../../lib/image/types';
import { analyzeWindowPixels } from './analyze';
import type { AnalyzeOptions, WindowAnalysis } from './types';

export { analyzeWindowPixels } from './analyze';
export type { AnalyzeOptions, FractionBox, ScaleSource, ScanQuality, ScanRating, WindowAnalysis, WindowAnalysisReason } from './types';

/** Analyses an uploaded photo (bytes) or already-decoded RGBA pixels. */
export function analyzeWindowImage(input: Uint8Array | ArrayBuffer | RgbaImage, options: AnalyzeOptions = {}): WindowAnalysis {
  if (input instanceof ArrayBuffer) return analyzeWindowPixels(decodeImage(new Uint8Array(input), options));
  if (input instanceof Uint8Array) return analyzeWindowPixels(decodeImage(input, options));
  return analyzeWindowPixels(input);
}

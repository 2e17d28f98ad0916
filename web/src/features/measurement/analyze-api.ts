// POST /api/ar/analyze-window (storefront spec section 7): multipart, through the upload helper; a
// non-OK answer throws the request helper's '{status}: {body}' ApiError.
import { ApiError } from '../../lib/api-client';
import { postForm } from '../../lib/api-upload';

export interface FractionBox {
  x: number;
  y: number;
  width: number;
  height: number;
}

export interface WindowScan {
  success: boolean;
  width_mm: number;
  drop_mm: number;
  /** A heuristic score kept for API clients; customers see `quality` instead. */
  confidence: number;
  /** The server's rating of the scan and the checks behind it (e.g. 'A4 sheet found', 'frame edges clear'). */
  quality: { rating: 'good' | 'fair' | 'poor'; reasons: string[] };
  detectedArea: FractionBox;
  scaleSource: 'a4-reference' | 'estimate';
  reference?: FractionBox;
  note: string;
  /** Where the server keeps the photo (R2): carried onto the calculator line and the order, so staff can open it. */
  photo_key?: string;
}

export async function analyzeWindowPhoto(image: Blob, sessionId: string): Promise<WindowScan> {
  const form = new FormData();
  form.append('image', image, image.type === 'image/png' ? 'window.png' : 'window.jpg');
  form.append('session_id', sessionId);
  form.append('customer_context', JSON.stringify({ analysis_type: 'quick_scan', measurement_mode: 'automatic' }));
  return postForm<WindowScan>('/api/ar/analyze-window', form);
}

const RATING_LABELS = { good: 'Good', fair: 'Fair', poor: 'Poor' } as const;

/** 'Good: A4 sheet found, perspective corrected from the sheet, frame edges clear.' */
export function scanQualityText(quality: WindowScan['quality']): { label: string; reasons: string } {
  const reasons = quality.reasons.join(', ');
  return { label: RATING_LABELS[quality.rating], reasons: reasons ? reasons.charAt(0).toUpperCase() + reasons.slice(1) + '.' : '' };
}

/** What to tell a person about a failed analysis. */
export function failureMessage(err: unknown): string {
  if (err instanceof ApiError) return err.serverMessage ?? err.message;
  return err instanceof Error ? err.message : 'The photo could not be analysed. Please try again.';
}

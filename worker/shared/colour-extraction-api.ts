// The screenshot colour extractor's contract (staff spec sections 2.4, 3 'Colour extraction', 5, 7).
import { z } from 'zod';

export const EXTRACTION_CATEGORIES = ['roller', 'venetian', 'vertical', 'outdoor'] as const;
export type ExtractionCategory = (typeof EXTRACTION_CATEGORIES)[number];

/** Spec section 5, word for word. */
export const MISSING_INFORMATION = 'Missing Information - Please provide screenshot, product name, and category';

/** The multipart form field names of POST /api/colours/extract-from-screenshot (spec section 7). */
export const EXTRACTION_FIELDS = {
  screenshot: 'screenshot',
  productName: 'productName',
  category: 'category',
  description: 'description',
} as const;

export interface ExtractedColour {
  name: string;
  /** #RRGGBB */
  hex: string;
  material: string;
  /** Share of the screenshot's non-background pixels, 0..1. */
  share: number;
}

export interface ColourExtractionDto {
  id: number;
  productName: string;
  category: string;
  details: string | null;
  extractedAt: string;
  colours: ExtractedColour[];
}

/** POST /api/colours/extract-from-screenshot */
export interface ExtractFromScreenshotResponse extends ColourExtractionDto {
  success: true;
  /** How many colours were found. */
  colorsExtracted: number;
}

/** GET /api/colours/all, newest first. */
export interface ColourExtractionListResponse {
  success: true;
  /** Colours across every extraction. */
  colorsExtracted: number;
  /** Distinct product names extracted. */
  totalProducts: number;
  extractions: ColourExtractionDto[];
}

export const addExtractedColourRequest = z.object({
  productId: z.string().trim().min(1, 'choose a product').max(100),
  colourIndex: z.number().int().min(0).max(100),
  /** Optional: a different name than the extracted one. */
  name: z.string().trim().min(1).max(80).optional(),
});
export type AddExtractedColourRequest = z.infer<typeof addExtractedColourRequest>;

export interface AddExtractedColourResponse {
  success: true;
  productId: string;
  colour: {
    name: string;
    hex: string;
    material: string;
    finish: string;
    description: string;
    imageUrl: string | null;
    swatchPath: string | null;
  };
}

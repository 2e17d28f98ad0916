// The screenshot colour extractor's calls (staff spec section 7), typed by the shared contract.
import type { ProductColoursResponse } from '@shared/catalogue-api';
import {
  EXTRACTION_FIELDS,
  type AddExtractedColourRequest,
  type AddExtractedColourResponse,
  type ColourExtractionListResponse,
  type ExtractFromScreenshotResponse,
  type ExtractionCategory,
} from '@shared/colour-extraction-api';
import { apiRequest, getJson } from '../../../lib/api-client';
import { postForm } from '../../../lib/api-upload';

/** GET /api/colours/all: the extractions, newest first. */
export async function fetchExtractions(signal?: AbortSignal): Promise<ColourExtractionListResponse | null> {
  return getJson<ColourExtractionListResponse>('/api/colours/all', { signal });
}

/** GET /api/products/colours: the products a colour can be added to. */
export async function fetchProducts(signal?: AbortSignal): Promise<{ id: string; name: string }[]> {
  const answer = await getJson<ProductColoursResponse>('/api/products/colours', { signal });
  return (answer?.products ?? []).map((p) => ({ id: p.id, name: p.name }));
}

export interface ExtractionForm {
  screenshot: File;
  productName: string;
  category: ExtractionCategory;
  description: string;
}

/** POST /api/colours/extract-from-screenshot (multipart: screenshot, productName, category, description). */
export async function extractFromScreenshot(form: ExtractionForm): Promise<ExtractFromScreenshotResponse> {
  const body = new FormData();
  body.append(EXTRACTION_FIELDS.screenshot, form.screenshot);
  body.append(EXTRACTION_FIELDS.productName, form.productName);
  body.append(EXTRACTION_FIELDS.category, form.category);
  if (form.description) body.append(EXTRACTION_FIELDS.description, form.description);
  return postForm<ExtractFromScreenshotResponse>('/api/colours/extract-from-screenshot', body);
}

/** POST /api/colours/extractions/{id}/add-to-product */
export function addToProduct(extractionId: number, body: AddExtractedColourRequest): Promise<AddExtractedColourResponse> {
  return apiRequest<AddExtractedColourResponse>('POST', `/api/colours/extractions/${extractionId}/add-to-product`, body);
}

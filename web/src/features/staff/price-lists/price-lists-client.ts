// The staff price-list calls (staff spec section 7), typed by the shared contract.
import type { CatalogOverview } from '@shared/catalogue-api';
import {
  PRICE_LIST_CONFIRM_FIELD,
  PRICE_LIST_FIELD,
  templateFileName,
  type BulkUploadResponse,
  type PriceListVersionsResponse,
  type RollbackResponse,
} from '@shared/price-lists-api';
import { ApiError, apiRequest, getJson } from '../../../lib/api-client';
import { OPTION_LIST_FIELD, optionsTemplateFileName, type OptionListUploadResponse } from '@shared/option-lists-api';
import { getBlob, postForm } from '../../../lib/api-upload';
import { saveFile } from '../../../lib/save-file';

/** GET /api/products/catalog */
export async function fetchCatalog(signal?: AbortSignal): Promise<CatalogOverview> {
  return (await getJson<CatalogOverview>('/api/products/catalog', { signal }))!;
}

/** GET /api/pricing/versions/{productId} */
export async function fetchVersions(productId: string): Promise<PriceListVersionsResponse> {
  return (await getJson<PriceListVersionsResponse>(`/api/pricing/versions/${encodeURIComponent(productId)}`))!;
}

/** POST /api/pricing/rollback/{productId} */
export function rollbackTo(productId: string, version: number): Promise<RollbackResponse> {
  return apiRequest<RollbackResponse>('POST', `/api/pricing/rollback/${encodeURIComponent(productId)}`, { version });
}

/**
 * POST /api/pricing/bulk-upload: multipart, the field price_lists once per file. A list that halves
 * prices or goes below R 50 a blind answers 409 (ApiError) until it is sent again with `confirm`.
 */
export async function uploadPriceLists(files: File[], confirm = false): Promise<BulkUploadResponse> {
  const form = new FormData();
  for (const file of files) form.append(PRICE_LIST_FIELD, file, file.name);
  if (confirm) form.append(PRICE_LIST_CONFIRM_FIELD, 'true');
  return postForm<BulkUploadResponse>('/api/pricing/bulk-upload', form);
}

/** GET /api/pricing/template/{productId}, saved as {productId}-pricing-template.csv. */
export async function downloadTemplate(productId: string): Promise<void> {
  saveFile(await getBlob(`/api/pricing/template/${encodeURIComponent(productId)}`), templateFileName(productId));
}

/** The toast text for a failed staff call: a lapsed session says so. */
export function sessionEndedOr(err: unknown, fallback: string): string {
  return err instanceof ApiError && err.status === 401 ? 'Your staff session has ended. Sign in again with the PIN.' : fallback;
}

/** GET /api/pricing/options-template/{productId}, saved as {productId}-options.csv. */
export async function downloadOptionsTemplate(productId: string): Promise<void> {
  saveFile(await getBlob(`/api/pricing/options-template/${encodeURIComponent(productId)}`), optionsTemplateFileName(productId));
}

/** POST /api/pricing/options-upload/{productId}: the CSV replaces the product's options whole, or a 400 names the row. */
export function uploadOptionList(productId: string, file: File): Promise<OptionListUploadResponse> {
  const form = new FormData();
  form.append(OPTION_LIST_FIELD, file, file.name);
  return postForm<OptionListUploadResponse>(`/api/pricing/options-upload/${encodeURIComponent(productId)}`, form);
}

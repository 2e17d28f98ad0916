// The catalogue editor's calls (staff spec 2.3), typed by the shared contract.
import {
  catalogExportFileName,
  type CatalogColourInput,
  type CatalogDeleteResponse,
  type CatalogExport,
  type CatalogImportResponse,
  type CatalogProduct,
  type CatalogProductResponse,
  type CatalogResponse,
  type CreateProductInput,
  type UpdateProductInput,
} from '@shared/catalog-admin-api';
import { ApiError, apiRequest, getJson } from '../../../lib/api-client';
import { saveJsonFile } from '../../../lib/save-file';

const BASE = '/api/admin/catalog';

export async function fetchCatalog(signal?: AbortSignal): Promise<CatalogProduct[]> {
  const body = await getJson<CatalogResponse>(BASE, { signal });
  return body?.products ?? [];
}

export async function createProduct(input: CreateProductInput): Promise<CatalogProduct> {
  return (await apiRequest<CatalogProductResponse>('POST', `${BASE}/products`, input)).product;
}

export async function updateProduct(id: string, input: UpdateProductInput): Promise<CatalogProduct> {
  return (await apiRequest<CatalogProductResponse>('PATCH', `${BASE}/products/${encodeURIComponent(id)}`, input)).product;
}

export async function addColour(productId: string, colour: CatalogColourInput): Promise<CatalogProduct> {
  return (await apiRequest<CatalogProductResponse>('POST', `${BASE}/products/${encodeURIComponent(productId)}/colours`, colour)).product;
}

export async function removeColour(productId: string, slug: string): Promise<CatalogProduct> {
  return (
    await apiRequest<CatalogProductResponse>(
      'DELETE',
      `${BASE}/products/${encodeURIComponent(productId)}/colours/${encodeURIComponent(slug)}`,
    )
  ).product;
}

export async function importCatalog(file: { products: unknown[] }): Promise<CatalogImportResponse> {
  return apiRequest<CatalogImportResponse>('POST', `${BASE}/import`, file);
}

/** GET the export and save it as catalog-YYYY-MM-DD.json (staff spec 9: the date is in the name). */
export async function downloadCatalogExport(now = new Date()): Promise<string> {
  const body = await getJson<CatalogExport>(`${BASE}/export`);
  const fileName = catalogExportFileName(now);
  saveJsonFile(body, fileName);
  return fileName;
}

/** 'Title - description' (the spec's message form) as a toast's two lines. */
export function toastParts(message: string): { title: string; description?: string } {
  const at = message.indexOf(' - ');
  return at < 0 ? { title: message } : { title: message.slice(0, at), description: message.slice(at + 3) };
}

/** The server's sentence for a failed call, or the fallback; a lapsed staff session says so. */
export function failureText(err: unknown, fallback: string): string {
  if (err instanceof ApiError && err.status === 401) return 'Your staff session has ended. Sign in again with the PIN.';
  const message = err instanceof ApiError ? err.serverMessage : null;
  return message ?? fallback;
}

/** Take a product off the storefront (kept for its orders and quotes), or offer it again. */
export async function setProductHidden(id: string, hidden: boolean): Promise<CatalogProduct> {
  return (await apiRequest<CatalogProductResponse>('PUT', `${BASE}/products/${encodeURIComponent(id)}/visibility`, { hidden })).product;
}

/** Delete a product nothing refers to; a 409 says what refers to it (hide it instead). */
export async function deleteProduct(id: string): Promise<void> {
  await apiRequest<CatalogDeleteResponse>('DELETE', `${BASE}/products/${encodeURIComponent(id)}`);
}

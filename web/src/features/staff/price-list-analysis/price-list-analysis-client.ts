// The analyser's calls (staff spec section 7), typed by the shared contract.
import type { CatalogOverview } from '@shared/catalogue-api';
import { CATALOGUE_SECTIONS, type CatalogueSection } from '@shared/catalogue-types';
import { ANALYSIS_FIELDS, type AnalyzePriceListResponse } from '@shared/price-list-analysis-api';
import { getJson } from '../../../lib/api-client';
import { postForm } from '../../../lib/api-upload';

/** POST /api/analyze-price-list (multipart: priceList, recognisedText). */
export async function analysePriceList(image: File, recognisedText: string): Promise<AnalyzePriceListResponse> {
  const body = new FormData();
  body.append(ANALYSIS_FIELDS.image, image);
  body.append(ANALYSIS_FIELDS.text, recognisedText);
  return postForm<AnalyzePriceListResponse>('/api/analyze-price-list', body);
}

export interface ProductGroup {
  section: CatalogueSection;
  products: { id: string; name: string }[];
}

/** GET /api/products/catalog: the products a price list can be for, by section. */
export async function fetchProductGroups(signal?: AbortSignal): Promise<ProductGroup[]> {
  const catalog = await getJson<CatalogOverview>('/api/products/catalog', { signal });
  if (!catalog) return [];
  return CATALOGUE_SECTIONS.map((section) => ({ section, products: catalog[section].map((p) => ({ id: p.id, name: p.name })) })).filter(
    (g) => g.products.length > 0,
  );
}

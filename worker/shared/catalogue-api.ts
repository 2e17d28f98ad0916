// Response shapes of the catalogue endpoints, read by the web client.
import type { CatalogueSection } from './catalogue-types';

export interface ColourDto {
  name: string;
  hex: string;
  material: string;
  finish: string;
  description: string;
  /** Swatch image served by this site; null when the colour has no swatch yet. */
  imageUrl: string | null;
  swatchPath: string | null;
}

export interface ColoursResponse {
  success: true;
  product_type: string;
  product_name: string;
  colours: ColourDto[];
}

export interface CatalogItem {
  id: string;
  name: string;
  calculator_id: string | null;
  description: string;
  /** Lowest price in the grid in force, in rand incl. VAT, and the size it buys. */
  from_price: number | null;
  from_size: { width_mm: number; drop_mm: number } | null;
  sample_prices: boolean;
  colour_count: number;
  swatches: { name: string; hex: string; imageUrl: string | null }[];
}

export type CatalogOverview = Record<CatalogueSection, CatalogItem[]> & {
  color_schemes: { key: string; colour_count: number }[];
  last_updated: string | null;
  sample_data_note: string | null;
};

export interface ProductColoursResponse {
  success: true;
  products: { id: string; name: string; description: string; colours: ColourDto[] }[];
}

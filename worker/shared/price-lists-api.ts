// Request and response shapes of the staff price-list API (staff spec 3 'Bulk upload result', 7).
import { z } from 'zod';

/** The multipart field the bulk upload reads, once per file (staff spec section 7). */
/** The form field that confirms a steep price drop ('true'), after the 409 asked for it. */
export const PRICE_LIST_CONFIRM_FIELD = 'confirm';
/** A price list that puts any blind below this, or any price below half of the one in force, asks staff first. */
export const PRICE_FLOOR_CENTS = 5000;
export const PRICE_DROP_CONFIRM_PREFIX = 'Please confirm these prices before they are put in force';

export const PRICE_LIST_FIELD = 'price_lists';
export const MAX_PRICE_LIST_FILES = 20;
export const MAX_PRICE_LIST_BYTES = 256 * 1024;

export interface BulkUploadResponse {
  successful_uploads: number;
  failed_uploads: number;
  results: { filename: string; product_type: string; version: number; cells_changed: number }[];
  errors: { filename: string; message: string }[];
}

export interface PriceListVersionDto {
  version: number;
  createdAt: string;
  /** The staff session's short id; null for the seed. */
  createdBy: string | null;
  cellsChanged: number | null;
  isSample: boolean;
  source: string;
  restoredFrom: number | null;
  inForce: boolean;
}

export interface PriceListVersionsResponse {
  success: true;
  product_id: string;
  product_name: string;
  versions: PriceListVersionDto[];
}

export const rollbackSchema = z.object({ version: z.number().int().positive() });

export interface RollbackResponse {
  success: true;
  product_type: string;
  version: number;
  restored_from: number;
  cells_changed: number;
}

/** The file name the template is saved as, and the bulk upload reads the product from. */
export const templateFileName = (productId: string) => `${productId}-pricing-template.csv`;

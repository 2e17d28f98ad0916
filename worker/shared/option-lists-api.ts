// The staff CSV of a shutter's or awning's options (staff spec section 7, beside the price grids):
// GET /api/pricing/options-template/{productId} and POST /api/pricing/options-upload/{productId}.
// One row per choice; the whole file replaces the product's options, or nothing changes.

export const OPTION_LIST_FIELD = 'options_list';
export const MAX_OPTION_LIST_BYTES = 64 * 1024;
export const OPTION_LIST_HEADER = [
  'group',
  'code',
  'label',
  'charge_rand',
  'charge_per',
  'min_width_mm',
  'max_width_mm',
  'default',
] as const;

export function optionsTemplateFileName(productId: string): string {
  return `${productId}-options.csv`;
}

export interface OptionListUploadResponse {
  success: true;
  product_id: string;
  options: number;
  message: string;
}

/** Normalises what a caller may send as a product id: either id space, any case, '_' or '-'. */
export function normaliseProductKey(raw: string): string {
  return raw.trim().toLowerCase().replace(/_/g, '-');
}

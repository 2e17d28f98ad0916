export const VAT_RATE = 0.15;

/** The VAT inside a VAT-inclusive amount: 15/115 of it, to the cent. */
export function vatInside(total: number): number {
  return Math.round((total * VAT_RATE) / (1 + VAT_RATE));
}

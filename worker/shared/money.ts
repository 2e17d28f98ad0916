// Money, the same on both sides (storefront spec section 9: prices include VAT at 15%): the VAT
// rate, the VAT inside a VAT-inclusive total, and rand in en-ZA formatting ('R 1 624,00' with
// no-break spaces), written out so the text never depends on the runtime's locale data.
// Amounts are integer cents inside; rand only at the edges.

export const VAT_RATE = 0.15;

/** The VAT inside a VAT-inclusive amount: 15/115 of it, to the cent. */
export function vatInside(total: number): number {
  return Math.round((total * VAT_RATE) / (1 + VAT_RATE));
}

const NBSP = '\u00a0';

/** 162400 -> 'R 1 624,00' (en-ZA, no-break spaces). */
export function formatRandFromCents(cents: number): string {
  const negative = cents < 0;
  const abs = Math.round(Math.abs(cents));
  const rands = Math.floor(abs / 100);
  const centsPart = String(abs % 100).padStart(2, '0');
  const grouped = String(rands).replace(/\B(?=(\d{3})+(?!\d))/g, NBSP);
  return `${negative ? '-' : ''}R${NBSP}${grouped},${centsPart}`;
}

/** 123450 -> '1234.50': rand as a plain decimal, for CSV files and schema.org prices. */
export function randDecimal(cents: number): string {
  return (cents / 100).toFixed(2);
}

/** 1234.5 -> 'R 1 234,50' (en-ZA). */
export function formatRand(amountRand: number): string {
  return formatRandFromCents(Math.round(amountRand * 100));
}

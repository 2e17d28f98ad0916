// Money is integer cents inside; rand with two decimals in en-ZA formatting only at the edges.
const randFormatter = new Intl.NumberFormat('en-ZA', {
  style: 'currency',
  currency: 'ZAR',
  minimumFractionDigits: 2,
  maximumFractionDigits: 2,
});

/** 1234.5 -> 'R 1 234,50' (en-ZA). */
export function formatRand(amountRand: number): string {
  return randFormatter.format(amountRand);
}

export function formatRandFromCents(cents: number): string {
  return formatRand(cents / 100);
}

const mmFormatter = new Intl.NumberFormat('en-ZA', { maximumFractionDigits: 0 });
export function formatMillimetres(mm: number): string {
  return `${mmFormatter.format(mm)} mm`;
}

// Money is integer cents inside; rand with two decimals in en-ZA formatting only at the edges,
// written by the one money module the worker uses too.
export { formatRand, formatRandFromCents } from '@shared/money';

const mmFormatter = new Intl.NumberFormat('en-ZA', { maximumFractionDigits: 0 });
export function formatMillimetres(mm: number): string {
  return `${mmFormatter.format(mm)} mm`;
}

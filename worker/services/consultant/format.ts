// Money for chat replies, the same as the web's formatRand (Intl en-ZA: 'R 1 624,00' with
// no-break spaces), written out so the text never depends on the runtime's locale data.

const NBSP = '\u00a0';

export function formatRandFromCents(cents: number): string {
  const negative = cents < 0;
  const abs = Math.round(Math.abs(cents));
  const rands = Math.floor(abs / 100);
  const centsPart = String(abs % 100).padStart(2, '0');
  const grouped = String(rands).replace(/\B(?=(\d{3})+(?!\d))/g, NBSP);
  return `${negative ? '-' : ''}R${NBSP}${grouped},${centsPart}`;
}

import { describe, expect, it } from 'vitest';
import { formatMillimetres, formatRand, formatRandFromCents } from '../../web/src/lib/format';

// en-ZA: 'R', a (narrow no-break) space as thousands separator, a comma before 2 decimals.
const plain = (s: string) => s.replace(/\s/g, ' ');

describe('en-ZA rand formatting', () => {
  it('always shows two decimals', () => {
    expect(plain(formatRand(850))).toBe('R 850,00');
    expect(plain(formatRand(1624.5))).toBe('R 1 624,50');
    expect(plain(formatRand(0))).toBe('R 0,00');
  });
  it('formats cents without floating-point drift', () => {
    expect(plain(formatRandFromCents(162_400))).toBe('R 1 624,00');
    expect(plain(formatRandFromCents(1_234_567))).toBe('R 12 345,67');
  });
  it('formats millimetres', () => {
    expect(plain(formatMillimetres(1200))).toBe('1 200 mm');
  });
});

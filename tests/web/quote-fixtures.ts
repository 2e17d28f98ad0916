// A quote line for the calculator's tests (quote-calculator*.test.ts).
import type { QuoteLine } from '../../web/src/lib/quote-storage';

export const line = (over: Partial<QuoteLine> = {}): QuoteLine => ({
  id: 'a',
  product_type: 'roller-blockout',
  product_name: 'Roller Blind - Blockout',
  width_mm: 900,
  drop_mm: 1200,
  control_side: 'left',
  mount_type: 'inside-recess',
  colour: 'Charcoal',
  quantity: 1,
  price: 1000,
  total_price: 1000,
  ...over,
});

// The blind line the order and quote tests share (web unit tests and the order pages' browser tests).
import type { QuoteLine } from '../../web/src/lib/quote-storage';
import type { PricedLineDto } from '@shared/orders-api';

/** Two 1200 × 1500 mm blockout rollers at R 1 624 each (VAT included), as the quote page keeps them. */
export const ROLLER_LINE: QuoteLine = {
  id: 'l1',
  product_type: 'roller-blockout',
  product_name: 'Roller Blind - Blockout',
  width_mm: 1200,
  drop_mm: 1500,
  control_side: 'left',
  mount_type: 'inside-recess',
  colour: 'Linen White',
  quantity: 2,
  price: 1624,
  total_price: 3248,
};

/** The same line as the server priced it. */
export function pricedLine(overrides: Partial<PricedLineDto> = {}): PricedLineDto {
  const { id: _id, ...fields } = ROLLER_LINE;
  return {
    line_no: 1,
    ...fields,
    unit_price_cents: 162_400,
    total_cents: 324_800,
    price_list_version: 1,
    sample_price: false,
    size_source: 'typed',
    size_estimated: false,
    ...overrides,
  };
}

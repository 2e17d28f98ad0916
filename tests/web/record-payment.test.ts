// How staff type an amount received on 'Record a payment' (South African usage: a decimal comma and
// spaces between thousands, or a point), in cents; anything else is refused before it is sent.
import { describe, expect, it } from 'vitest';
import { randToCents } from '../../web/src/features/staff/orders/record-payment';

describe('randToCents', () => {
  it('reads rand with a decimal comma or point, spaces and an R', () => {
    expect(randToCents('1624')).toBe(162400);
    expect(randToCents('1624.5')).toBe(162450);
    expect(randToCents('R 1 624,00')).toBe(162400);
    expect(randToCents('r1624,99')).toBe(162499);
    expect(randToCents('1,624.00')).toBe(162400);
  });

  it('refuses what is not an amount', () => {
    for (const text of ['', 'abc', '12.345', '-5', '1 624,00,1']) expect(randToCents(text), text).toBeNull();
  });
});

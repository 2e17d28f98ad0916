// The calculator's and the shutter visualiser's reading of a product's options: only the choices a
// width allows are offered, and the one in force is the server's (worker/services/product-options.ts).
import { describe, expect, it } from 'vitest';
import type { OptionGroupDto } from '@shared/product-options';
import { choiceLabel, choicesFor, chosenCode, keptPicks } from '../../web/src/lib/option-choices';

const panel = (n: number, isDefault = false) => ({
  code: String(n),
  label: n === 1 ? '1 panel' : `${n} panels`,
  charge_cents: 38_000,
  charge_per: 'panel' as const,
  min_width_mm: 250 * n,
  max_width_mm: 900 * n,
  is_default: isDefault,
});
const panels: OptionGroupDto = { group: 'panels', label: 'Panels', choices: [panel(1), panel(2, true), panel(3), panel(4)] };
const louvre: OptionGroupDto = {
  group: 'louvre',
  label: 'Louvre size',
  choices: [
    { code: '89mm', label: '89 mm', charge_cents: 0, charge_per: 'item', min_width_mm: null, max_width_mm: null, is_default: true },
    { code: '114mm', label: '114 mm', charge_cents: 45_000, charge_per: 'item', min_width_mm: null, max_width_mm: null, is_default: false },
  ],
};

describe('option choices', () => {
  it('offers only the panel counts a width allows (all until a width is typed)', () => {
    expect(choicesFor(panels, 2400).map((c) => c.code)).toEqual(['3', '4']);
    expect(choicesFor(panels, 600).map((c) => c.code)).toEqual(['1', '2']);
    expect(choicesFor(panels, null)).toHaveLength(4);
  });
  it('keeps a pick the width allows, else the default, else the first allowed', () => {
    expect(chosenCode(panels, '1', 600)).toBe('1');
    expect(chosenCode(panels, undefined, 1200)).toBe('2');
    expect(chosenCode(panels, '1', 2400)).toBe('3');
    expect(keptPicks([panels, louvre], { panels: '1', louvre: '114mm' }, 2400)).toEqual({ louvre: '114mm' });
  });
  it('labels a choice with what it adds, per panel where it is charged per panel', () => {
    expect(choiceLabel(louvre.choices[0]!)).toBe('89 mm');
    expect(choiceLabel(louvre.choices[1]!).replace(/\u00a0/g, ' ')).toBe('114 mm (+R 450,00)');
    expect(choiceLabel(panel(3)).replace(/\u00a0/g, ' ')).toBe('3 panels (+R 380,00 a panel)');
  });
});

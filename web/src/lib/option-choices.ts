// Which of a shutter's or awning's choices a width allows, as the server decides it
// (worker/services/product-options.ts chooseOptions): the calculator offers only those, and shows
// the one the server will take when the customer picks none.
import type { LineOptions, OptionChoiceDto, OptionGroup, OptionGroupDto } from '@shared/product-options';
import { formatRand } from './format';

export function allowsWidth(choice: OptionChoiceDto, widthMm: number | null): boolean {
  if (widthMm === null) return true;
  return (
    (choice.min_width_mm === null || widthMm >= choice.min_width_mm) && (choice.max_width_mm === null || widthMm <= choice.max_width_mm)
  );
}

/** The choices a width allows (all of them until a width is typed). */
export function choicesFor(group: OptionGroupDto, widthMm: number | null): OptionChoiceDto[] {
  return group.choices.filter((c) => allowsWidth(c, widthMm));
}

/** The code in force for a group: the customer's pick if the width allows it, else the default, else the first allowed. */
export function chosenCode(group: OptionGroupDto, picked: string | undefined, widthMm: number | null): string | null {
  const allowed = choicesFor(group, widthMm);
  if (picked && allowed.some((c) => c.code === picked)) return picked;
  return (allowed.find((c) => c.is_default) ?? allowed[0])?.code ?? null;
}

/** The customer's picks the width still allows (a pick the width rules out falls back to the default). */
export function keptPicks(groups: readonly OptionGroupDto[], picks: LineOptions | undefined, widthMm: number | null): LineOptions {
  const kept: Partial<Record<OptionGroup, string>> = {};
  for (const group of groups) {
    const picked = picks?.[group.group];
    if (picked && choicesFor(group, widthMm).some((c) => c.code === picked)) kept[group.group] = picked;
  }
  return kept;
}

/** '114 mm (+R 450.00)', '3 panels (+R 380.00 a panel)', 'Manual (crank handle)'. */
export function choiceLabel(choice: OptionChoiceDto): string {
  if (choice.charge_cents === 0) return choice.label;
  const charge = formatRand(choice.charge_cents / 100);
  return choice.charge_per === 'panel' ? `${choice.label} (+${charge} a panel)` : `${choice.label} (+${charge})`;
}

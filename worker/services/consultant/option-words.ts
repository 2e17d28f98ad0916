// A shutter's or awning's options named in a chat message ('114 mm louvres', 'Z-frame', '3 panels',
// 'motorised'), matched against the product's own choices in D1 (their codes and labels), so a
// choice staff add is understood without a code change.
import type { LineOptions, OptionGroup } from '../../shared/product-options';
import type { ProductOptionRow } from '../product-options';

/** Lower case words and numbers, a number split from its unit ('114mm' -> '114 mm'), one space apart. */
function words(text: string): string {
  return ` ${text
    .toLowerCase()
    .replace(/motoriz/g, 'motoris')
    .replace(/(\d)([a-z])/g, '$1 $2')
    .replace(/[^a-z0-9]+/g, ' ')
    .trim()} `;
}

export function optionsInMessage(rows: readonly ProductOptionRow[], text: string): LineOptions {
  const said = words(text);
  const picks: Partial<Record<OptionGroup, string>> = {};
  for (const row of rows) {
    if (picks[row.group]) continue;
    if (row.group === 'panels') {
      const count = new RegExp(`\\s${row.code}\\s(?:hinged\\s)?panels?\\s`).test(said);
      if (count) picks.panels = row.code;
      continue;
    }
    // The code, or the label without its explanation in brackets ('Motorised (remote control)' -> 'motorised').
    const names = [row.code, row.label.replace(/\(.*\)/, '')].map((n) => words(n).trim()).filter((n) => n.length >= 3);
    if (names.some((n) => said.includes(` ${n} `))) picks[row.group] = row.code;
  }
  return picks;
}

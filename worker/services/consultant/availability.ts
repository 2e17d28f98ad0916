// 'Is charcoal available in blockout roller?': yes or no first, from the colours in D1, then the
// nearest alternatives when no (the same product's closest shades, and the products that have it).
import { coloursForProduct, productsWithColours } from '../catalog';
import { addHandoff, type Ctx } from './answers';
import { SWATCH_NOTE } from '../../shared/swatch-note';

/** Colour words customers use; a word here or in any colour name in D1 counts as a colour asked about. */
const COLOUR_WORDS = [
  'white',
  'off white',
  'cream',
  'ivory',
  'beige',
  'sand',
  'taupe',
  'grey',
  'gray',
  'light grey',
  'dark grey',
  'charcoal',
  'black',
  'brown',
  'oak',
  'walnut',
  'teak',
  'mahogany',
  'silver',
  'navy',
  'blue',
  'green',
  'red',
  'yellow',
  'pink',
  'orange',
  'purple',
  'gold',
  'bronze',
  'stone',
];

const ASKS_AVAILABILITY =
  /\b(is|are|does|do)\b.*\b(available|come in|comes in|come|get|have|offer|make|do)\b|\b(available|availability|in stock|can i (get|have|order))\b|\bdo you (have|do|make|stock|sell|offer)\b/;

/** Grey and gray are the same; a colour named in D1 ('Bedford Charcoal') matches the word 'charcoal'. */
function normaliseColour(s: string): string {
  return s
    .toLowerCase()
    .replace(/\bgray\b/g, 'grey')
    .trim();
}

/** The colour the customer asks about: the longest colour word or D1 colour name in the text. */
export function askedColour(t: string, knownNames: readonly string[]): string | null {
  const text = normaliseColour(t);
  const candidates = [...new Set([...COLOUR_WORDS.map(normaliseColour), ...knownNames.map(normaliseColour)])].sort(
    (a, b) => b.length - a.length,
  );
  for (const c of candidates) {
    if (new RegExp(`\\b${c.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}\\b`).test(text)) return c;
  }
  return null;
}

export function asksAvailability(t: string): boolean {
  return ASKS_AVAILABILITY.test(t);
}

/** Every word of the asked colour appears in the name ('light grey' in 'Light Grey Mist'). */
function matches(name: string, colour: string): boolean {
  const n = normaliseColour(name);
  return colour.split(/\s+/).every((w) => new RegExp(`\\b${w}\\b`).test(n));
}

/**
 * Answers a colour-availability question for a product: 'Yes, ...' or 'No, ...' first. True when
 * the message asked about a colour of that product (so no other colour answer is needed).
 */
export async function answerAvailability(ctx: Ctx, productId: string, t: string): Promise<boolean> {
  const { product, colours } = await coloursForProduct(ctx.db, productId);
  const colour = askedColour(
    t,
    colours.map((c) => c.name),
  );
  if (!colour) return false;
  ctx.features.add('colours');
  if (colours.length === 0) {
    addHandoff(ctx, `I don't have the colour range for the ${product.name} on file, so I can't say yes or no; our team can tell you:`);
    return true;
  }
  const found = colours.filter((c) => matches(c.name, colour));
  if (found.length > 0) {
    const names = found.map((c) => c.name).join(', ');
    ctx.parts.push(`Yes, the ${product.name} comes in ${colour}: ${names}.`);
    ctx.parts.push(SWATCH_NOTE);
    return true;
  }
  // A shade described as the colour asked for ('a light cool grey' for light grey) is a yes too.
  // Only the description's opening words say what the shade is ('A light cool grey for ...').
  const shadeOf = (d: string) => d.split(/\b(?:for|that|which|with|to|and|in)\b|,/)[0]!.replace(/\b(cool|warm|soft|deep|pale) /gi, '');
  const described = colours.filter((c) => matches(shadeOf(c.description), colour));
  if (described.length > 0) {
    const list = described.map((c) => `${c.name} (${shadeOf(c.description).trim().toLowerCase()})`).join('; ');
    ctx.parts.push(`Yes, the ${product.name} comes in ${colour} shades: ${list}.`);
    ctx.parts.push(SWATCH_NOTE);
    return true;
  }
  // No: the same product's shades sharing a word family, then the products that do have the colour.
  const nearest = nearestShades(
    colours.map((c) => c.name),
    colour,
  );
  const others = (await productsWithColours(ctx.db)).products
    .filter((p) => p.id !== product.id && ctx.catalogue.byKey(p.id)?.calculatorId && p.colours.some((c) => matches(c.name, colour)))
    .slice(0, 4)
    .map((p) => p.name);
  const lines = [`No, the ${product.name} doesn't come in ${colour}.`];
  if (nearest.length) lines.push(`The nearest shades in its range are ${nearest.join(', ')}.`);
  if (others.length) lines.push(`${colour[0]!.toUpperCase()}${colour.slice(1)} is available in: ${others.join(', ')}.`);
  if (!nearest.length && !others.length) lines.push(`Its colours are: ${colours.map((c) => c.name).join(', ')}.`);
  ctx.parts.push(lines.join(' '));
  return true;
}

/** Shades that read as close to the asked colour (dark greys for charcoal, whites for cream...). */
const FAMILIES: string[][] = [
  ['charcoal', 'graphite', 'slate', 'anthracite', 'black', 'dark grey', 'pewter', 'smoke', 'ash'],
  ['grey', 'silver', 'dove', 'pewter', 'ash', 'stone', 'smoke', 'slate', 'graphite'],
  ['white', 'ivory', 'cream', 'chalk', 'snow', 'pearl', 'linen', 'alabaster'],
  ['cream', 'ivory', 'beige', 'sand', 'linen', 'natural', 'white'],
  ['beige', 'sand', 'stone', 'taupe', 'linen', 'natural', 'cream', 'mocha'],
  ['brown', 'oak', 'walnut', 'teak', 'mahogany', 'cocoa', 'mocha', 'chocolate', 'espresso', 'bronze', 'taupe'],
  ['black', 'charcoal', 'graphite', 'anthracite', 'ebony'],
  ['blue', 'navy', 'denim', 'ocean', 'slate'],
  ['navy', 'blue', 'denim', 'ink'],
];

function nearestShades(names: string[], colour: string): string[] {
  const family = FAMILIES.find((f) => f[0] === colour || colour.endsWith(f[0]!)) ?? [];
  return names.filter((n) => family.some((w) => matches(n, w))).slice(0, 4);
}

// Needs and recommendations (grounded in the products' own descriptions and features).
import { gridForProduct, priceForSize } from '../pricing';
import { type Ctx, productName } from './answers';
import { formatRandFromCents } from '../../shared/money';
import { formatSize } from './parse-size';

/** The placeholder size the storefront uses when comparing prices (spec section 9). */
const COMPARISON_SIZE = { widthMm: 1200, dropMm: 1500 };

export type Need = 'dark' | 'wet' | 'kitchen' | 'heat' | 'privacy' | 'outdoor' | 'sliding' | 'bay' | 'view' | 'budget';

const NEED_PATTERNS: [Need, RegExp][] = [
  ['outdoor', /\b(patio|veranda|verandah|stoep|braai|deck|pergola|balcony|outdoor|outside area|garden|pool)\b/],
  ['wet', /\b(bathroom|bath|shower|en ?suite|toilet|loo|laundry|wet|steam|steamy|humid|humidity|moisture|damp)\b/],
  ['kitchen', /\bkitchens?\b|\bscullery\b/],
  [
    'dark',
    /\b(dark|darker|darken|blackout|black ?out|block ?out light|sleep|sleeping|shift work|nursery|baby|media room|cinema|tv room)\b/,
  ],
  ['heat', /\b(heat|hot|glare|sun|sunny|north ?facing|west ?facing|afternoon sun|warm|cool|cold|winter|insulat\w*)\b/],
  ['privacy', /\b(privacy|private|neighbours?|neighbors?|overlooked|street|see in|seeing in|passers ?by)\b/],
  ['bay', /\bbay windows?\b|\bcorner windows?\b/],
  ['view', /\b(lagoon|sea|ocean|beach|river|lake|mountains?|view|views|vlei|estuary)\b/],
  ['sliding', /\b(sliding doors?|slider|stacker doors?|wide windows?|large windows?)\b/],
  ['budget', /\b(budget|cheap|cheapest|cheaper|affordable|inexpensive|low cost|lowest price|least expensive|tight)\b/],
];

/** [product id, index of the feature that shows why it fits]. */
const RECOMMENDATIONS: Record<Exclude<Need, 'budget'>, { label: string; picks: [string, number][]; note?: string }> = {
  dark: {
    label: 'a dark bedroom',
    picks: [
      ['roller-blockout', 0],
      ['honeycomb-blockout', 1],
    ],
    note: 'A small gap of light around the edges is normal for a roller; fitting outside the recess (face-fix) with an overlap keeps it darker.',
  },
  wet: {
    label: 'a bathroom or other wet room',
    picks: [
      ['venetian-25mm-aluminium', 1],
      ['venetian-50mm-plaswood', 0],
      ['shutter-pvc', 0],
    ],
    note: 'Real wood is not recommended where there is steam, as it can warp.',
  },
  kitchen: {
    label: 'a kitchen',
    picks: [
      ['venetian-50mm-aluminium', 2],
      ['venetian-50mm-aluwood', 1],
      ['roller-sheer', 0],
    ],
  },
  heat: {
    label: 'heat and glare',
    picks: [
      ['roller-sheer', 0],
      ['honeycomb-duotone', 0],
      ['honeycomb-blockout', 0],
    ],
  },
  privacy: {
    label: 'privacy',
    picks: [
      ['doubleroller-zebra', 1],
      ['venetian-50mm-aluminium', 0],
      ['honeycomb-duotone', 1],
    ],
    note: 'A sheer roller alone does not give privacy at night with the lights on.',
  },
  outdoor: {
    label: 'a patio or outdoor area',
    picks: [
      ['outdoor-blinds', 0],
      ['awning-folding-arm', 0],
      ['outdoor-shutter-aluminium', 1],
    ],
  },
  bay: {
    label: 'a bay window',
    picks: [
      ['venetian-50mm-aluminium', 0],
      ['roller-sheer', 0],
      ['shutter-basswood', 0],
    ],
    note: 'A bay window usually takes one blind per pane, so each pane is measured separately. Send me the sizes together (e.g. two at 900 x 1200 and one 1800 x 1200) and I will price them all at once.',
  },
  view: {
    label: 'keeping a view',
    picks: [
      ['roller-sheer', 0],
      ['honeycomb-duotone', 0],
    ],
    note: 'A sheer softens sun and glare off the water while you still see out during the day.',
  },
  sliding: {
    label: 'sliding doors and wide windows',
    picks: [
      ['vertical-blockout', 0],
      ['doubleroller-zebra', 0],
    ],
  },
};

export function detectNeeds(t: string): Need[] {
  const needs = NEED_PATTERNS.filter(([, re]) => re.test(t)).map(([need]) => need);
  // 'heat' words on a patio are about the patio; 'dark' in a bathroom is about the wet room.
  if (needs.includes('outdoor')) return needs.filter((n) => n !== 'heat');
  return needs;
}

export async function answerRecommendation(
  ctx: Ctx,
  needs: Need[],
  size: { widthMm: number; dropMm: number } | null,
): Promise<string | undefined> {
  ctx.features.add('recommendation');
  let firstPick: string | undefined;
  for (const need of needs) {
    if (need === 'budget') continue;
    const rec = RECOMMENDATIONS[need];
    const lines: string[] = [];
    for (const [id, featureIndex] of rec.picks) {
      const p = ctx.catalogue.byKey(id);
      if (!p) continue;
      firstPick ??= id;
      let line = `• ${p.name}: ${p.features[featureIndex] ?? p.features[0] ?? ''}`;
      if (size) {
        const grid = await gridForProduct(ctx.db, id);
        const r = grid ? priceForSize(grid, size.widthMm, size.dropMm) : null;
        if (r?.ok) {
          line += ` (${formatRandFromCents(r.priceCents)} at ${formatSize(size.widthMm, size.dropMm)})`;
          ctx.features.add('pricing');
        }
      }
      lines.push(line);
    }
    ctx.parts.push(`For ${rec.label} I'd suggest:\n${lines.join('\n')}${rec.note ? `\n${rec.note}` : ''}`);
    if (ctx.parts.length >= 2) break; // keep it short: at most two needs
  }
  if (needs.includes('budget')) {
    const s = size ?? COMPARISON_SIZE;
    const priced: { id: string; cents: number }[] = [];
    // The products the online quote calculator offers (those with a calculator id).
    for (const p of ctx.catalogue.products.filter((x) => x.calculatorId)) {
      const grid = await gridForProduct(ctx.db, p.id);
      const r = grid ? priceForSize(grid, s.widthMm, s.dropMm) : null;
      if (r?.ok) priced.push({ id: p.id, cents: r.priceCents });
    }
    priced.sort((a, b) => a.cents - b.cents || a.id.localeCompare(b.id));
    const top = priced.slice(0, 3);
    if (top.length) {
      ctx.features.add('pricing');
      firstPick ??= top[0]!.id;
      ctx.parts.push(
        `Our most affordable options for a ${formatSize(s.widthMm, s.dropMm)} window:\n` +
          top.map((x) => `• ${productName(ctx, x.id)}: ${formatRandFromCents(x.cents)}`).join('\n'),
      );
    }
  }
  if (!size) ctx.parts.push("Send me your window's width and drop and I'll price any of these for you.");
  return firstPick;
}

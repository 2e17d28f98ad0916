// The built-in consultant: always available, used when no AI key is set. It answers only from
// D1 (catalogue, colours) and the pricing engine, so it never invents products, colours or prices.
// Deterministic: the same message, history and memory give the same reply.
import { coloursForProduct } from '../catalogue';
import { SAMPLE_PRICES_NOTE } from '../../shared/sample-prices';
import { captureLead, type LeadSink } from '../leads';
import { CUSTOM_SIZE_THRESHOLD_MM, gridForProduct, priceForSize } from '../pricing';
import { productCatalogue, type ProductCatalogue } from '../product-catalogue';
import { FACE_FIX_RULE, INSIDE_RECESS_RULE, MEASURING_GUIDE_PATH } from '../../shared/measuring-rules';
import { formatRandFromCents } from '../../shared/money';
import { describeOrderStatus, findOrderReference, orderStatusFacts } from './order-status';
import { formatSize, parseSingleDimension, parseSize } from './parse-size';
import { matchProduct } from './product-match';
import { SWATCH_NOTE } from '../../shared/swatch-note';

export interface ConsultantMemory {
  productId?: string;
  widthMm?: number;
  dropMm?: number;
  leadId?: string;
  name?: string;
  email?: string;
  phone?: string;
}

export interface ConsultantContact {
  phoneGardenRoute: string;
  phoneNational: string;
  whatsappNational: string;
  email: string;
  businessName: string;
  assistantName: string;
}

export interface ConsultantDeps {
  db: D1Database;
  contact: ConsultantContact;
  /** Where a captured lead goes; without it (unit tests) the lead is stored with no notice. */
  leads?: LeadSink;
}

export interface ChatTurn {
  role: 'user' | 'assistant';
  content: string;
}

export interface BuiltInInput {
  message: string;
  history: ChatTurn[];
  memory: ConsultantMemory;
  deps: ConsultantDeps;
}

export interface BuiltInAnswer {
  response: string;
  features: ConsultantFeature[];
  memory: ConsultantMemory;
}

export type ConsultantFeature =
  | 'pricing'
  | 'product-knowledge'
  | 'colours'
  | 'measuring-guide'
  | 'business-info'
  | 'lead-capture'
  | 'human-handoff'
  | 'recommendation'
  | 'order-tracking';

/** The placeholder size the storefront uses when comparing prices (spec section 9). */
const COMPARISON_SIZE = { widthMm: 1200, dropMm: 1500 };

// ---------------------------------------------------------------------------
// Contact details
// ---------------------------------------------------------------------------

const EMAIL_RE = /[A-Za-z0-9._%+-]+@[A-Za-z0-9-]+(?:\.[A-Za-z0-9-]+)*\.[A-Za-z]{2,}/;
const PHONE_RE = /(?:\+27[\s-]?\(?0?\)?|(?<![\d+])0)(\d{2})[\s-]?(\d{3})[\s-]?(\d{4})(?!\d)/;
const NOT_NAMES = new Set(
  'looking interested after not just trying wanting keen here in at from on the a an so very sorry fine good ok okay happy thinking busy based living moving renovating building hoping wondering still also back planning and my me email e-mail number phone cell i you we it on at'.split(' '),
);

export interface ContactDetails {
  name?: string;
  email?: string;
  phone?: string;
}

/** A capitalised name word, double-barrelled ones included: 'Anna', "O'Neill", 'Smith-Jones'. */
const CAPITALISED_NAME = "[A-Z](?:[a-z]+|(?=['-]))(?:['-][A-Z]?[a-z]+)*";
/** One or two of them after "I'm", "this is" and the like, or before "here" ('Johan here'). */
const INTRODUCED_NAME = new RegExp(`\\b(?:I'm|I’m|I am|this is|it's|it’s)\\s+(${CAPITALISED_NAME}(?:\\s+${CAPITALISED_NAME})?)`);
const NAME_HERE = new RegExp(`(?:^|[.!,]\\s*)(${CAPITALISED_NAME}(?:\\s+${CAPITALISED_NAME})?)\\s+here\\b`);

function cleanName(raw: string): string | undefined {
  const words = raw.trim().split(/\s+/).slice(0, 3);
  const kept: string[] = [];
  for (const word of words) {
    // A name never ends in a hyphen or apostrophe ('Phone-' was kept from 'Phone-Trial' before).
    const w = word.replace(/['-]+$/, '');
    if (NOT_NAMES.has(w.toLowerCase()) || !/^[A-Za-z][A-Za-z'-]*$/.test(w)) break;
    kept.push(w.charAt(0).toUpperCase() + w.slice(1));
  }
  return kept.length ? kept.join(' ') : undefined;
}

/** E-mail, South African phone number and name from a chat message. */
export function parseContactDetails(message: string): ContactDetails {
  const details: ContactDetails = {};
  const email = EMAIL_RE.exec(message);
  if (email) details.email = email[0];
  const phone = PHONE_RE.exec(message);
  if (phone) details.phone = `0${phone[1]} ${phone[2]} ${phone[3]}`;
  const text = message.replace(EMAIL_RE, ' ');
  const explicit = /\b(?:my name is|my name's|name is|name:|call me)\s+([A-Za-z][A-Za-z'-]*(?:\s+[A-Z][A-Za-z'-]*)?)/i.exec(text);
  // Without 'my name is', only a capitalised word counts, so "I'm looking for" is not a name.
  const casual = INTRODUCED_NAME.exec(text) ?? NAME_HERE.exec(text);
  const name = (explicit?.[1] ? cleanName(explicit[1]) : undefined) ?? (casual?.[1] ? cleanName(casual[1]) : undefined);
  if (name && !/^(Hi|Hello|Hey|Howzit|Good|Thanks|Thank|Please|Yes|No)$/i.test(name.split(' ')[0]!)) details.name = name;
  return details;
}

// ---------------------------------------------------------------------------
// Needs and recommendations (grounded in the products' own descriptions and features)
// ---------------------------------------------------------------------------

type Need = 'dark' | 'wet' | 'kitchen' | 'heat' | 'privacy' | 'outdoor' | 'sliding' | 'budget';

const NEED_PATTERNS: [Need, RegExp][] = [
  ['outdoor', /\b(patio|veranda|verandah|stoep|braai|deck|pergola|balcony|outdoor|outside area|garden|pool)\b/],
  ['wet', /\b(bathroom|bath|shower|en ?suite|toilet|loo|laundry|wet|steam|steamy|humid|humidity|moisture|damp)\b/],
  ['kitchen', /\bkitchens?\b|\bscullery\b/],
  ['dark', /\b(dark|darker|darken|blackout|black ?out|block ?out light|sleep|sleeping|shift work|nursery|baby|media room|cinema|tv room)\b/],
  ['heat', /\b(heat|hot|glare|sun|sunny|north ?facing|west ?facing|afternoon sun|warm|cool|cold|winter|insulat\w*)\b/],
  ['privacy', /\b(privacy|private|neighbours?|neighbors?|overlooked|street|see in|seeing in|passers ?by)\b/],
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
  sliding: {
    label: 'sliding doors and wide windows',
    picks: [
      ['vertical-blockout', 0],
      ['doubleroller-zebra', 0],
    ],
  },
};

function detectNeeds(t: string): Need[] {
  const needs = NEED_PATTERNS.filter(([, re]) => re.test(t)).map(([need]) => need);
  // 'heat' words on a patio are about the patio; 'dark' in a bathroom is about the wet room.
  if (needs.includes('outdoor')) return needs.filter((n) => n !== 'heat');
  return needs;
}

// ---------------------------------------------------------------------------
// Answer pieces
// ---------------------------------------------------------------------------

interface Ctx {
  db: D1Database;
  /** The products in D1, read once per answer. */
  catalogue: ProductCatalogue;
  contact: ConsultantContact;
  parts: string[];
  features: Set<ConsultantFeature>;
  memory: ConsultantMemory;
  /** Set once a price has been answered, for the lead notes. */
  lastQuote?: string;
  handoffShown: boolean;
}

function whatsappLink(number: string): string {
  const digits = number.replace(/\D/g, '').replace(/^0/, '27');
  return `https://wa.me/${digits}?text=${encodeURIComponent('Hi, I would like help with blinds.')}`;
}

/** Only the channels the business has configured; with none, the page's own contact buttons. */
function handoffText(c: ConsultantContact): string {
  const ways: string[] = [];
  if (c.whatsappNational) ways.push(`WhatsApp us on ${c.whatsappNational} (${whatsappLink(c.whatsappNational)})`);
  if (c.phoneNational && c.phoneGardenRoute) ways.push(`call ${c.phoneNational} (Garden Route: ${c.phoneGardenRoute})`);
  else if (c.phoneNational || c.phoneGardenRoute) ways.push(`call ${c.phoneNational || c.phoneGardenRoute}`);
  if (c.email) ways.push(`e-mail ${c.email}`);
  if (ways.length === 0) return 'Use the call and WhatsApp buttons on this page, or leave your details and we will contact you.';
  const last = ways.pop()!;
  return `${ways.length ? `${ways.join(', ')} or ${last}` : last[0]!.toUpperCase() + last.slice(1)}.`;
}

function addHandoff(ctx: Ctx, lead: string): void {
  if (ctx.handoffShown) return;
  ctx.handoffShown = true;
  ctx.parts.push(`${lead} ${handoffText(ctx.contact)}`);
  ctx.features.add('human-handoff');
}

function productName(ctx: Ctx, id: string): string {
  return ctx.catalogue.byKey(id)?.name ?? id;
}

function isAwning(id: string): boolean {
  return id.startsWith('awning-');
}

async function answerOrderStatus(ctx: Ctx, message: string): Promise<void> {
  ctx.features.add('order-tracking');
  const reference = findOrderReference(message);
  if (!reference) {
    ctx.parts.push("I can check an order for you: please send its reference, which starts with 'CB-' (it is on your order confirmation and e-mail).");
    return;
  }
  const facts = await orderStatusFacts(ctx.db, reference);
  if (!facts) {
    addHandoff(ctx, `I couldn't find an order with reference ${reference}. Please check the reference on your confirmation e-mail, or contact our team:`);
    return;
  }
  ctx.parts.push(describeOrderStatus(facts));
}

async function answerPrice(ctx: Ctx, productId: string, widthMm: number, dropMm: number): Promise<void> {
  ctx.features.add('pricing');
  const grid = await gridForProduct(ctx.db, productId);
  const name = productName(ctx, productId);
  const sizeText = isAwning(productId) ? `${widthMm} mm wide with a ${dropMm} mm projection` : formatSize(widthMm, dropMm);
  if (!grid) {
    addHandoff(ctx, `I don't have a price list for the ${name} yet, so our team will quote it for you:`);
    return;
  }
  const result = priceForSize(grid, widthMm, dropMm);
  if (result.ok) {
    const price = formatRandFromCents(result.priceCents);
    ctx.lastQuote = `${name} ${formatSize(widthMm, dropMm)} (${price})`;
    const band =
      result.widthBandMm !== widthMm || result.dropBandMm !== dropMm
        ? ` It's priced on our next size up, ${formatSize(result.widthBandMm, result.dropBandMm)}.`
        : '';
    ctx.parts.push(
      `${/^[aeiou]/i.test(name) ? 'An' : 'A'} ${name} at ${sizeText} is ${price}, including 15% VAT.${band}` +
        (grid.isSample ? ` ${SAMPLE_PRICES_NOTE}` : ''),
    );
    return;
  }
  if (widthMm > CUSTOM_SIZE_THRESHOLD_MM || dropMm > CUSTOM_SIZE_THRESHOLD_MM) {
    ctx.lastQuote = `${name} ${formatSize(widthMm, dropMm)} (custom size)`;
    addHandoff(
      ctx,
      `${formatSize(widthMm, dropMm)} is over our ${CUSTOM_SIZE_THRESHOLD_MM} mm limit, so it would be a custom-made size. Please contact our team for a custom quote:`,
    );
    return;
  }
  if (result.contactRequired) {
    ctx.lastQuote = `${name} ${formatSize(widthMm, dropMm)} (over product maximum)`;
    addHandoff(ctx, `${result.message} You can reach the team here:`);
    return;
  }
  ctx.parts.push(`That size is too small for this blind. ${result.message}`);
}

async function answerFromPrice(ctx: Ctx, productId: string): Promise<void> {
  const grid = await gridForProduct(ctx.db, productId);
  const first = grid?.pricesCents[0]?.[0];
  if (!grid || first === undefined) return;
  ctx.features.add('pricing');
  ctx.parts.push(
    `Prices start at ${formatRandFromCents(first)} (incl. VAT) for ${formatSize(grid.widthsMm[0]!, grid.dropsMm[0]!)}. ` +
      `Send me your width and drop (e.g. 1200 x 1500 mm) and I'll give you the exact price.`,
  );
}

function describeProduct(ctx: Ctx, productId: string): void {
  const p = ctx.catalogue.byKey(productId);
  if (!p) return;
  ctx.features.add('product-knowledge');
  const feats = p.features.slice(0, 3).join('; ');
  ctx.parts.push(`${p.name}: ${p.description} Highlights: ${feats}.`);
}

async function answerColours(ctx: Ctx, productId: string): Promise<void> {
  const { product, colours } = await coloursForProduct(ctx.db, productId);
  ctx.features.add('colours');
  if (colours.length === 0) {
    addHandoff(ctx, `I don't have the colour range for the ${product.name} on file; our team can send it:`);
    return;
  }
  const names = colours.map((c) => c.name);
  ctx.parts.push(`The ${product.name} comes in ${names.length} colours: ${names.join(', ')}.`);
  ctx.parts.push(SWATCH_NOTE);
}

async function answerRecommendation(ctx: Ctx, needs: Need[], size: { widthMm: number; dropMm: number } | null): Promise<string | undefined> {
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

function answerMeasuring(ctx: Ctx, t: string): void {
  ctx.features.add('measuring-guide');
  // The same rules the tape-measure guide prints (shared/measuring-rules.ts), and the guide's address.
  const general = 'Use a steel tape, measure in millimetres, and always give width first, then drop.';
  const guide = `Our tape-measure guide, with drawings and what our factory takes off for each blind, is at ${MEASURING_GUIDE_PATH} (you can print it).`;
  if (/\b(inside|recess)\b/.test(t) && !/\b(outside|face ?fix)\b/.test(t)) ctx.parts.push(`${INSIDE_RECESS_RULE} ${general} ${guide}`);
  else if (/\b(outside|face ?fix)\b/.test(t) && !/\b(inside|recess)\b/.test(t)) ctx.parts.push(`${FACE_FIX_RULE} ${general} ${guide}`);
  else ctx.parts.push(`${general}\n• ${INSIDE_RECESS_RULE}\n• ${FACE_FIX_RULE}\n${guide}`);
}

function answerBusiness(ctx: Ctx, t: string, asksOrder: boolean): boolean {
  const facts: string[] = [];
  if (/\bvat\b|\btax\b|incl(usive|uding)?\b/.test(t)) facts.push('All our prices include 15% VAT.');
  if (/\b(how long|lead ?time|turn ?around|production|processing|when will|how soon|ready|manufactur\w*|take to make|weeks?|days?)\b/.test(t)) {
    facts.push('Orders take 1-2 business days to process, then 7-10 business days in production, before courier delivery.');
  }
  if (asksOrder) return false;
  if (/\b(deliver\w*|courier|shipping|ship|postage)\b/.test(t)) facts.push('We deliver by courier within our service area.');
  if (/\bquotes?\b.*\b(valid|expire|expiry|last|long|good for)\b|\bvalid\w*\b/.test(t)) facts.push('Our quotes are valid for 30 days.');
  if (/\bwhere (are|do|is) (you|your)\b|\b(area|areas|region|garden route|mossel bay|george|knysna|plett\w*|wilderness|sedgefield|oudtshoorn|national\w*|nationwide|johannesburg|joburg|cape town|durban|pretoria|gauteng|site visits?|come out|come and measure|visits?)\b/.test(t)) {
    facts.push(
      'We offer a local service along the Garden Route, from Mossel Bay to Plettenberg Bay, including site visits to measure and advise. Elsewhere in South Africa we help you online: measure, get a quote and order on our website.',
    );
  }
  if (facts.length === 0) return false;
  ctx.features.add('business-info');
  ctx.parts.push(facts.join(' '));
  return true;
}

// ---------------------------------------------------------------------------
// The consultant
// ---------------------------------------------------------------------------

function lastFromHistory<T>(history: ChatTurn[], pick: (text: string) => T | null): T | null {
  for (let i = history.length - 1; i >= 0; i--) {
    const turn = history[i]!;
    if (turn.role !== 'user') continue;
    const found = pick(turn.content);
    if (found) return found;
  }
  return null;
}

const RE = {
  human: /\b(speak|talk|chat) (to|with) (a |an |someone|somebody|person|human|real|consultant|agent|sales)|\b(real person|human|a person|someone real|call me|call you|phone number|contact (you|details|number)|whats ?app|consultant|agent|manager)\b/,
  order: /\b(my order|order status|status of (my )?order|track(ing)?|where is my|order (number|reference|ref)|has my order|delivery status|cb-?[a-z0-9]{6,16})\b/,
  colours: /\bcolou?rs?\b|\bshades? (do|does|are|available)\b|\bfinish(es)?\b|\bswatch(es)?\b/,
  measuring: /\bmeasur\w*|\brecess\b|\bface ?fix\w*|\binside mount\b|\boutside mount\b/,
  price: /\b(price|prices|pricing|cost|costs|how much|quote|quotation|rand|expensive|r ?\d)\b/,
  recommendAsk: /\b(recommend\w*|suggest\w*|best|which|what (should|would|do you|blind|kind|type)|ideal|good for|need something|options?|advice|advise|help me choose)\b/,
  greeting: /^\s*(hi|hello|hey|howzit|hallo|good (morning|afternoon|evening)|molo|sawubona)\b/,
  thanks: /\b(thanks|thank you|cheers|dankie|appreciate)\b/,
  productInfo: /\b(what is|what's|what are|tell me about|difference|explain|info|information|describe|features?)\b/,
};

export async function answerBuiltIn(input: BuiltInInput): Promise<BuiltInAnswer> {
  const { message, history, deps } = input;
  const memory: ConsultantMemory = { ...input.memory };
  const t = message.toLowerCase().replace(/\u00a0/g, ' ').replace(/[’`]/g, "'");
  const catalogue = await productCatalogue(deps.db);
  const ctx: Ctx = { db: deps.db, catalogue, contact: deps.contact, parts: [], features: new Set(), memory, handoffShown: false };
  const productIn = (text: string) => matchProduct(text, catalogue.products);

  // What this message says, and what the conversation already knows.
  const details = parseContactDetails(message);
  const sizeInMsg = parseSize(message);
  const productInMsg = productIn(message);
  const needs = detectNeeds(t);
  if (!memory.productId) memory.productId = lastFromHistory(history, productIn) ?? undefined;
  if (memory.widthMm === undefined || memory.dropMm === undefined) {
    const fromHistory = lastFromHistory(history, parseSize);
    if (fromHistory) {
      memory.widthMm = fromHistory.widthMm;
      memory.dropMm = fromHistory.dropMm;
    }
  }
  if (sizeInMsg) {
    memory.widthMm = sizeInMsg.widthMm;
    memory.dropMm = sizeInMsg.dropMm;
  }
  const size = memory.widthMm !== undefined && memory.dropMm !== undefined ? { widthMm: memory.widthMm, dropMm: memory.dropMm } : null;
  const hasContact = Boolean(details.email || details.phone || details.name);
  if (details.name) memory.name = details.name;
  if (details.email) memory.email = details.email;
  if (details.phone) memory.phone = details.phone;

  const asksHuman = RE.human.test(t);
  const asksOrder = RE.order.test(t);
  const asksColours = RE.colours.test(t);
  const asksMeasuring = RE.measuring.test(t) && !(sizeInMsg && !/\bhow\b/.test(t));
  const asksValidity = /\bquotes?\b.*\b(valid|expire|expiry|last|good for)\b/.test(t);
  const asksPrice = RE.price.test(t) && !asksValidity;
  const asksRecommendation = needs.length > 0 && (!productInMsg || RE.recommendAsk.test(t)) && !asksColours;

  // 0. Spec section 9: any dimension over 3000 mm is made to order, also when only one side is given
  // ('a roller blind 3500 mm wide'): refer to the team rather than describe the product.
  const oneSide = sizeInMsg ? null : parseSingleDimension(message);
  const oversize = oneSide !== null && oneSide.mm > CUSTOM_SIZE_THRESHOLD_MM;
  if (oversize) {
    ctx.features.add('pricing');
    addHandoff(
      ctx,
      `A ${oneSide.side} of ${oneSide.mm} mm is over ${CUSTOM_SIZE_THRESHOLD_MM} mm, so it is made to order and our team quotes it personally (including whether it should be split into two blinds). Send them the width and drop:`,
    );
  }

  // 1. Order status: read from the order itself when the customer gives its reference.
  if (asksOrder) await answerOrderStatus(ctx, message);

  // 2. Recommendations by room and need.
  if (asksRecommendation) {
    const pick = await answerRecommendation(ctx, needs, size);
    if (!productInMsg && pick) memory.productId = pick;
  }

  // 3. Prices: a size and a product, from this message or earlier in the chat.
  const product = productInMsg ?? memory.productId ?? null;
  if (productInMsg) memory.productId = productInMsg;
  const wantsPrice = Boolean(sizeInMsg) || (productInMsg !== null && size !== null && !asksColours) || asksPrice;
  let priced = false;
  let genericPricePrompt = false;
  if (!asksRecommendation && wantsPrice && !asksOrder) {
    if (product && size) {
      await answerPrice(ctx, product, size.widthMm, size.dropMm);
      priced = true;
    } else if (size) {
      ctx.features.add('pricing');
      ctx.parts.push(
        `Got it, ${formatSize(size.widthMm, size.dropMm)}. Which blind would you like priced? For example a roller blockout, sheer roller, aluminium venetian, wooden venetian, vertical, honeycomb, zebra or outdoor blind.`,
      );
    } else if (product && asksPrice) {
      await answerFromPrice(ctx, product);
    } else if (asksPrice && !hasContact) {
      genericPricePrompt = true;
    }
  }

  // 4. Colours of the product named or under discussion.
  if (asksColours) {
    if (product) await answerColours(ctx, product);
    else {
      ctx.features.add('colours');
      ctx.parts.push('Which blind would you like the colours for? For example roller blockout, aluminium venetian or outdoor blinds.');
    }
  }

  // 5. Product knowledge when a product is named without a size.
  if (productInMsg && !oversize && !priced && !asksColours && !asksRecommendation && (!size || RE.productInfo.test(t))) {
    describeProduct(ctx, productInMsg);
    if (!asksPrice) await answerFromPrice(ctx, productInMsg);
  }

  // 6. Measuring and business facts.
  if (asksMeasuring) answerMeasuring(ctx, t);
  const answeredBusiness = answerBusiness(ctx, t, asksOrder);
  if (genericPricePrompt && !answeredBusiness && !asksMeasuring) {
    ctx.features.add('pricing');
    ctx.parts.push(
      "I can price any of our blinds exactly. Tell me which blind and your window's width and drop (e.g. roller blockout, 1200 x 1500 mm).",
    );
  }

  // 7. Contact details: capture the lead once per conversation.
  if (hasContact) {
    const first = memory.name ? memory.name.split(' ')[0] : undefined;
    if (memory.leadId) {
      ctx.parts.push(`Thanks${first ? `, ${first}` : ''}! I've noted that for our team.`);
    } else if (memory.name && (memory.email || memory.phone)) {
      const quote = ctx.lastQuote ?? (await quoteSummary(ctx, memory));
      const notes = `Chat: asked about ${quote ?? 'blinds (no product or size given yet)'}`;
      memory.leadId = await captureLead(deps.leads ?? { db: deps.db, notice: null }, {
        name: memory.name,
        email: memory.email ?? null,
        phone: memory.phone ?? null,
        whatsapp: null,
        location: null,
        source: 'chat',
        productInterest: memory.productId ? productName(ctx, memory.productId) : null,
        sessionData: {
          blindType: memory.productId ?? null,
          dimensions: memory.widthMm !== undefined ? { width_mm: memory.widthMm, drop_mm: memory.dropMm ?? null, sizeSource: 'customer' } : null,
          channel: 'chat',
        },
        notes,
        popiaConsent: false,
      });
      ctx.features.add('lead-capture');
      ctx.parts.push(`Thanks, ${first}! I've passed your details to our team and they'll be in touch within 24 hours.`);
    } else if (memory.name) {
      ctx.parts.push(`Nice to meet you, ${first}! If you leave an e-mail address or phone number, our team can send you a quote.`);
    } else {
      ctx.parts.push('Thanks! May I have your name too, so our team knows who to ask for?');
    }
  }

  // 8. A person, when asked.
  if (asksHuman) addHandoff(ctx, 'Of course, our team will gladly help:');

  // 9. Greetings, thanks, or a helpful fallback.
  if (ctx.parts.length === 0) {
    if (RE.greeting.test(t)) {
      ctx.parts.push(
        `Hi there! I'm ${deps.contact.assistantName}, the ${deps.contact.businessName} assistant. I can recommend blinds for any room, give you an exact price for your size, show colours and explain how to measure. What are you looking for?`,
      );
    } else if (RE.thanks.test(t)) {
      ctx.parts.push("It's a pleasure! Anything else I can help with?");
    } else {
      ctx.parts.push(
        "Sorry, I'm not sure I understood that. I can recommend blinds, shutters and awnings, give exact prices for your window size, list colours and explain measuring.",
      );
      addHandoff(ctx, 'Or chat to a person:');
    }
  }

  return { response: ctx.parts.join('\n\n'), features: [...ctx.features], memory };
}

/** What the conversation has settled on, for the lead notes. */
async function quoteSummary(ctx: Ctx, memory: ConsultantMemory): Promise<string | null> {
  if (!memory.productId) return null;
  const name = productName(ctx, memory.productId);
  if (memory.widthMm === undefined || memory.dropMm === undefined) return name;
  const grid = await gridForProduct(ctx.db, memory.productId);
  const r = grid ? priceForSize(grid, memory.widthMm, memory.dropMm) : null;
  const size = formatSize(memory.widthMm, memory.dropMm);
  return r?.ok ? `${name} ${size} (${formatRandFromCents(r.priceCents)})` : `${name} ${size}`;
}

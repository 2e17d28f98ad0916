// The built-in consultant: always available, used when no AI key is set. It answers only from
// D1 (catalogue, colours) and the pricing engine, so it never invents products, colours or prices.
// Deterministic: the same message, history and memory give the same reply.
import { captureLead } from '../leads';
import { CUSTOM_SIZE_THRESHOLD_MM, gridForProduct, priceForSize } from '../pricing';
import { productCatalogue } from '../product-catalog';
import {
  addHandoff,
  answerBusiness,
  answerColours,
  answerFromPrice,
  answerMeasuring,
  answerOrderStatus,
  answerPrice,
  describeProduct,
  productName,
  type Ctx,
} from './answers';
import { parseContactDetails } from './contact-details';
import { formatRandFromCents } from '../../shared/money';
import { answerRecommendation, detectNeeds } from './needs';
import { formatSize, parseSingleDimension, parseSize, type ParsedSize } from './parse-size';
import { matchProduct } from './product-match';
import type { BuiltInAnswer, BuiltInInput, ChatTurn, ConsultantDeps, ConsultantMemory } from './types';

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
  human:
    /\b(speak|talk|chat) (to|with) (a |an |someone|somebody|person|human|real|consultant|agent|sales)|\b(real person|human|a person|someone real|call me|call you|phone number|contact (you|details|number)|whats ?app|consultant|agent|manager)\b/,
  order:
    /\b(my order|order status|status of (my )?order|track(ing)?|where is my|order (number|reference|ref)|has my order|delivery status|cb-?[a-z0-9]{6,16})\b/,
  colours: /\bcolou?rs?\b|\bshades? (do|does|are|available)\b|\bfinish(es)?\b|\bswatch(es)?\b/,
  measuring: /\bmeasur\w*|\brecess\b|\bface ?fix\w*|\binside mount\b|\boutside mount\b/,
  price: /\b(price|prices|pricing|cost|costs|how much|quote|quotation|rand|expensive|r ?\d)\b/,
  recommendAsk:
    /\b(recommend\w*|suggest\w*|best|which|what (should|would|do you|blind|kind|type)|ideal|good for|need something|options?|advice|advise|help me choose)\b/,
  greeting: /^\s*(hi|hello|hey|howzit|hallo|good (morning|afternoon|evening)|molo|sawubona)\b/,
  thanks: /\b(thanks|thank you|cheers|dankie|appreciate)\b/,
  productInfo: /\b(what is|what's|what are|tell me about|difference|explain|info|information|describe|features?)\b/,
};

export async function answerBuiltIn(input: BuiltInInput): Promise<BuiltInAnswer> {
  const { message, history, deps } = input;
  const memory: ConsultantMemory = { ...input.memory };
  const t = message
    .toLowerCase()
    .replace(/\u00a0/g, ' ')
    .replace(/[’`]/g, "'");
  const catalogue = await productCatalogue(deps.db);
  const ctx: Ctx = { db: deps.db, catalogue, contact: deps.contact, parts: [], features: new Set(), memory, handoffShown: false };
  const productIn = (text: string) => matchProduct(text, catalogue.products);

  // What this message says, and what the conversation already knows.
  const details = parseContactDetails(message);
  const sizeInMsg = parseSize(message);
  const productInMsg = productIn(message);
  const needs = detectNeeds(t);
  recallFromHistory(memory, history, productIn, sizeInMsg);
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
  const oversize = referOversize(ctx, message, sizeInMsg);

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
  const { priced, genericPricePrompt } = await answerPrices(ctx, {
    product,
    size,
    sizeInMsg,
    productInMsg,
    asksColours,
    asksPrice,
    asksOrder,
    asksRecommendation,
    hasContact,
  });

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
  if (hasContact) await takeContact(ctx, memory, deps);

  // 8. A person, when asked.
  if (asksHuman) addHandoff(ctx, 'Of course, our team will gladly help:');

  // 9. Greetings, thanks, or a helpful fallback.
  if (ctx.parts.length === 0) greetOrOffer(ctx, t, deps);

  return { response: ctx.parts.join('\n\n'), features: [...ctx.features], memory };
}

/** The product and size the conversation has settled on: this message's size first, else the latest the customer gave. */
function recallFromHistory(
  memory: ConsultantMemory,
  history: ChatTurn[],
  productIn: (text: string) => string | null,
  sizeInMsg: ParsedSize | null,
): void {
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
}

/** Refers a made-to-order size to the team; true when it did. */
function referOversize(ctx: Ctx, message: string, sizeInMsg: ParsedSize | null): boolean {
  const oneSide = sizeInMsg ? null : parseSingleDimension(message);
  const oversize = oneSide !== null && oneSide.mm > CUSTOM_SIZE_THRESHOLD_MM;
  if (oversize) {
    ctx.features.add('pricing');
    addHandoff(
      ctx,
      `A ${oneSide.side} of ${oneSide.mm} mm is over ${CUSTOM_SIZE_THRESHOLD_MM} mm, so it is made to order and our team quotes it personally (including whether it should be split into two blinds). Send them the width and drop:`,
    );
  }
  return oversize;
}

interface PriceQuestion {
  product: string | null;
  size: ParsedSize | null;
  sizeInMsg: ParsedSize | null;
  productInMsg: string | null;
  asksColours: boolean;
  asksPrice: boolean;
  asksOrder: boolean;
  asksRecommendation: boolean;
  hasContact: boolean;
}

/** The price of the product and size under discussion, or the question that gets to one. */
async function answerPrices(ctx: Ctx, q: PriceQuestion): Promise<{ priced: boolean; genericPricePrompt: boolean }> {
  const { product, size, sizeInMsg, productInMsg, asksColours, asksPrice, asksOrder, asksRecommendation, hasContact } = q;
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
  return { priced, genericPricePrompt };
}

/** Captures the lead once per conversation, or asks for what is still missing. */
async function takeContact(ctx: Ctx, memory: ConsultantMemory, deps: ConsultantDeps): Promise<void> {
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
        dimensions:
          memory.widthMm !== undefined ? { width_mm: memory.widthMm, drop_mm: memory.dropMm ?? null, sizeSource: 'customer' } : null,
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

/** A greeting, thanks, or a helpful fallback when nothing else was answered. */
function greetOrOffer(ctx: Ctx, t: string, deps: ConsultantDeps): void {
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

// The built-in consultant: always available, used when no AI key is set. It answers only from
// D1 (catalogue, colours) and the pricing engine, so it never invents products, colours or prices.
// Deterministic: the same message, history and memory give the same reply.
import { CUSTOM_SIZE_THRESHOLD_MM } from '../pricing';
import { productCatalogue } from '../product-catalog';
import { addHandoff, answerColours, answerFromPrice, answerMeasuring, answerOrderStatus, describeProduct, type Ctx } from './answers';
import { answerAvailability, askedColour, asksAvailability } from './availability';
import { parseContactDetails } from './contact-details';
import { handleContact, handToPerson, personReason } from './contact-flow';
import { AFRIKAANS_NOTE, readMessage } from './language';
import { parseWindows, quantityForSameSize } from './multi-window';
import { answerRecommendation, detectNeeds } from './needs';
import { parseSingleDimension, parseSize, type ParsedSize } from './parse-size';
import { answerOptions, answerPolicies, answerSamples } from './policy-answers';
import { answerPrices, answerWindows, quoteSummary } from './quote-answers';
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

/** How many turns a product named earlier still counts as the one under discussion. */
const PRODUCT_CONTEXT_TURNS = 2;

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
  // Afrikaans words are read as their English meaning; the answer is in English and says so.
  const { text: t, afrikaans } = readMessage(message);
  const catalogue = await productCatalogue(deps.db);
  const ctx: Ctx = { db: deps.db, catalogue, contact: deps.contact, parts: [], features: new Set(), memory, handoffShown: false };
  const productIn = (text: string) => matchProduct(readMessage(text).text, catalogue.products);
  const turn = { message, history, deps, quote: null as string | null };

  // What this message says, and what the conversation already knows.
  const details = parseContactDetails(message);
  const sizeInMsg = parseSize(t);
  const parsedWindows = parseWindows(t);
  const productInMsg = productIn(message);
  const needs = detectNeeds(t);
  recallFromHistory(memory, history, productIn, sizeInMsg, productInMsg);
  const size = memory.widthMm !== undefined && memory.dropMm !== undefined ? { widthMm: memory.widthMm, dropMm: memory.dropMm } : null;
  // 'make it 3 of those': the size under discussion, several times.
  const sameSize = !parsedWindows && !sizeInMsg && size ? quantityForSameSize(t) : null;
  const windows = parsedWindows ?? (sameSize && size ? [{ ...size, quantity: sameSize }] : null);
  if (windows) memory.windows = windows;
  else if (sizeInMsg) memory.windows = undefined;
  const hasContact = Boolean(details.email || details.phone || details.name);

  const asksHuman = RE.human.test(t);
  const asksOrder = RE.order.test(t);
  const asksAvailable = asksAvailability(t);
  // 'and in white?' after a product: a short message that names a colour asks whether it comes in it.
  const colourWord = askedColour(t, []) !== null;
  const asksColours = RE.colours.test(t) || (colourWord && (asksAvailable || t.split(/\s+/).length <= 5));
  const asksMeasuring = RE.measuring.test(t) && !(sizeInMsg && !/\bhow\b/.test(t));
  const asksValidity = /\bquotes?\b.*\b(valid|expire|expiry|last|good for)\b/.test(t);
  const asksPrice = RE.price.test(t) && !asksValidity;
  const asksRecommendation = needs.length > 0 && (!productInMsg || RE.recommendAsk.test(t)) && !asksColours && !windows;
  const problem = personReason(t);

  // A reply to the consent question comes first: it is what the customer is answering.
  if (memory.consentAsked && (await handleContact(ctx, t, false, { ...turn, quote: await quoteSummary(ctx) })))
    return finish(ctx, afrikaans);

  // Complaints and damage go to a person, with the conversation (no sales talk in the same reply).
  if (problem) {
    if (asksOrder) await answerOrderStatus(ctx, message);
    await handToPerson(ctx, problem, { ...turn, quote: await quoteSummary(ctx) });
    return finish(ctx, afrikaans);
  }

  // 0. Spec section 9: any dimension over 3000 mm is made to order, also when only one side is given
  // ('a roller blind 3500 mm wide'): refer to the team rather than describe the product.
  const oversize = referOversize(ctx, t, sizeInMsg);

  // 1. Order status: read from the order itself when the customer gives its reference.
  if (asksOrder) await answerOrderStatus(ctx, message);

  // 2. Recommendations by room and need.
  if (asksRecommendation) {
    const pick = await answerRecommendation(ctx, needs, size);
    if (!productInMsg && pick) memory.productId = pick;
  }

  // 3. Prices: several windows, or one size and a product, from this message or earlier in the chat.
  const product = productInMsg ?? memory.productId ?? null;
  if (productInMsg) memory.productId = productInMsg;
  // The windows priced earlier are priced again in a newly named product ('and in roller blockout?'),
  // but not when the customer only asks whether it comes in a colour: that gets its yes or no first.
  const onlyAvailability = asksAvailability(t) && !asksPrice;
  const pendingWindows = !sizeInMsg && productInMsg && memory.windows && !onlyAvailability ? memory.windows : null;
  let outcome = { priced: true, genericPricePrompt: false };
  if ((windows || pendingWindows) && !asksOrder && !oversize) {
    await answerWindows(ctx, product, windows ?? pendingWindows!, askedColour(t, []));
  } else {
    outcome = await answerPrices(ctx, {
      product,
      size,
      sizeInMsg,
      productInMsg,
      asksColours: asksColours && !asksPrice,
      asksPrice,
      asksOrder,
      asksRecommendation,
      hasContact,
      message: t,
    });
  }
  const { priced, genericPricePrompt } = outcome;

  // 4. Colours of the product named or under discussion: yes or no first when a colour is asked about.
  let answeredColour = false;
  if (asksColours || (priced && product)) {
    if (product) answeredColour = await answerAvailability(ctx, product, t);
    if (!answeredColour && asksColours) {
      if (product) await answerColours(ctx, product);
      else {
        ctx.features.add('colours');
        ctx.parts.push('Which blind would you like the colours for? For example roller blockout, aluminium venetian or outdoor blinds.');
      }
    }
  }

  answerSamples(ctx, t);

  // 5. Options (motor, chain side) and product knowledge when a product is named without a size.
  const answeredOption = answerOptions(ctx, t, product);
  if (productInMsg && !answeredOption && !oversize && !priced && !asksColours && !asksRecommendation && (!size || RE.productInfo.test(t))) {
    describeProduct(ctx, productInMsg);
    if (!asksPrice) await answerFromPrice(ctx, productInMsg);
  }

  // 6. Measuring and the shop's policies (payment, delivery, lead times, guarantee, returns).
  if (asksMeasuring) answerMeasuring(ctx, t);
  const answeredBusiness = answerPolicies(ctx, t, asksOrder);
  if (genericPricePrompt && !answeredBusiness && !asksMeasuring) {
    ctx.features.add('pricing');
    ctx.parts.push(
      "I can price any of our blinds exactly. Tell me which blind and your window's width and drop (e.g. roller blockout, 1200 x 1500 mm).",
    );
  }

  // 7. Contact details: consent first, then the lead.
  if (hasContact) await handleContact(ctx, t, true, { ...turn, quote: await quoteSummary(ctx) });

  // 8. A person, when asked.
  if (asksHuman) addHandoff(ctx, 'Of course, our team will gladly help:');

  // 9. Greetings, thanks, or one clarifying question; a second miss goes to a person.
  if (ctx.parts.length === 0) await greetOrClarify(ctx, t, deps, turn);
  else memory.unclearTurns = 0;

  return finish(ctx, afrikaans);
}

function finish(ctx: Ctx, afrikaans: boolean): BuiltInAnswer {
  const parts = afrikaans ? [AFRIKAANS_NOTE, ...ctx.parts] : ctx.parts;
  return { response: parts.join('\n\n'), features: [...ctx.features], memory: ctx.memory };
}

/** The product and size the conversation has settled on: this message's first, else the latest the customer gave. */
function recallFromHistory(
  memory: ConsultantMemory,
  history: ChatTurn[],
  productIn: (text: string) => string | null,
  sizeInMsg: ParsedSize | null,
  productInMsg: string | null,
): void {
  // A product carries over only while the customer still talks about it: for the next two turns.
  if (productInMsg) memory.productAge = 0;
  else if (memory.productId) {
    memory.productAge = (memory.productAge ?? 0) + 1;
    if (memory.productAge > PRODUCT_CONTEXT_TURNS) memory.productId = undefined;
  } else if (history.length > 0 && memory.productAge === undefined) {
    // No memory passed (an older session): the last product named in the latest user turns.
    const recent = history.filter((h) => h.role === 'user').slice(-PRODUCT_CONTEXT_TURNS);
    memory.productId = lastFromHistory(recent, productIn) ?? undefined;
    memory.productAge = 1;
  }
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

/** A greeting, thanks, or one clarifying question; after it, a question Melvin cannot answer goes to a person. */
async function greetOrClarify(ctx: Ctx, t: string, deps: ConsultantDeps, turn: Parameters<typeof handToPerson>[2]): Promise<void> {
  if (RE.greeting.test(t)) {
    ctx.parts.push(
      `Hi there! I'm ${deps.contact.assistantName}, the ${deps.contact.businessName} assistant. I can recommend blinds for any room, give you an exact price for your size, show colours and explain how to measure. What are you looking for?`,
    );
  } else if (RE.thanks.test(t)) {
    ctx.parts.push("It's a pleasure! Anything else I can help with?");
  } else if ((ctx.memory.unclearTurns ?? 0) >= 1) {
    ctx.memory.unclearTurns = 0;
    await handToPerson(ctx, 'unanswered', { ...turn, quote: await quoteSummary(ctx) });
  } else {
    ctx.memory.unclearTurns = 1;
    ctx.parts.push(
      "Sorry, I'm not sure I understood that. Could you tell me a bit more? I can recommend blinds, shutters and awnings, give exact prices for your window sizes, check colours, explain measuring, payment and delivery, or check an order.",
    );
    addHandoff(ctx, 'Or chat to a person:');
  }
}

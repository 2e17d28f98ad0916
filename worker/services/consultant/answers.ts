// Answer pieces of the built-in consultant: each adds its paragraph (and feature) to the reply being built.
import { coloursForProduct } from '../catalog';
import { SAMPLE_PRICES_NOTE } from '../../shared/sample-prices';
import { CUSTOM_SIZE_THRESHOLD_MM, gridForProduct } from '../pricing';
import { optionsForProduct, priceWithOptions, type PriceWithOptions } from '../product-options';
import { AppError } from '../../lib/errors';
import { describeOptions } from '../../shared/product-options';
import { optionsInMessage } from './option-words';
import type { ProductCatalogue } from '../product-catalog';
import { FACE_FIX_RULE, INSIDE_RECESS_RULE, MEASURING_GUIDE_PATH } from '../../shared/measuring-rules';
import { formatRandFromCents } from '../../shared/money';
import { describeOrderStatus, findOrderReference, orderStatusFacts } from './order-status';
import { formatSize } from './parse-size';
import { SWATCH_NOTE } from '../../shared/swatch-note';
import type { ConsultantContact, ConsultantFeature, ConsultantMemory } from './types';
import { estimateFor } from '../delivery-estimate';
import { formatDay, SAMPLE_LEAD_TIME_NOTE } from '../../shared/delivery-dates';

export interface Ctx {
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

export function addHandoff(ctx: Ctx, lead: string): void {
  if (ctx.handoffShown) return;
  ctx.handoffShown = true;
  ctx.parts.push(`${lead} ${handoffText(ctx.contact)}`);
  ctx.features.add('human-handoff');
}

export function productName(ctx: Ctx, id: string): string {
  return ctx.catalogue.byKey(id)?.name ?? id;
}

function isAwning(id: string): boolean {
  return id.startsWith('awning-');
}

export async function answerOrderStatus(ctx: Ctx, message: string): Promise<void> {
  ctx.features.add('order-tracking');
  const reference = findOrderReference(message);
  if (!reference) {
    ctx.parts.push(
      "I can check an order for you: please send its reference, which starts with 'CB-' (it is on your order confirmation and e-mail).",
    );
    return;
  }
  const facts = await orderStatusFacts(ctx.db, reference);
  if (!facts) {
    addHandoff(
      ctx,
      `I couldn't find an order with reference ${reference}. Please check the reference on your confirmation e-mail, or contact our team:`,
    );
    return;
  }
  ctx.parts.push(describeOrderStatus(facts));
}

/** ' If ordered today, ...': the dispatch date and both ways it arrives (delivery-dates.ts), as the calculator shows them. */
async function datesIfOrderedToday(ctx: Ctx, productId: string): Promise<string> {
  const [courier, fitted] = await Promise.all([
    estimateFor(ctx.db, { productIds: [productId], method: 'courier' }),
    estimateFor(ctx.db, { productIds: [productId], method: 'installation' }),
  ]);
  if (!courier || !fitted) return '';
  const sample = courier.sampleLeadTime ? ` (dates ${SAMPLE_LEAD_TIME_NOTE})` : '';
  return ` If ordered today, we expect to dispatch it by ${formatDay(courier.dispatchBy)}: by courier it arrives between ${formatDay(courier.arrivesFrom)} and ${formatDay(courier.arrivesBy)}, or along the Garden Route our team installs it by ${formatDay(fitted.arrivesBy)}${sample}.`;
}

/**
 * The price of one product at a size; a shutter or awning with the options the message names
 * (louvre, frame, panels, motor) and the width's defaults for the rest, said in the answer.
 */
export async function answerPrice(ctx: Ctx, productId: string, widthMm: number, dropMm: number, message = ''): Promise<void> {
  ctx.features.add('pricing');
  const grid = await gridForProduct(ctx.db, productId);
  const name = productName(ctx, productId);
  const sizeText = isAwning(productId) ? `${widthMm} mm wide with a ${dropMm} mm projection` : formatSize(widthMm, dropMm);
  if (!grid) {
    addHandoff(ctx, `I don't have a price list for the ${name} yet, so our team will quote it for you:`);
    return;
  }
  let result: PriceWithOptions;
  try {
    result = await priceWithOptions(
      ctx.db,
      grid,
      widthMm,
      dropMm,
      optionsInMessage(await optionsForProduct(ctx.db, grid.productId), message),
    );
  } catch (err) {
    // A panel count the width does not allow: the same words the calculator shows.
    if (!(err instanceof AppError)) throw err;
    ctx.parts.push(err.message);
    return;
  }
  if (result.ok) {
    const price = formatRandFromCents(result.priceCents);
    const options = describeOptions(result.options);
    const withOptions = options ? ` (${options})` : '';
    ctx.lastQuote = `${name} ${formatSize(widthMm, dropMm)}${withOptions} (${price})`;
    const band =
      result.widthBandMm !== widthMm || result.dropBandMm !== dropMm
        ? ` It's priced on our next size up, ${formatSize(result.widthBandMm, result.dropBandMm)}.`
        : '';
    ctx.parts.push(
      `${/^[aeiou]/i.test(name) ? 'An' : 'A'} ${name} at ${sizeText}${withOptions} is ${price}, including 15% VAT.${band}` +
        (options ? ' The other options and what each adds are in the quote calculator.' : '') +
        (result.isSample ? ` ${SAMPLE_PRICES_NOTE}` : '') +
        (await datesIfOrderedToday(ctx, productId)),
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

export async function answerFromPrice(ctx: Ctx, productId: string): Promise<void> {
  const grid = await gridForProduct(ctx.db, productId);
  const first = grid?.pricesCents[0]?.[0];
  if (!grid || first === undefined) return;
  ctx.features.add('pricing');
  ctx.parts.push(
    `Prices start at ${formatRandFromCents(first)} (incl. VAT) for ${formatSize(grid.widthsMm[0]!, grid.dropsMm[0]!)}. ` +
      `Send me your width and drop (e.g. 1200 x 1500 mm) and I'll give you the exact price.`,
  );
}

export function describeProduct(ctx: Ctx, productId: string): void {
  const p = ctx.catalogue.byKey(productId);
  if (!p) return;
  ctx.features.add('product-knowledge');
  const feats = p.features.slice(0, 3).join('; ');
  ctx.parts.push(`${p.name}: ${p.description} Highlights: ${feats}.`);
}

export async function answerColours(ctx: Ctx, productId: string): Promise<void> {
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

export function answerMeasuring(ctx: Ctx, t: string): void {
  ctx.features.add('measuring-guide');
  // The same rules the tape-measure guide prints (shared/measuring-rules.ts), and the guide's address.
  const general = 'Use a steel tape, measure in millimetres, and always give width first, then drop.';
  const guide = `Our tape-measure guide, with drawings and what our factory takes off for each blind, is at ${MEASURING_GUIDE_PATH} (you can print it).`;
  if (/\b(inside|recess)\b/.test(t) && !/\b(outside|face ?fix)\b/.test(t)) ctx.parts.push(`${INSIDE_RECESS_RULE} ${general} ${guide}`);
  else if (/\b(outside|face ?fix)\b/.test(t) && !/\b(inside|recess)\b/.test(t)) ctx.parts.push(`${FACE_FIX_RULE} ${general} ${guide}`);
  else ctx.parts.push(`${general}\n• ${INSIDE_RECESS_RULE}\n• ${FACE_FIX_RULE}\n${guide}`);
}

// Prices in the built-in consultant: one blind, or several windows from one message priced line by
// line with a total (the server's pricing engine), offered as a quote the customer opens in the
// calculator with the sizes filled in (/quote-calculator?blinds=..., read by the calculator page).
import { CUSTOM_SIZE_THRESHOLD_MM, gridForProduct, priceForSize } from '../pricing';
import { formatRandFromCents } from '../../shared/money';
import { SAMPLE_PRICES_NOTE } from '../../shared/sample-prices';
import { chatQuotePath } from '../../shared/chat-quote-link';
import { answerFromPrice, answerPrice, productName, type Ctx } from './answers';
import type { WindowLine } from './multi-window';
import { formatSize, type ParsedSize } from './parse-size';

export interface PriceQuestion {
  product: string | null;
  size: ParsedSize | null;
  sizeInMsg: ParsedSize | null;
  productInMsg: string | null;
  asksColours: boolean;
  asksPrice: boolean;
  asksOrder: boolean;
  asksRecommendation: boolean;
  hasContact: boolean;
  /** The customer's message: a shutter's or awning's options named in it are priced. */
  message?: string;
}

const WHICH_BLIND =
  'Which blind would you like priced? For example a roller blockout, sheer roller, aluminium venetian, wooden venetian, vertical, honeycomb, zebra or outdoor blind.';

/** The price of the product and size under discussion, or the question that gets to one. */
export async function answerPrices(ctx: Ctx, q: PriceQuestion): Promise<{ priced: boolean; genericPricePrompt: boolean }> {
  const { product, size, sizeInMsg, productInMsg, asksColours, asksPrice, asksOrder, asksRecommendation, hasContact } = q;
  const wantsPrice = Boolean(sizeInMsg) || (productInMsg !== null && size !== null && !asksColours) || asksPrice;
  let priced = false;
  let genericPricePrompt = false;
  if (!asksRecommendation && wantsPrice && !asksOrder) {
    if (product && size) {
      await answerPrice(ctx, product, size.widthMm, size.dropMm, q.message);
      priced = true;
    } else if (size) {
      ctx.features.add('pricing');
      ctx.parts.push(`Got it, ${formatSize(size.widthMm, size.dropMm)}. ${WHICH_BLIND}`);
    } else if (product && asksPrice) {
      await answerFromPrice(ctx, product);
    } else if (asksPrice && !hasContact) {
      genericPricePrompt = true;
    }
  }
  return { priced, genericPricePrompt };
}

const count = (lines: readonly WindowLine[]) => lines.reduce((n, l) => n + l.quantity, 0);

/** Several windows: each line priced, the total, and the calculator link; or the question for the blind. */
export async function answerWindows(ctx: Ctx, productId: string | null, lines: WindowLine[], colour: string | null): Promise<void> {
  ctx.features.add('pricing');
  const n = count(lines);
  if (!productId) {
    const sizes = lines.map((l) => `${l.quantity} x ${formatSize(l.widthMm, l.dropMm)}`).join(', ');
    const shade = colour ? ` Then I'll check that it comes in ${colour}.` : '';
    ctx.parts.push(`Got it: ${n} windows (${sizes}). ${WHICH_BLIND}${shade}`);
    return;
  }
  const name = productName(ctx, productId);
  const grid = await gridForProduct(ctx.db, productId);
  if (!grid) {
    await answerPrice(ctx, productId, lines[0]!.widthMm, lines[0]!.dropMm); // the hand-off for an unpriced product
    return;
  }
  const rows: string[] = [];
  let totalCents = 0;
  let unpriced = 0;
  for (const line of lines) {
    const size = formatSize(line.widthMm, line.dropMm);
    const r = priceForSize(grid, line.widthMm, line.dropMm);
    if (r.ok) {
      const lineCents = r.priceCents * line.quantity;
      totalCents += lineCents;
      rows.push(
        line.quantity === 1
          ? `• 1 x ${size}: ${formatRandFromCents(r.priceCents)}`
          : `• ${line.quantity} x ${size} at ${formatRandFromCents(r.priceCents)} each: ${formatRandFromCents(lineCents)}`,
      );
    } else {
      unpriced += line.quantity;
      const why =
        line.widthMm > CUSTOM_SIZE_THRESHOLD_MM || line.dropMm > CUSTOM_SIZE_THRESHOLD_MM
          ? `over ${CUSTOM_SIZE_THRESHOLD_MM} mm, made to order: our team quotes it`
          : r.message;
      rows.push(`• ${line.quantity} x ${size}: ${why}`);
    }
  }
  ctx.features.add('multi-window-quote');
  ctx.lastQuote = `${n} x ${name}: ${lines.map((l) => `${l.quantity} x ${formatSize(l.widthMm, l.dropMm)}`).join(', ')} (${formatRandFromCents(totalCents)})`;
  const product = ctx.catalogue.byKey(productId);
  const priceable = lines.filter((l) => priceForSize(grid, l.widthMm, l.dropMm).ok);
  const link =
    product?.calculatorId && priceable.length > 0
      ? `\nOpen this quote in the calculator with these sizes filled in, to choose colours and order: ${chatQuotePath(
          priceable.map((l) => ({ product: product.calculatorId!, widthMm: l.widthMm, dropMm: l.dropMm, quantity: l.quantity })),
        )}`
      : '';
  ctx.parts.push(
    `Here is your quote for ${n} x ${name}:\n${rows.join('\n')}\n` +
      `Total${unpriced ? ` for the ${n - unpriced} priced` : ''}: ${formatRandFromCents(totalCents)}, including 15% VAT.` +
      (grid.isSample ? ` ${SAMPLE_PRICES_NOTE}` : '') +
      link,
  );
}

/** What the conversation has settled on, for the lead notes. */
export async function quoteSummary(ctx: Ctx): Promise<string | null> {
  const memory = ctx.memory;
  if (ctx.lastQuote) return ctx.lastQuote;
  if (!memory.productId) return null;
  const name = productName(ctx, memory.productId);
  if (memory.widthMm === undefined || memory.dropMm === undefined) return name;
  const grid = await gridForProduct(ctx.db, memory.productId);
  const r = grid ? priceForSize(grid, memory.widthMm, memory.dropMm) : null;
  const size = formatSize(memory.widthMm, memory.dropMm);
  return r?.ok ? `${name} ${size} (${formatRandFromCents(r.priceCents)})` : `${name} ${size}`;
}

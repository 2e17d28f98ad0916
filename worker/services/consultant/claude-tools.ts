// The tools Claude may call: the same services the built-in consultant uses (pricing engine,
// catalogue, leads), so an AI reply never invents a product, a colour or a price.
import type { Tool } from '@anthropic-ai/sdk/resources/messages';
import { SAMPLE_PRICES_TEXT } from '../../shared/sample-prices';
import { coloursForProduct } from '../catalog';
import { captureLead, type LeadSink } from '../leads';
import { gridForProduct } from '../pricing';
import { optionGroupsOf, optionsForProduct, priceWithOptions, type PriceWithOptions } from '../product-options';
import { AppError } from '../../lib/errors';
import { describeOptions, lineOptionsSchema } from '../../shared/product-options';
import { productCatalogue, type CatalogueProduct, type ProductCatalogue } from '../product-catalog';
import type { ConsultantFeature, ConsultantMemory } from './types';
import { formatRandFromCents } from '../../shared/money';
import { findOrderReference, orderStatusFacts } from './order-status';
import { formatSize } from './parse-size';
import { agreesInMessage } from './contact-flow';
import { matchProduct } from './product-match';
import { SWATCH_NOTE } from '../../shared/swatch-note';
import { CONTACT_PROMISE } from '../../shared/shop-policies';

/** What a Claude reply may report, on top of the built-in consultant's features. */
export type ClaudeFeature = ConsultantFeature | 'image-analysis';

const PRODUCT_DESCRIPTION =
  "The blind: a catalogue id (e.g. 'roller-blockout'), a calculator id, or the customer's words (e.g. 'sheer roller', 'wooden venetian').";

export const CLAUDE_TOOLS: Tool[] = [
  {
    name: 'price_blind',
    description:
      'Exact price in rand (including 15% VAT) of one made-to-measure blind, shutter or awning for a width and drop in millimetres, from the current price list. Always use this for prices; never estimate.',
    input_schema: {
      type: 'object',
      properties: {
        product: { type: 'string', description: PRODUCT_DESCRIPTION },
        width_mm: { type: 'integer', minimum: 1, description: 'Width in millimetres.' },
        drop_mm: { type: 'integer', minimum: 1, description: 'Drop (height) in millimetres; for awnings, the projection.' },
        options: {
          type: 'object',
          description:
            "Shutters and awnings only: the options the customer chose, by group, as codes from this tool's available_options (e.g. {louvre: '89mm', frame: 'l-frame', panels: '3'} or {operation: 'motorised'}). A group left out takes the default for the width.",
          properties: {
            louvre: { type: 'string' },
            frame: { type: 'string' },
            panels: { type: 'string' },
            operation: { type: 'string' },
          },
          additionalProperties: false,
        },
      },
      required: ['product', 'width_mm', 'drop_mm'],
    },
  },
  {
    name: 'list_colours',
    description: 'The colours a product is made in, from the catalogue. Use this before naming any colour.',
    input_schema: {
      type: 'object',
      properties: { product: { type: 'string', description: PRODUCT_DESCRIPTION } },
      required: ['product'],
    },
  },
  {
    name: 'product_facts',
    description:
      'Catalogue facts: with a product, its description, features and the rooms it suits; with a need (e.g. bathroom, dark bedroom, privacy, patio), the products that fit; with neither, the whole product list.',
    input_schema: {
      type: 'object',
      properties: {
        product: { type: 'string', description: PRODUCT_DESCRIPTION },
        need: { type: 'string', description: "A room or need in the customer's words, e.g. 'bathroom' or 'block out light'." },
      },
    },
  },
  {
    name: 'capture_lead',
    description:
      "Pass the customer's contact details to the sales team, who follow up within 24 hours. Needs a name and an e-mail address or phone number that the customer gave in this chat, AND the customer's agreement: first tell them what is kept (name, number or e-mail, what they asked about) and why (so the team can contact them about this enquiry), with the privacy notice /privacy, and call this only after they said yes (customer_agreed true). For a complaint, damage, or a question you could not answer, set needs_person.",
    input_schema: {
      type: 'object',
      properties: {
        name: { type: 'string' },
        email: { type: 'string' },
        phone: { type: 'string' },
        notes: { type: 'string', description: 'What the customer wants: products, sizes, prices quoted, area.' },
        customer_agreed: { type: 'boolean', description: 'The customer agreed, in their latest message, that these details are kept.' },
        needs_person: {
          type: 'string',
          enum: ['complaint', 'damage', 'unanswered'],
          description: 'Why a person must follow up, if one must.',
        },
      },
      required: ['name', 'notes', 'customer_agreed'],
    },
  },
  {
    name: 'track_order',
    description:
      "Status of an order by its reference ('CB-' and 10 letters or digits, e.g. CB-7KQ2M9XPLA): placed date, payment status, number of blinds, total, next step, and the courier tracking (number, status, location, estimated delivery) once staff have published it.",
    input_schema: {
      type: 'object',
      properties: { reference: { type: 'string' } },
      required: ['reference'],
    },
  },
];

export const CLAUDE_TOOL_NAMES = CLAUDE_TOOLS.map((t) => t.name);

export interface ToolContext {
  db: D1Database;
  /** Updated in place by price_blind and capture_lead. */
  memory: ConsultantMemory;
  features: Set<ClaudeFeature>;
  /** Where a captured lead goes; without it the lead is stored with no notice. */
  leads?: LeadSink;
  /** The customer's message of this turn: consent must be given in it (capture_lead). */
  customerMessage?: string;
  /** The conversation so far, attached to a lead that needs a person. */
  transcript?: string;
  /** Set by price_blind when a price came from a sample grid: the answer must say so. */
  samplePrices?: boolean;
}

export interface ToolOutcome {
  /** JSON text for the tool_result block. */
  content: string;
  isError: boolean;
}

/** A product id from either id space or the customer's words; null when it names none. */
export function resolveProduct(catalogue: ProductCatalogue, raw: unknown): string | null {
  if (typeof raw !== 'string' || !raw.trim()) return null;
  return catalogue.byKey(raw)?.id ?? matchProduct(raw, catalogue.products);
}

function unknownProduct(catalogue: ProductCatalogue, raw: unknown) {
  return fail({
    error: `There is no product matching '${String(raw ?? '')}'. Use one of these products.`,
    products: catalogue.products.map((p) => ({ id: p.id, name: p.name })),
  });
}

function ok(value: unknown): ToolOutcome {
  return { content: JSON.stringify(value), isError: false };
}

function fail(value: unknown): ToolOutcome {
  return { content: JSON.stringify(value), isError: true };
}

function text(value: unknown): string | undefined {
  return typeof value === 'string' && value.trim() ? value.trim() : undefined;
}

function millimetres(value: unknown): number | null {
  const n = typeof value === 'string' ? Number(value) : value;
  return typeof n === 'number' && Number.isFinite(n) && n > 0 ? Math.round(n) : null;
}

async function priceBlind(ctx: ToolContext, catalogue: ProductCatalogue, input: Record<string, unknown>): Promise<ToolOutcome> {
  ctx.features.add('pricing');
  const productId = resolveProduct(catalogue, input.product);
  if (!productId) return unknownProduct(catalogue, input.product);
  const widthMm = millimetres(input.width_mm);
  const dropMm = millimetres(input.drop_mm);
  if (widthMm === null || dropMm === null) return fail({ error: 'width_mm and drop_mm must be positive numbers of millimetres.' });
  ctx.memory.productId = productId;
  ctx.memory.widthMm = widthMm;
  ctx.memory.dropMm = dropMm;
  const name = catalogue.byKey(productId)?.name ?? productId;
  const grid = await gridForProduct(ctx.db, productId);
  if (!grid) {
    return ok({
      product_id: productId,
      product: name,
      priced: false,
      message: 'No price list on file for this product: the team quotes it.',
    });
  }
  const requested = lineOptionsSchema.safeParse(input.options ?? {});
  if (!requested.success) return fail({ error: 'options must name only louvre, frame, panels or operation, each as a code.' });
  const rows = await optionsForProduct(ctx.db, grid.productId);
  let result: PriceWithOptions;
  try {
    result = await priceWithOptions(ctx.db, grid, widthMm, dropMm, requested.data);
  } catch (err) {
    if (!(err instanceof AppError)) throw err;
    return fail({ error: err.message, available_options: optionGroupsOf(rows) });
  }
  if (result.ok && result.isSample) ctx.samplePrices = true;
  if (!result.ok) {
    return ok({
      product_id: productId,
      product: name,
      size: formatSize(widthMm, dropMm),
      priced: false,
      contact_required: result.contactRequired,
      message: result.message,
    });
  }
  return ok({
    product_id: productId,
    product: name,
    size: formatSize(widthMm, dropMm),
    priced: true,
    price: formatRandFromCents(result.priceCents),
    price_cents: result.priceCents,
    includes_vat: true,
    priced_on_band:
      result.widthBandMm !== widthMm || result.dropBandMm !== dropMm ? formatSize(result.widthBandMm, result.dropBandMm) : null,
    sample_prices: result.isSample,
    ...(result.isSample ? { price_note: SAMPLE_PRICES_TEXT } : {}),
    // A shutter's or awning's options: what was priced, and what else the customer may choose.
    ...(result.options.length
      ? { options: describeOptions(result.options), option_charges: result.options, available_options: optionGroupsOf(rows) }
      : {}),
  });
}

async function listColours(ctx: ToolContext, catalogue: ProductCatalogue, input: Record<string, unknown>): Promise<ToolOutcome> {
  ctx.features.add('colours');
  const productId = resolveProduct(catalogue, input.product);
  if (!productId) return unknownProduct(catalogue, input.product);
  const { product, colours } = await coloursForProduct(ctx.db, productId);
  return ok({
    product_id: product.id,
    product: product.name,
    colours: colours.map((c) => ({ name: c.name, hex: c.hex, material: c.material, finish: c.finish })),
    // The site's swatches are drawn from these hex values, not photographed: say so to the customer.
    swatch_note: SWATCH_NOTE,
  });
}

function facts(p: CatalogueProduct) {
  return {
    id: p.id,
    name: p.name,
    section: p.section,
    description: p.description,
    features: p.features,
    suitable_for: p.suitableFor,
    online_quote: p.calculatorId !== null,
  };
}

const STOP_WORDS = new Set('a an the for my our in of to and or with room rooms something that need want blind blinds'.split(' '));

function productFacts(ctx: ToolContext, catalogue: ProductCatalogue, input: Record<string, unknown>): ToolOutcome {
  ctx.features.add('product-knowledge');
  const named = text(input.product);
  if (named) {
    const id = resolveProduct(catalogue, named);
    const p = id ? catalogue.byKey(id) : null;
    return p ? ok(facts(p)) : unknownProduct(catalogue, named);
  }
  const need = text(input.need);
  if (need) {
    const words = need
      .toLowerCase()
      .split(/[^a-z0-9]+/)
      .filter((w) => w.length > 2 && !STOP_WORDS.has(w))
      .map((w) => w.replace(/s$/, ''));
    const scored = catalogue.products
      .map((p) => {
        const haystack = [p.name, p.description, ...p.features, ...p.suitableFor].join(' ').toLowerCase();
        return { p, score: words.filter((w) => haystack.includes(w)).length };
      })
      .filter((x) => x.score > 0)
      .sort((a, b) => b.score - a.score)
      .slice(0, 5);
    return ok({
      need,
      matches: scored.map((x) => facts(x.p)),
      note: scored.length ? undefined : 'No product mentions this need; ask a clarifying question.',
    });
  }
  return ok({ products: catalogue.products.map((p) => ({ id: p.id, name: p.name, section: p.section, suitable_for: p.suitableFor })) });
}

async function captureLeadTool(ctx: ToolContext, catalogue: ProductCatalogue, input: Record<string, unknown>): Promise<ToolOutcome> {
  const name = text(input.name);
  const email = text(input.email);
  const phone = text(input.phone);
  if (!name || (!email && !phone)) return fail({ error: 'A name and an e-mail address or phone number are needed.' });
  // POPIA: nothing is kept until the customer has agreed, in this turn's own words (the server checks, not only the model).
  if (input.customer_agreed !== true || !agreesInMessage(ctx.customerMessage ?? '')) {
    return fail({
      error:
        "Not stored: the customer has not agreed yet. Tell them what is kept (name, number or e-mail, what they asked about), why (so the team can contact them about this enquiry) and the privacy notice /privacy, and ask them to reply 'yes'.",
    });
  }
  const needsPerson = ['complaint', 'damage', 'unanswered'].find((r) => r === input.needs_person);
  if (ctx.memory.leadId) {
    ctx.features.add('lead-capture');
    return ok({ captured: true, lead_id: ctx.memory.leadId, message: 'These details were already passed to the team in this chat.' });
  }
  ctx.memory.name = name;
  if (email) ctx.memory.email = email;
  if (phone) ctx.memory.phone = phone;
  const m = ctx.memory;
  ctx.memory.leadId = await captureLead(ctx.leads ?? { db: ctx.db, notice: null }, {
    name: name.slice(0, 120),
    // As the built-in consultant: a chat lead may have only a phone number.
    email: email ?? null,
    phone: phone?.slice(0, 40) ?? null,
    whatsapp: null,
    location: null,
    source: 'chat',
    productInterest: m.productId ? (catalogue.byKey(m.productId)?.name ?? m.productId) : null,
    sessionData: {
      blindType: m.productId ?? null,
      dimensions: m.widthMm !== undefined ? { width_mm: m.widthMm, drop_mm: m.dropMm ?? null, sizeSource: 'customer' } : null,
      channel: 'chat',
      assistant: 'claude',
      ...(needsPerson ? { needsPerson } : {}),
    },
    notes: [
      needsPerson ? `NEEDS A PERSON: ${needsPerson}` : null,
      `Chat (Claude): ${text(input.notes) ?? 'no notes'}`,
      needsPerson && ctx.transcript ? `Conversation:\n${ctx.transcript}` : null,
    ]
      .filter(Boolean)
      .join('\n')
      .slice(0, 4000),
    popiaConsent: true,
  });
  ctx.features.add('lead-capture');
  return ok({ captured: true, lead_id: ctx.memory.leadId, message: `The team will be in touch ${CONTACT_PROMISE}.` });
}

async function trackOrder(ctx: ToolContext, input: Record<string, unknown>): Promise<ToolOutcome> {
  ctx.features.add('order-tracking');
  const reference = findOrderReference(text(input.reference) ?? '');
  if (!reference) return fail({ error: "An order reference looks like 'CB-' followed by letters and digits. Ask the customer for it." });
  const facts = await orderStatusFacts(ctx.db, reference);
  return ok(
    facts ?? {
      found: false,
      reference,
      message: 'No order with this reference. Ask the customer to check it on their confirmation e-mail, or offer the team.',
    },
  );
}

/** Runs one tool call. Bad input and unknown tools are answered as tool errors, for Claude to correct. */
export async function runTool(ctx: ToolContext, name: string, rawInput: unknown): Promise<ToolOutcome> {
  const input = rawInput && typeof rawInput === 'object' ? (rawInput as Record<string, unknown>) : {};
  const catalogue = await productCatalogue(ctx.db);
  switch (name) {
    case 'price_blind':
      return priceBlind(ctx, catalogue, input);
    case 'list_colours':
      return listColours(ctx, catalogue, input);
    case 'product_facts':
      return productFacts(ctx, catalogue, input);
    case 'capture_lead':
      return captureLeadTool(ctx, catalogue, input);
    case 'track_order':
      return trackOrder(ctx, input);
    default:
      return fail({ error: `Unknown tool '${name}'. Available: ${CLAUDE_TOOL_NAMES.join(', ')}.` });
  }
}

// What the MCP tools answer, from the services the storefront itself uses: the catalogue
// overview of GET /api/products/catalog, the colours of GET /api/colours/{product}, the price grids
// and priceForSize of POST /api/pricing/quote, and the stored quote of POST /api/email/quote-internal.
// Nothing here reads leads, orders, the audit log or any other staff record.
import type { Env } from '../env';
import { AppError } from '../lib/errors';
import { hitLimit, type RateLimitRule } from '../middleware/rate-limit';
import { publicConfig } from '../routes/config';
import { catalogOverview, coloursForProduct } from '../services/catalog';
import { formatRandFromCents } from '../shared/money';
import { DELIVERY_NOTES } from '../services/email/email-parts';
import { CUSTOM_SIZE_THRESHOLD_MM, gridForProduct, type PriceGrid } from '../services/pricing';
import { optionGroupsOf, optionsForProduct, priceWithOptions } from '../services/product-options';
import type { LineOptionDto, LineOptions, OptionGroupDto } from '../shared/product-options';
import { saveInternalQuote, type SavedQuote } from '../services/quotes';
import { CATALOGUE_SECTIONS } from '../shared/catalogue-types';
import { productOffer } from '../services/product-offer';
import { noLongerOfferedMessage, priceOnRequestMessage } from '../shared/product-offer';
import { QUOTE_VALID_DAYS } from '../shared/orders-api';
import { payPhrase } from '../shared/public-config';

/** Quotes one client may start through the MCP endpoint: each is stored and e-mailed to the business. */
export const MCP_START_QUOTE_LIMIT: RateLimitRule = { name: 'mcp-start-quote', limit: 10, windowSeconds: 3600 };

/** The calculator's headings for a refused size (storefront spec section 8). */
export const CUSTOM_SIZE_TITLE = 'Contact Team for Custom Made Orders';
export const SIZE_TOO_SMALL_TITLE = 'Size Too Small';

/** What a tool needs of the request: the bindings, the site's public origin for links, and the caller. */
export interface ShopToolContext {
  env: Env;
  /** The site's public origin (PUBLIC_BASE_URL, else the request's), for links a person opens. */
  origin: string;
  /** The rate-limit key of the caller (clientKey). */
  client: string;
  /** After a quote is stored: record its analytics event and send its e-mail after the answer. */
  onQuoteSaved?: (saved: SavedQuote, productId: string) => void;
}

export interface SizeLimits {
  min_width_mm: number;
  max_width_mm: number;
  min_drop_mm: number;
  max_drop_mm: number;
}

export interface ProductSummary {
  id: string;
  calculator_id: string | null;
  name: string;
  section: string;
  description: string;
  /** Lowest price of the grid in force, in rand incl. VAT, for the smallest size; null without a price list. */
  from_price_zar: number | null;
  from_price_text: string | null;
  size_limits: SizeLimits | null;
  colour_count: number;
  sample_prices: boolean;
  page_url: string;
  /** A shutter's or awning's options (louvre, frame, panels, operation) with their charges; [] for a blind. */
  options: OptionGroupDto[];
}

/** The sizes the website prices: the grid's smallest bands up to its largest, never over 3000 mm. */
export function sizeLimitsOf(grid: PriceGrid): SizeLimits {
  return {
    min_width_mm: grid.widthsMm[0]!,
    max_width_mm: Math.min(grid.widthsMm.at(-1)!, CUSTOM_SIZE_THRESHOLD_MM),
    min_drop_mm: grid.dropsMm[0]!,
    max_drop_mm: Math.min(grid.dropsMm.at(-1)!, CUSTOM_SIZE_THRESHOLD_MM),
  };
}

export async function listProducts(ctx: ShopToolContext, section?: string) {
  const overview = await catalogOverview(ctx.env.DB);
  const products: ProductSummary[] = [];
  for (const sectionKey of CATALOGUE_SECTIONS) {
    if (section && section !== sectionKey) continue;
    for (const item of overview[sectionKey]) {
      const grid = await gridForProduct(ctx.env.DB, item.id);
      products.push({
        id: item.id,
        calculator_id: item.calculator_id,
        name: item.name,
        section: sectionKey,
        description: item.description,
        from_price_zar: item.from_price,
        from_price_text: item.from_price === null ? null : formatRandFromCents(Math.round(item.from_price * 100)),
        size_limits: grid ? sizeLimitsOf(grid) : null,
        colour_count: item.colour_count,
        sample_prices: item.sample_prices,
        page_url: `${ctx.origin}/quote-calculator`,
        options: optionGroupsOf(await optionsForProduct(ctx.env.DB, item.id)),
      });
    }
  }
  return { products, currency: 'ZAR' as const, vat_included: true as const, sample_data_note: overview.sample_data_note };
}

export async function listColours(ctx: ShopToolContext, productId: string) {
  const { product, colours } = await coloursForProduct(ctx.env.DB, productId);
  return {
    product_id: product.id,
    product_name: product.name,
    colours: colours.map((c) => ({
      name: c.name,
      hex: c.hex,
      material: c.material,
      finish: c.finish,
      description: c.description,
      swatch_url: c.imageUrl ? `${ctx.origin}${c.imageUrl}` : null,
    })),
  };
}

/** A colour the product offers, matched like an order line (case and spacing ignored); its own spelling. */
async function offeredColour(ctx: ShopToolContext, productId: string, productName: string, colour: string): Promise<string> {
  const { colours } = await coloursForProduct(ctx.env.DB, productId);
  const wanted = colour.trim().replace(/\s+/g, ' ').toLowerCase();
  const match = colours.find((c) => c.name.toLowerCase() === wanted);
  if (!match) {
    throw new AppError('validation_error', `${productName} does not come in '${colour}'. Choose one of its colours (list_colours).`);
  }
  return match.name;
}

/** The grid of a product sold online now: a hidden product is not offered, one without a price list is quoted by the team. */
async function gridOrThrow(ctx: ShopToolContext, productId: string): Promise<PriceGrid> {
  const offer = await productOffer(ctx.env.DB, productId);
  if (offer.kind === 'priced') return offer.grid;
  if (offer.kind === 'hidden') throw new AppError('not_found', noLongerOfferedMessage(offer.product.name));
  if (offer.kind === 'price_on_request') {
    throw new AppError('conflict', `${priceOnRequestMessage(offer.product.name)} ${contactLine(ctx.env)}`);
  }
  throw new AppError('not_found', `We do not have a price list for '${productId}'. Choose a product from list_products.`);
}

function contactLine(env: Env): string {
  const config = publicConfig(env);
  const ways = [
    config.phone.national && `call ${config.phone.national}`,
    config.whatsapp.national && `WhatsApp ${config.whatsapp.national}`,
    config.email && `e-mail ${config.email}`,
  ].filter(Boolean);
  return ways.length ? `Contact the team: ${ways.join(', ')}.` : 'Contact the team through the website.';
}

export interface PriceBlindInput {
  product_id: string;
  width_mm: number;
  drop_mm: number;
  colour?: string;
  quantity: number;
  /** A shutter's or awning's options by group code (list_products names them); defaults for the width otherwise. */
  options?: LineOptions;
}

/**
 * The calculator's price for a size (POST /api/pricing/quote), in rand incl. VAT. A size the
 * website refuses is an answer with success false and the website's heading and message.
 */
export async function priceBlind(ctx: ShopToolContext, input: PriceBlindInput) {
  const grid = await gridOrThrow(ctx, input.product_id);
  const colour = input.colour ? await offeredColour(ctx, grid.productId, grid.productName, input.colour) : null;
  // An option the product or the width does not allow is refused (AppError) with what is possible.
  const result = await priceWithOptions(ctx.env.DB, grid, input.width_mm, input.drop_mm, input.options);
  const base = {
    product_id: grid.productId,
    product_name: grid.productName,
    width_mm: input.width_mm,
    drop_mm: input.drop_mm,
    colour,
    quantity: input.quantity,
    size_limits: sizeLimitsOf(grid),
  };
  if (!result.ok) {
    return {
      ...base,
      success: false as const,
      error_type: result.errorType,
      title: result.contactRequired ? CUSTOM_SIZE_TITLE : SIZE_TOO_SMALL_TITLE,
      message: result.message,
      contact_required: result.contactRequired,
      contact: result.contactRequired ? contactLine(ctx.env) : null,
    };
  }
  const totalCents = result.priceCents * input.quantity;
  return {
    ...base,
    success: true as const,
    width_band_mm: result.widthBandMm,
    drop_band_mm: result.dropBandMm,
    unit_price_zar: result.priceCents / 100,
    total_price_zar: totalCents / 100,
    unit_price_cents: result.priceCents,
    total_price_cents: totalCents,
    unit_price_text: formatRandFromCents(result.priceCents),
    total_price_text: formatRandFromCents(totalCents),
    currency: 'ZAR' as const,
    vat_included: true as const,
    price_list_version: grid.version,
    sample_prices: result.isSample,
    options: result.options satisfies LineOptionDto[],
  };
}

export interface StartQuoteInput {
  product_id: string;
  width_mm: number;
  drop_mm: number;
  colour: string;
  quantity: number;
  control_side?: 'left' | 'right';
  mount_type?: 'inside-recess' | 'outside-facefix';
  options?: LineOptions;
  customer_name?: string;
  customer_email?: string;
}

/**
 * Stores the quote as the storefront's 'save quote' does (re-priced on the server, the business
 * told by e-mail) and answers the link of /complete-quote, where a person checks it, adds contact
 * details and pays or books a consultation. The agent never orders or pays.
 */
export async function startQuote(ctx: ShopToolContext, input: StartQuoteInput, now = new Date()) {
  // Checked before the limit is counted, so a refused size does not use up the caller's quotes.
  const priced = await priceBlind(ctx, { ...input });
  if (!priced.success)
    throw new AppError('validation_error', `${priced.title}: ${priced.message}${priced.contact ? ` ${priced.contact}` : ''}`);
  await hitLimit(ctx.env, MCP_START_QUOTE_LIMIT, ctx.client, 'This connection has started several quotes already.');
  const saved = await saveInternalQuote(
    ctx.env,
    {
      // Storefront spec section 9: 'CB-' and the last 6 digits of a timestamp (the next free one if taken).
      quote_id: `CB-${String(now.getTime()).slice(-6)}`,
      blinds: [
        {
          product_type: priced.product_id,
          width_mm: input.width_mm,
          drop_mm: input.drop_mm,
          colour: input.colour,
          quantity: input.quantity,
          control_side: input.control_side ?? 'left',
          mount_type: input.mount_type ?? 'inside-recess',
          // The customer's own numbers, passed on by their agent.
          size_source: 'typed',
          ...(input.options ? { options: input.options } : {}),
        },
      ],
      customer_name: input.customer_name?.trim() || 'Walk-in Customer',
      customer_email: input.customer_email?.trim() || 'Not provided',
      customer_mobile: 'Not provided',
    },
    ctx.origin,
    now,
    'mcp',
  );
  ctx.onQuoteSaved?.(saved, priced.product_id);
  const params = new URLSearchParams({ quote_id: saved.quoteId, key: saved.accessKey });
  return {
    quote_id: saved.quoteId,
    complete_url: `${ctx.origin}/complete-quote?${params}`,
    quote_url: `${ctx.origin}/quote?${params}`,
    total_price_zar: saved.totalCents / 100,
    total_price_text: formatRandFromCents(saved.totalCents),
    currency: 'ZAR' as const,
    vat_included: true as const,
    valid_until: saved.validUntil,
    line: {
      product_id: priced.product_id,
      product_name: priced.product_name,
      width_mm: input.width_mm,
      drop_mm: input.drop_mm,
      colour: priced.colour ?? input.colour,
      quantity: input.quantity,
      unit_price_zar: priced.unit_price_zar,
      options: priced.options,
    },
    next_step: `Give the customer complete_url: on the website they check the quote, add their contact details, then order and ${payPhrase(publicConfig(ctx.env).payment)}, or ask for a Garden Route consultation. Nothing is ordered or paid until they do.`,
  };
}

export function businessInfo(ctx: ShopToolContext) {
  const config = publicConfig(ctx.env);
  const optional = (value: string) => value.trim() || null;
  return {
    business_name: config.businessName,
    service_area: {
      national:
        'Made-to-measure blinds, shutters and awnings for all of South Africa: measure, price and order online; delivery by courier.',
      garden_route: 'Local service on the Garden Route (Mossel Bay to Plettenberg Bay): site visits, measuring and installation.',
    },
    contact: {
      phone_national: optional(config.phone.national),
      phone_garden_route: optional(config.phone.gardenRoute),
      whatsapp_national: optional(config.whatsapp.national),
      whatsapp_garden_route: optional(config.whatsapp.gardenRoute),
      email: optional(config.email),
      website: ctx.origin,
      main_website: optional(config.mainWebsiteUrl),
    },
    lead_times: [...DELIVERY_NOTES],
    quote_valid_days: QUOTE_VALID_DAYS,
    currency: 'ZAR' as const,
    vat_percent: 15,
    prices_include_vat: true as const,
    custom_size_threshold_mm: CUSTOM_SIZE_THRESHOLD_MM,
    pages: {
      quote_calculator: `${ctx.origin}/quote-calculator`,
      measurement: `${ctx.origin}/measurement`,
      track_order: `${ctx.origin}/track`,
    },
  };
}

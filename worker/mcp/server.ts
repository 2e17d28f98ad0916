// The MCP server of /mcp: five read-mostly tools for AI shopping agents. One server is
// built per request (stateless Streamable HTTP), so a tool sees only that request's context.
import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { SAMPLE_PRICES_NOTE } from '../shared/sample-prices';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { z } from 'zod';
import { AppError } from '../lib/errors';
import { businessName } from '../lib/business-profile';
import { CATALOGUE_SECTIONS } from '../shared/catalogue-types';
import { CONTROL_SIDES, MOUNT_TYPES } from '../shared/orders-api';
import { describeOptions, lineOptionsSchema } from '../shared/product-options';
import { businessInfo, listColours, listProducts, priceBlind, startQuote, type ShopToolContext } from './shop-tools';

export const MCP_SERVER_NAME = 'custom-blinds-shop';
export const MCP_SERVER_VERSION = '1.0.0';
export const MCP_TOOL_NAMES = ['list_products', 'list_colours', 'price_blind', 'start_quote', 'business_info'] as const;

const INSTRUCTIONS = [
  'Made-to-measure blinds, shutters and awnings from a South African business (national online ordering, local service on the Garden Route).',
  'Sizes are whole millimetres: width_mm is the width of the blind, drop_mm its height. Prices are in rand (ZAR) and include 15% VAT.',
  "Use list_products for product ids, list_colours for a product's colours, price_blind for the price the website shows for a size,",
  'and start_quote to hand the customer a link where they complete the quote on the website. You cannot place an order or take a payment:',
  'the customer does that on the site. Widths or drops over 3000 mm are custom made: the customer contacts the team (business_info).',
  "Shutters and awnings are priced with options (list_products lists each product's: louvre size, frame, panels, operation);",
  "for them drop_mm is the shutter's height or the awning's projection. Pass the option codes to price_blind and start_quote.",
].join(' ');

const productId = z
  .string()
  .trim()
  .min(1)
  .max(80)
  .describe("A product id from list_products (e.g. 'roller-blockout'); the calculator ids are accepted too.");
const millimetres = (what: string) => z.number().int('must be whole millimetres').min(1).max(100_000).describe(what);
const quantity = z.number().int().min(1).max(100).default(1).describe('How many blinds of this size (1 to 100, default 1).');

const optionChoice = z.object({
  code: z.string(),
  label: z.string(),
  charge_cents: z.number(),
  charge_per: z.string(),
  min_width_mm: z.number().nullable(),
  max_width_mm: z.number().nullable(),
  is_default: z.boolean(),
});
const optionGroups = z.array(z.object({ group: z.string(), label: z.string(), choices: z.array(optionChoice) }));
const lineOptions = z.array(
  z.object({ group: z.string(), group_label: z.string(), code: z.string(), label: z.string(), charge_cents: z.number() }),
);
const optionsInput = lineOptionsSchema
  .optional()
  .describe(
    "A shutter's or awning's options by group, e.g. {louvre: '89mm', frame: 'l-frame', panels: '3'} or {operation: 'motorised'}: codes from list_products. A group left out takes the default the width allows.",
  );

const sizeLimits = z.object({ min_width_mm: z.number(), max_width_mm: z.number(), min_drop_mm: z.number(), max_drop_mm: z.number() });

const productsOutput = {
  products: z.array(
    z.object({
      id: z.string(),
      calculator_id: z.string().nullable(),
      name: z.string(),
      section: z.string(),
      description: z.string(),
      from_price_zar: z.number().nullable(),
      from_price_text: z.string().nullable(),
      size_limits: sizeLimits.nullable(),
      colour_count: z.number(),
      sample_prices: z.boolean(),
      page_url: z.string(),
      options: optionGroups,
    }),
  ),
  currency: z.literal('ZAR'),
  vat_included: z.literal(true),
  sample_data_note: z.string().nullable(),
};

const coloursOutput = {
  product_id: z.string(),
  product_name: z.string(),
  colours: z.array(
    z.object({
      name: z.string(),
      hex: z.string(),
      material: z.string(),
      finish: z.string(),
      description: z.string(),
      swatch_url: z.string().nullable(),
    }),
  ),
};

const priceOutput = {
  success: z.boolean().describe('false when the website does not price this size; then title and message say why.'),
  product_id: z.string(),
  product_name: z.string(),
  width_mm: z.number(),
  drop_mm: z.number(),
  colour: z.string().nullable(),
  quantity: z.number(),
  size_limits: sizeLimits,
  width_band_mm: z.number().optional(),
  drop_band_mm: z.number().optional(),
  unit_price_zar: z.number().optional(),
  total_price_zar: z.number().optional(),
  unit_price_cents: z.number().optional(),
  total_price_cents: z.number().optional(),
  unit_price_text: z.string().optional(),
  total_price_text: z.string().optional(),
  currency: z.literal('ZAR').optional(),
  vat_included: z.literal(true).optional(),
  price_list_version: z.number().optional(),
  sample_prices: z.boolean().optional(),
  options: lineOptions.optional(),
  error_type: z.string().optional(),
  title: z.string().optional(),
  message: z.string().optional(),
  contact_required: z.boolean().optional(),
  contact: z.string().nullable().optional(),
};

const quoteOutput = {
  quote_id: z.string(),
  complete_url: z.string(),
  quote_url: z.string(),
  total_price_zar: z.number(),
  total_price_text: z.string(),
  currency: z.literal('ZAR'),
  vat_included: z.literal(true),
  valid_until: z.string(),
  line: z.object({
    product_id: z.string(),
    product_name: z.string(),
    width_mm: z.number(),
    drop_mm: z.number(),
    colour: z.string(),
    quantity: z.number(),
    unit_price_zar: z.number(),
    options: lineOptions.optional(),
  }),
  next_step: z.string(),
};

const businessOutput = {
  business_name: z.string(),
  service_area: z.object({ national: z.string(), garden_route: z.string() }),
  contact: z.object({
    phone_national: z.string().nullable(),
    phone_garden_route: z.string().nullable(),
    whatsapp_national: z.string().nullable(),
    whatsapp_garden_route: z.string().nullable(),
    email: z.string().nullable(),
    website: z.string(),
    main_website: z.string().nullable(),
  }),
  lead_times: z.array(z.string()),
  quote_valid_days: z.number(),
  currency: z.literal('ZAR'),
  vat_percent: z.number(),
  prices_include_vat: z.literal(true),
  custom_size_threshold_mm: z.number(),
  pages: z.object({ quote_calculator: z.string(), measurement: z.string(), track_order: z.string() }),
};

/**
 * A tool's answer: a sentence for the model, the data as JSON text too (MCP spec: structured content
 * SHOULD also come serialised, for clients that pass only text to the model), and the structured data.
 */
function answer(structured: Record<string, unknown>, summary: string): CallToolResult {
  return {
    content: [
      { type: 'text', text: summary },
      { type: 'text', text: JSON.stringify(structured) },
    ],
    structuredContent: structured,
  };
}

/** A refusal the agent can act on; an unexpected failure is logged and answered without internals. */
async function run(requestId: string, work: () => Promise<CallToolResult>): Promise<CallToolResult> {
  try {
    return await work();
  } catch (err) {
    if (err instanceof AppError) return { content: [{ type: 'text', text: err.message }], isError: true };
    console.error(JSON.stringify({ level: 'error', requestId, where: 'mcp tool', error: String(err), stack: (err as Error).stack }));
    return {
      content: [
        { type: 'text', text: `Something went wrong on our side. Please try again; if it keeps happening, quote reference ${requestId}.` },
      ],
      isError: true,
    };
  }
}

const READ_ONLY = { readOnlyHint: true, destructiveHint: false, idempotentHint: true, openWorldHint: false } as const;

export function createShopMcpServer(ctx: ShopToolContext, requestId: string): McpServer {
  const server = new McpServer(
    { name: MCP_SERVER_NAME, title: `${businessName(ctx.env)} shop`, version: MCP_SERVER_VERSION },
    { instructions: INSTRUCTIONS },
  );

  server.registerTool(
    'list_products',
    {
      title: 'List products',
      description:
        "The made-to-measure products for sale: id, name, section (indoor or outdoor blinds, shutters, awnings), description, the 'from' price in rand incl. VAT for the smallest size, the sizes the website prices, and the page to price it.",
      inputSchema: { section: z.enum(CATALOGUE_SECTIONS).optional().describe('Only this section of the catalogue.') },
      outputSchema: productsOutput,
      annotations: READ_ONLY,
    },
    ({ section }) =>
      run(requestId, async () => {
        const result = await listProducts(ctx, section);
        const lines = result.products.map(
          (p) => `- ${p.name} (id ${p.id}, ${p.section}): ${p.from_price_text ? `from ${p.from_price_text}` : 'price on request'}`,
        );
        const note = result.sample_data_note ? `\n${result.sample_data_note}` : '';
        return answer(result, `${result.products.length} products, prices in rand incl. VAT:\n${lines.join('\n')}${note}`);
      }),
  );

  server.registerTool(
    'list_colours',
    {
      title: 'List colours of a product',
      description:
        "The colours a product comes in, with hex value, material, finish and a swatch image link (the swatch is drawn from the supplier's colour value, not a photograph). Use a colour name exactly as listed in price_blind and start_quote.",
      inputSchema: { product_id: productId },
      outputSchema: coloursOutput,
      annotations: READ_ONLY,
    },
    ({ product_id }) =>
      run(requestId, async () => {
        const result = await listColours(ctx, product_id);
        return answer(
          result,
          `${result.product_name} comes in ${result.colours.length} colours: ${result.colours.map((c) => c.name).join(', ')}.`,
        );
      }),
  );

  server.registerTool(
    'price_blind',
    {
      title: 'Price a blind',
      description:
        "The price the website's quote calculator shows for one product at a width and drop in millimetres (the next size up in the price list), in rand incl. 15% VAT, for a quantity. Sizes outside the product's limits are refused with the website's message: over 3000 mm wide or high is custom made and referred to the team.",
      inputSchema: {
        product_id: productId,
        width_mm: millimetres('Width of the blind in millimetres.'),
        drop_mm: millimetres('Drop (height) of the blind in millimetres.'),
        colour: z
          .string()
          .trim()
          .min(1)
          .max(120)
          .optional()
          .describe('A colour name from list_colours; checked when given (the price does not depend on it).'),
        quantity,
        options: optionsInput,
      },
      outputSchema: priceOutput,
      annotations: READ_ONLY,
    },
    (input) =>
      run(requestId, async () => {
        const result = await priceBlind(ctx, input);
        if (!result.success) {
          return answer(result, `${result.title}: ${result.message}${result.contact ? ` ${result.contact}` : ''}`);
        }
        const sample = result.sample_prices ? ` ${SAMPLE_PRICES_NOTE}` : '';
        const each = result.quantity > 1 ? ` each, ${result.total_price_text} for ${result.quantity}` : '';
        return answer(
          result,
          `${result.product_name}, ${result.width_mm} x ${result.drop_mm} mm${result.colour ? ` in ${result.colour}` : ''}${result.options?.length ? ` (${describeOptions(result.options)})` : ''}: ${result.unit_price_text}${each}, VAT included.${sample}`,
        );
      }),
  );

  server.registerTool(
    'start_quote',
    {
      title: 'Start a quote for the customer',
      description:
        'Saves a quote for one blind size and answers a link (complete_url) to give the customer: on the website they check it, add their contact details and order (paying by card or bank transfer, as the shop offers; next_step says which) or ask for a consultation. This does not order or charge anything. The colour is required (list_colours). Limited to a few quotes per hour.',
      inputSchema: {
        product_id: productId,
        width_mm: millimetres('Width of the blind in millimetres.'),
        drop_mm: millimetres('Drop (height) of the blind in millimetres.'),
        colour: z.string().trim().min(1).max(120).describe('A colour name from list_colours.'),
        quantity,
        control_side: z.enum(CONTROL_SIDES).optional().describe('Side of the control chain (default left).'),
        mount_type: z.enum(MOUNT_TYPES).optional().describe('Inside the window recess or face-fixed outside it (default inside-recess).'),
        options: optionsInput,
        customer_name: z.string().trim().max(120).optional().describe("The customer's name, if they gave it."),
        customer_email: z.email().max(254).optional().describe("The customer's e-mail address, if they gave it."),
      },
      outputSchema: quoteOutput,
      annotations: { readOnlyHint: false, destructiveHint: false, idempotentHint: false, openWorldHint: false },
    },
    (input) =>
      run(requestId, async () => {
        const result = await startQuote(ctx, input);
        return answer(
          result,
          `Quote ${result.quote_id}: ${result.total_price_text} incl. VAT, valid until ${result.valid_until.slice(0, 10)}. ${result.next_step}\n${result.complete_url}`,
        );
      }),
  );

  server.registerTool(
    'business_info',
    {
      title: 'Business information',
      description: 'Who sells these blinds: service area, phone, WhatsApp and e-mail contacts, lead times, quote validity and VAT.',
      inputSchema: {},
      outputSchema: businessOutput,
      annotations: READ_ONLY,
    },
    () =>
      run(requestId, async () => {
        const info = businessInfo(ctx);
        const contacts = Object.entries(info.contact)
          .filter(([, v]) => v)
          .map(([k, v]) => `${k.replace(/_/g, ' ')}: ${v}`);
        return answer(
          info,
          `${info.business_name}. ${info.service_area.national} ${info.service_area.garden_route}\n${contacts.join('\n')}\n${info.lead_times.join(' ')}`,
        );
      }),
  );

  return server;
}

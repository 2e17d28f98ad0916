// /mcp: the MCP endpoint for AI shopping agents, driven by the SDK's own client over
// Streamable HTTP against the Worker: the tools listed, prices and quotes as the website answers them,
// and refusals with the website's messages. The rate limit, protocol, Origin checks and the proof that
// no staff data is reachable: mcp-limits.test.ts.
import { env } from 'cloudflare:test';
import { describe, expect, it } from 'vitest';
import { MCP_SERVER_NAME, MCP_TOOL_NAMES } from '../../worker/mcp/server';
import { MCP_START_QUOTE_LIMIT } from '../../worker/mcp/shop-tools';
import { BASE, clearOfWindowEnd, get } from './helpers';
import {
  callTool,
  connectAgent,
  firstColour,
  freshIp,
  START_QUOTE_TIMEOUT_MS,
  START_QUOTE_WAIT_MS,
  textOf,
  websitePrice,
} from './mcp-fixtures';

describe('/mcp: connecting and discovering the tools', () => {
  it('initializes with the SDK client and lists exactly the shop tools, each described with input and output schemas', async () => {
    const client = await connectAgent();
    expect(client.getServerVersion()?.name).toBe(MCP_SERVER_NAME);
    expect(client.getInstructions()).toContain('3000 mm');
    const { tools } = await client.listTools();
    expect(tools.map((t) => t.name).sort()).toEqual([...MCP_TOOL_NAMES].sort());
    for (const tool of tools) {
      expect(tool.description!.length, tool.name).toBeGreaterThan(40);
      expect(tool.inputSchema.type).toBe('object');
      expect(tool.outputSchema?.type, tool.name).toBe('object');
    }
    const price = tools.find((t) => t.name === 'price_blind')!;
    expect(price.inputSchema.required).toEqual(expect.arrayContaining(['product_id', 'width_mm', 'drop_mm']));
    expect(price.annotations?.readOnlyHint).toBe(true);
    await client.close();
  });

  it('lists the products with section, description, from price in rand, size limits and a page link', async () => {
    const client = await connectAgent();
    const result = await callTool(client, 'list_products');
    expect(result.isError).toBeFalsy();
    const data = result.structuredContent as any;
    expect(data.currency).toBe('ZAR');
    expect(data.products.length).toBeGreaterThan(5);
    const roller = data.products.find((p: any) => p.id === 'roller-blockout');
    // The same catalogue and 'from' price the storefront shows (GET /api/products/catalog).
    const catalog = await (await get('/api/products/catalog')).json<any>();
    const site = catalog[roller.section].find((p: any) => p.id === 'roller-blockout');
    expect(roller).toMatchObject({
      name: site.name,
      description: site.description,
      from_price_zar: site.from_price,
      page_url: `${BASE}/quote-calculator`,
    });
    expect(roller.from_price_zar).toBeGreaterThan(0);
    expect(roller.size_limits.max_width_mm).toBeLessThanOrEqual(3000);
    expect(roller.size_limits.min_width_mm).toBe(site.from_size.width_mm);
    expect(textOf(result)).toContain(`${site.name} (id roller-blockout`);

    const outdoor = await callTool(client, 'list_products', { section: 'outdoor_blinds' });
    expect((outdoor.structuredContent as any).products.every((p: any) => p.section === 'outdoor_blinds')).toBe(true);
    await client.close();
  });

  it('lists the colours of a product as GET /api/colours does, in either id space', async () => {
    const client = await connectAgent();
    const site = await (await get('/api/colours/roller-blockout')).json<any>();
    const result = await callTool(client, 'list_colours', { product_id: 'roller-blockout' });
    const data = result.structuredContent as any;
    expect(data.product_id).toBe('roller-blockout');
    expect(data.colours.map((c: any) => c.name)).toEqual(site.colours.map((c: any) => c.name));
    const withSwatch = data.colours.find((c: any) => c.swatch_url);
    if (withSwatch) expect(withSwatch.swatch_url).toMatch(/^https:\/\/shop\.test\/swatches\//);

    const calculatorId = await callTool(client, 'list_colours', { product_id: 'verticals-blockout' });
    expect((calculatorId.structuredContent as any).product_id).toBe('vertical-blockout');

    const unknown = await callTool(client, 'list_colours', { product_id: 'no-such-blind' });
    expect(unknown.isError).toBe(true);
    expect(textOf(unknown)).toContain("We do not have a product called 'no-such-blind'");
    await client.close();
  });

  it('tells business facts from the configuration', async () => {
    const client = await connectAgent();
    const data = (await callTool(client, 'business_info')).structuredContent as any;
    expect(data.contact).toMatchObject({
      phone_national: '+27 21 000 0000',
      email: 'info@example.co.za',
      website: BASE,
      main_website: 'https://example.co.za',
    });
    expect(data.lead_times).toContain('Production takes 7-10 business days.');
    expect(data.quote_valid_days).toBe(30);
    await client.close();
  });
});

describe('/mcp: price_blind answers what the quote calculator shows', () => {
  it('prices a size exactly as POST /api/pricing/quote does, VAT included, for a quantity', async () => {
    const client = await connectAgent();
    const colour = await firstColour('roller-blockout');
    const site = await websitePrice('roller-blockout', 1234, 1567);
    expect(site.success).toBe(true);
    const result = await callTool(client, 'price_blind', {
      product_id: 'roller-blockout',
      width_mm: 1234,
      drop_mm: 1567,
      colour: colour.toUpperCase(),
      quantity: 3,
    });
    expect(result.isError).toBeFalsy();
    const data = result.structuredContent as any;
    expect(data).toMatchObject({
      success: true,
      product_id: site.quote.product_type,
      unit_price_zar: site.quote.price,
      unit_price_cents: site.quote.price_cents,
      total_price_cents: site.quote.price_cents * 3,
      width_band_mm: site.quote.width_band_mm,
      drop_band_mm: site.quote.drop_band_mm,
      colour,
      currency: 'ZAR',
      vat_included: true,
      sample_prices: site.quote.sample_prices,
    });
    expect(textOf(result)).toContain(data.unit_price_text);
    expect(textOf(result)).toContain('VAT included');
    // Clients that hand the model only text still get the data (the second text block is the JSON).
    expect(JSON.parse((result.content[1] as { text: string }).text)).toEqual(data);
    await client.close();
  });

  it("refuses over 3000 mm with the website's heading and message and refers to the team", async () => {
    const client = await connectAgent();
    const site = await websitePrice('roller-blockout', 3500, 1200);
    expect(site).toMatchObject({ success: false, error_type: 'out_of_range', contact_required: true });
    const result = await callTool(client, 'price_blind', { product_id: 'roller-blockout', width_mm: 3500, drop_mm: 1200 });
    expect(result.isError).toBeFalsy();
    const data = result.structuredContent as any;
    expect(data).toMatchObject({
      success: false,
      title: 'Contact Team for Custom Made Orders',
      message: site.message,
      contact_required: true,
    });
    expect(data.unit_price_zar).toBeUndefined();
    expect(data.contact).toContain('+27 21 000 0000');
    expect(textOf(result)).toContain(`Contact Team for Custom Made Orders: ${site.message}`);

    // Only the drop over 3000 mm refers to the team as well.
    const drop = (await callTool(client, 'price_blind', { product_id: 'roller-blockout', width_mm: 1000, drop_mm: 3200 }))
      .structuredContent as any;
    expect(drop).toMatchObject({ success: false, title: 'Contact Team for Custom Made Orders', contact_required: true });
    await client.close();
  });

  it("answers a size below the smallest with 'Size Too Small' and the website's message", async () => {
    const client = await connectAgent();
    const site = await websitePrice('roller-blockout', 50, 50);
    const data = (await callTool(client, 'price_blind', { product_id: 'roller-blockout', width_mm: 50, drop_mm: 50 }))
      .structuredContent as any;
    expect(data).toMatchObject({ success: false, title: 'Size Too Small', message: site.message, contact_required: false, contact: null });
    await client.close();
  });

  it('refuses an unknown product, a colour the product does not come in and a size that is not whole millimetres', async () => {
    const client = await connectAgent();
    const unknown = await callTool(client, 'price_blind', { product_id: 'no-such-blind', width_mm: 1000, drop_mm: 1000 });
    expect(unknown.isError).toBe(true);
    expect(textOf(unknown)).toContain("We do not have a price list for 'no-such-blind'");
    const colour = await callTool(client, 'price_blind', {
      product_id: 'roller-blockout',
      width_mm: 1000,
      drop_mm: 1000,
      colour: 'Tartan Plaid',
    });
    expect(colour.isError).toBe(true);
    expect(textOf(colour)).toContain("does not come in 'Tartan Plaid'");
    const fraction = await callTool(client, 'price_blind', { product_id: 'roller-blockout', width_mm: 'wide', drop_mm: 1000 });
    expect(fraction.isError).toBe(true);
    expect(textOf(fraction)).toContain('width_mm');
    await client.close();
  });
});

describe('/mcp: start_quote hands the customer a link to complete the quote on the site', () => {
  it('stores the server-priced quote and answers the /complete-quote link that loads it', async () => {
    const client = await connectAgent();
    const colour = await firstColour('roller-blockout');
    const price = (await callTool(client, 'price_blind', { product_id: 'roller-blockout', width_mm: 1400, drop_mm: 1800, quantity: 2 }))
      .structuredContent as any;
    const result = await callTool(client, 'start_quote', {
      product_id: 'roller-blockout',
      width_mm: 1400,
      drop_mm: 1800,
      colour,
      quantity: 2,
      customer_name: 'Sipho Agent-Test',
      customer_email: 'sipho@example.co.za',
    });
    expect(result.isError, textOf(result)).toBeFalsy();
    const data = result.structuredContent as any;
    expect(data.total_price_zar).toBe(price.total_price_zar);
    expect(data.next_step).toContain('Nothing is ordered or paid');
    const link = new URL(data.complete_url);
    expect(link.origin + link.pathname).toBe(`${BASE}/complete-quote`);
    expect(link.searchParams.get('quote_id')).toBe(data.quote_id);
    expect(textOf(result)).toContain(data.complete_url);

    // The page reads the quote back with the link's number and key (GET /api/quotes/{id}?key=).
    const res = await get(`/api/quotes/${data.quote_id}?key=${link.searchParams.get('key')}`);
    expect(res.status).toBe(200);
    const { quote } = await res.json<any>();
    expect(quote).toMatchObject({
      quote_id: data.quote_id,
      customer_name: 'Sipho Agent-Test',
      customer_email: 'sipho@example.co.za',
      total_amount: price.total_price_zar,
      order_reference: null,
    });
    expect(quote.blinds).toHaveLength(1);
    expect(quote.blinds[0]).toMatchObject({
      product_type: 'roller-blockout',
      width_mm: 1400,
      drop_mm: 1800,
      colour,
      quantity: 2,
      price: price.unit_price_zar,
    });
    // Without the key the number alone opens nothing.
    expect((await get(`/api/quotes/${data.quote_id}?key=wrong`)).status).toBe(404);
    // The business is told, and told that an AI agent started it (nobody has checked it with the customer).
    const notice = await env.DB.prepare('SELECT subject, text FROM email_outbox WHERE dedupe_key = ?')
      .bind(`quote:${data.quote_id}:internal`)
      .first<any>();
    expect(notice.subject).toBe(`Quote started by an AI agent: ${data.quote_id} - Sipho Agent-Test`);
    expect(notice.text).toContain('started by an AI shopping agent (through /mcp)');
    await client.close();
  });

  it('does not store a quote for a size the website refers to the team, and needs a colour the product has', async () => {
    const client = await connectAgent();
    const colour = await firstColour('roller-blockout');
    const over = await callTool(client, 'start_quote', { product_id: 'roller-blockout', width_mm: 3100, drop_mm: 1500, colour });
    expect(over.isError).toBe(true);
    expect(textOf(over)).toContain('Contact Team for Custom Made Orders');
    const noColour = await callTool(client, 'start_quote', { product_id: 'roller-blockout', width_mm: 1000, drop_mm: 1500 });
    expect(noColour.isError).toBe(true);
    expect(textOf(noColour)).toContain('colour');
    const badEmail = await callTool(client, 'start_quote', {
      product_id: 'roller-blockout',
      width_mm: 1000,
      drop_mm: 1500,
      colour,
      customer_email: 'not-an-address',
    });
    expect(badEmail.isError).toBe(true);
    await client.close();
  });

  it(
    `starts at most ${MCP_START_QUOTE_LIMIT.limit} quotes per client per hour`,
    async () => {
      const ip = freshIp();
      // The refusal names minutes: the burst must end more than a minute before the hour's window does.
      await clearOfWindowEnd(MCP_START_QUOTE_LIMIT.windowSeconds, START_QUOTE_WAIT_MS, START_QUOTE_TIMEOUT_MS);
      const client = await connectAgent(ip);
      const colour = await firstColour('roller-blockout');
      const args = { product_id: 'roller-blockout', width_mm: 1000, drop_mm: 1000, colour };
      for (let i = 0; i < MCP_START_QUOTE_LIMIT.limit; i++) {
        expect((await callTool(client, 'start_quote', args)).isError).toBeFalsy();
      }
      const refused = await callTool(client, 'start_quote', args);
      expect(refused.isError).toBe(true);
      expect(textOf(refused)).toMatch(/several quotes already\. Please wait \d+ minutes and try again\./);
      // Pricing still works for that client.
      expect((await callTool(client, 'price_blind', args)).isError).toBeFalsy();
      await client.close();
    },
    START_QUOTE_TIMEOUT_MS,
  );
});

// /mcp (issue 12): the MCP endpoint for AI shopping agents, driven by the SDK's own client over
// Streamable HTTP against the Worker. Happy paths, refusals with the website's messages, the rate
// limit, Origin checks, and proof that no staff data is reachable.
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport, StreamableHTTPError } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { env, SELF } from 'cloudflare:test';
import { describe, expect, it } from 'vitest';
import { MCP_SERVER_NAME, MCP_TOOL_NAMES } from '../../worker/mcp/server';
import { MCP_START_QUOTE_LIMIT } from '../../worker/mcp/shop-tools';
import { MCP_BATCH_REFUSED, MCP_MAX_BODY_BYTES, MCP_RATE_LIMIT } from '../../worker/routes/mcp';
import { BASE, clearOfWindowEnd, get, postJson, WINDOW_WAIT_TIMEOUT_MS } from './helpers';

const MCP_URL = `${BASE}/mcp`;
const RPC_HEADERS = { 'Content-Type': 'application/json', Accept: 'application/json, text/event-stream' };

let ipCounter = 0;
/** Each agent connects from its own address, so the per-client limits of one test never touch another. */
function freshIp(): string {
  ipCounter += 1;
  return `192.0.2.${(ipCounter % 250) + 1}`;
}

/** An SDK client whose HTTP goes straight to the Worker, from one client address. */
async function connectAgent(ip = freshIp(), headers: Record<string, string> = {}): Promise<Client> {
  const transport = new StreamableHTTPClientTransport(new URL(MCP_URL), {
    requestInit: { headers: { 'CF-Connecting-IP': ip, ...headers } },
    fetch: (url, init) => SELF.fetch(new Request(url, init)),
  });
  const client = new Client({ name: 'test-shopping-agent', version: '1.0.0' });
  await client.connect(transport);
  return client;
}

async function callTool(client: Client, name: string, args: Record<string, unknown> = {}): Promise<CallToolResult> {
  return (await client.callTool({ name, arguments: args })) as CallToolResult;
}

function textOf(result: CallToolResult): string {
  return result.content.map((part) => (part.type === 'text' ? part.text : '')).join('\n');
}

function rpc(body: unknown, headers: Record<string, string> = {}, method = 'POST'): Promise<Response> {
  return SELF.fetch(MCP_URL, {
    method,
    headers: { ...RPC_HEADERS, 'CF-Connecting-IP': freshIp(), ...headers },
    body: method === 'POST' ? (typeof body === 'string' ? body : JSON.stringify(body)) : undefined,
  });
}

const ping = { jsonrpc: '2.0', id: 1, method: 'ping' };

async function firstColour(productId: string): Promise<string> {
  const res = await get(`/api/colours/${productId}`);
  return (await res.json<any>()).colours[0].name;
}

async function websitePrice(product: string, width: number, drop: number): Promise<any> {
  const res = await postJson('/api/pricing/quote', { product_type: product, width_mm: width, drop_mm: drop, quantity: 1 }, { 'CF-Connecting-IP': freshIp() });
  expect(res.status).toBe(200);
  return res.json<any>();
}

const START_QUOTE_WAIT_MS = 120_000;
const START_QUOTE_TIMEOUT_MS = 300_000;

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
    expect(roller).toMatchObject({ name: site.name, description: site.description, from_price_zar: site.from_price, page_url: `${BASE}/quote-calculator` });
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
    expect(data.contact).toMatchObject({ phone_national: '+27 21 000 0000', email: 'info@example.co.za', website: BASE, main_website: 'https://example.co.za' });
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
    const result = await callTool(client, 'price_blind', { product_id: 'roller-blockout', width_mm: 1234, drop_mm: 1567, colour: colour.toUpperCase(), quantity: 3 });
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
    expect(data).toMatchObject({ success: false, title: 'Contact Team for Custom Made Orders', message: site.message, contact_required: true });
    expect(data.unit_price_zar).toBeUndefined();
    expect(data.contact).toContain('+27 21 000 0000');
    expect(textOf(result)).toContain(`Contact Team for Custom Made Orders: ${site.message}`);

    // Only the drop over 3000 mm refers to the team as well.
    const drop = (await callTool(client, 'price_blind', { product_id: 'roller-blockout', width_mm: 1000, drop_mm: 3200 })).structuredContent as any;
    expect(drop).toMatchObject({ success: false, title: 'Contact Team for Custom Made Orders', contact_required: true });
    await client.close();
  });

  it("answers a size below the smallest with 'Size Too Small' and the website's message", async () => {
    const client = await connectAgent();
    const site = await websitePrice('roller-blockout', 50, 50);
    const data = (await callTool(client, 'price_blind', { product_id: 'roller-blockout', width_mm: 50, drop_mm: 50 })).structuredContent as any;
    expect(data).toMatchObject({ success: false, title: 'Size Too Small', message: site.message, contact_required: false, contact: null });
    await client.close();
  });

  it('refuses an unknown product, a colour the product does not come in and a size that is not whole millimetres', async () => {
    const client = await connectAgent();
    const unknown = await callTool(client, 'price_blind', { product_id: 'no-such-blind', width_mm: 1000, drop_mm: 1000 });
    expect(unknown.isError).toBe(true);
    expect(textOf(unknown)).toContain("We do not have a price list for 'no-such-blind'");
    const colour = await callTool(client, 'price_blind', { product_id: 'roller-blockout', width_mm: 1000, drop_mm: 1000, colour: 'Tartan Plaid' });
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
    const price = (await callTool(client, 'price_blind', { product_id: 'roller-blockout', width_mm: 1400, drop_mm: 1800, quantity: 2 })).structuredContent as any;
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
    expect(quote).toMatchObject({ quote_id: data.quote_id, customer_name: 'Sipho Agent-Test', customer_email: 'sipho@example.co.za', total_amount: price.total_price_zar, order_reference: null });
    expect(quote.blinds).toHaveLength(1);
    expect(quote.blinds[0]).toMatchObject({ product_type: 'roller-blockout', width_mm: 1400, drop_mm: 1800, colour, quantity: 2, price: price.unit_price_zar });
    // Without the key the number alone opens nothing.
    expect((await get(`/api/quotes/${data.quote_id}?key=wrong`)).status).toBe(404);
    // The business is told, and told that an AI agent started it (nobody has checked it with the customer).
    const notice = await env.DB.prepare('SELECT subject, text FROM email_outbox WHERE dedupe_key = ?').bind(`quote:${data.quote_id}:internal`).first<any>();
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
    const badEmail = await callTool(client, 'start_quote', { product_id: 'roller-blockout', width_mm: 1000, drop_mm: 1500, colour, customer_email: 'not-an-address' });
    expect(badEmail.isError).toBe(true);
    await client.close();
  });

  it(`starts at most ${MCP_START_QUOTE_LIMIT.limit} quotes per client per hour`, async () => {
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
  }, START_QUOTE_TIMEOUT_MS);
});

describe('/mcp: limits and protocol', () => {
  it(`answers 429 in the JSON-RPC error shape after ${MCP_RATE_LIMIT.limit} requests a minute from one client`, async () => {
    const ip = freshIp();
    await clearOfWindowEnd(MCP_RATE_LIMIT.windowSeconds);
    for (let i = 0; i < MCP_RATE_LIMIT.limit; i++) {
      const res = await rpc(ping, { 'CF-Connecting-IP': ip });
      expect(res.status).toBe(200);
    }
    const limited = await rpc(ping, { 'CF-Connecting-IP': ip });
    expect(limited.status).toBe(429);
    expect(Number(limited.headers.get('Retry-After'))).toBeGreaterThan(0);
    const body = await limited.json<any>();
    expect(body).toMatchObject({ jsonrpc: '2.0', id: null, error: { code: -32000 } });
    expect(body.error.message).toContain('Too many requests');
    // The SDK client sees the 429 too; another client is not affected.
    const error = await connectAgent(ip).catch((err: unknown) => err);
    expect(error).toBeInstanceOf(StreamableHTTPError);
    expect((error as StreamableHTTPError).code).toBe(429);
    expect((await rpc(ping)).status).toBe(200);
  }, WINDOW_WAIT_TIMEOUT_MS);

  it('refuses a body over the size limit with 413 before parsing it', async () => {
    const huge = JSON.stringify({ ...ping, params: { padding: 'x'.repeat(MCP_MAX_BODY_BYTES) } });
    const res = await rpc(huge);
    expect(res.status).toBe(413);
    expect((await res.json<any>()).error.code).toBe(-32000);
  });

  it('answers GET and DELETE with 405 (stateless: no event stream, no session)', async () => {
    for (const method of ['GET', 'DELETE']) {
      const res = await rpc(undefined, { Accept: 'text/event-stream' }, method);
      expect(res.status, method).toBe(405);
      expect(res.headers.get('Allow')).toBe('POST');
      expect((await res.json<any>()).error.code).toBe(-32000);
    }
  });

  it('refuses a JSON-RPC batch whole: 100 price_blind calls in one array are not 100 calls under the limit of 60 a minute', async () => {
    const call = (id: number) => ({ jsonrpc: '2.0', id, method: 'tools/call', params: { name: 'price_blind', arguments: { product_id: 'roller-blockout', width_mm: 1200, drop_mm: 1500 } } });
    const ip = freshIp();
    // One call on its own is answered (so the refusal below is the batch, not the call).
    const single = await rpc(call(1), { 'CF-Connecting-IP': ip });
    expect(single.status).toBe(200);
    const answered = await single.json<any>();
    expect(answered.error).toBeUndefined();
    expect(answered.result.isError).not.toBe(true);
    expect(answered.result.structuredContent ?? answered.result.content).toBeTruthy();

    const batch = Array.from({ length: 100 }, (_, i) => call(i + 2));
    const res = await rpc(batch, { 'CF-Connecting-IP': ip });
    expect(res.status).toBe(400);
    const body = await res.json<any>();
    expect(Array.isArray(body)).toBe(false);
    expect(body).toMatchObject({ jsonrpc: '2.0', id: null, error: { code: -32600, message: MCP_BATCH_REFUSED } });
    expect(JSON.stringify(body)).not.toContain('result');
    // A batch of one and an empty batch are batches too.
    for (const small of [[call(200)], []]) expect((await rpc(small, { 'CF-Connecting-IP': ip })).status).toBe(400);
  });

  it('answers malformed JSON-RPC with a JSON-RPC parse error, not a 500', async () => {
    const res = await rpc('{not json');
    expect(res.status).toBe(400);
    expect((await res.json<any>()).error.code).toBe(-32700);
  });
});

describe('/mcp: Origin validation (MCP spec: DNS rebinding)', () => {
  it('accepts agents without an Origin and pages of this site', async () => {
    expect((await rpc(ping)).status).toBe(200);
    expect((await rpc(ping, { Origin: BASE })).status).toBe(200);
    expect((await rpc(ping, { 'Sec-Fetch-Site': 'same-origin', Origin: BASE })).status).toBe(200);
  });

  it('refuses a page of another website with 403, for every method', async () => {
    const foreign: Record<string, string>[] = [{ Origin: 'https://evil.example' }, { Origin: 'http://localhost:8787' }, { 'Sec-Fetch-Site': 'cross-site' }];
    for (const headers of foreign) {
      const res = await rpc(ping, headers);
      expect(res.status, JSON.stringify(headers)).toBe(403);
      const body = await res.json<any>();
      expect(body).toMatchObject({ jsonrpc: '2.0', id: null, error: { code: -32000, message: 'Requests from other websites are not accepted.' } });
    }
    expect((await rpc(undefined, { Origin: 'https://evil.example' }, 'GET')).status).toBe(403);
    const error = await connectAgent(freshIp(), { Origin: 'https://evil.example' }).catch((err: unknown) => err);
    expect((error as StreamableHTTPError).code).toBe(403);
  });
});

describe('/mcp: no staff data is reachable', () => {
  it('offers no staff tools, resources or prompts, and an unknown tool name is an error', async () => {
    const client = await connectAgent();
    const { tools } = await client.listTools();
    for (const tool of tools) expect(tool.name).not.toMatch(/lead|order|audit|admin|staff|outbox|visit|tracking/i);
    expect(client.getServerCapabilities()?.resources).toBeUndefined();
    expect(client.getServerCapabilities()?.prompts).toBeUndefined();
    await expect(client.listResources()).rejects.toThrow();
    await expect(client.listPrompts()).rejects.toThrow();
    const leads = await callTool(client, 'list_leads');
    expect(leads.isError).toBe(true);
    expect(textOf(leads)).toContain('Tool list_leads not found');
    await client.close();
  });

  it("never answers a stored lead's details, and staff routes stay closed to the agent", async () => {
    const ip = freshIp();
    const marker = `mcp-probe-${crypto.randomUUID().slice(0, 8)}@example.co.za`;
    const lead = await postJson(
      '/api/leads/capture',
      { name: 'Probe Person', email: marker, phone: '082 555 0123', whatsapp: '', location: 'Knysna', source: 'ar_visualizer', productInterest: 'Roller', sessionData: {}, notes: '', popiaConsent: true },
      { 'CF-Connecting-IP': freshIp() },
    );
    expect(lead.status).toBe(201);
    const client = await connectAgent(ip);
    const answers = [
      await callTool(client, 'list_products'),
      await callTool(client, 'list_colours', { product_id: 'roller-blockout' }),
      await callTool(client, 'business_info'),
      await callTool(client, 'price_blind', { product_id: 'roller-blockout', width_mm: 1000, drop_mm: 1000 }),
    ];
    for (const result of answers) expect(JSON.stringify(result)).not.toContain(marker);
    await client.close();
    // Having used /mcp gives no access to the staff API.
    for (const path of ['/api/leads', '/api/admin/audit', '/api/admin/outbox', '/api/admin/dashboard']) {
      expect((await get(path, { 'CF-Connecting-IP': ip })).status, path).toBe(401);
    }
  });
});

// /mcp: the rate limit and the protocol's edges (body size, methods, batches, malformed
// JSON-RPC), Origin checks, and proof that no staff data is reachable. The tools themselves: mcp.test.ts.
import { StreamableHTTPError } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { describe, expect, it } from 'vitest';
import { MCP_BATCH_REFUSED, MCP_MAX_BODY_BYTES, MCP_RATE_LIMIT } from '../../worker/routes/mcp';
import { BASE, clearOfWindowEnd, get, postJson, WINDOW_WAIT_TIMEOUT_MS } from './helpers';
import { callTool, connectAgent, freshIp, ping, rpc, textOf } from './mcp-fixtures';

describe('/mcp: limits and protocol', () => {
  it(
    `answers 429 in the JSON-RPC error shape after ${MCP_RATE_LIMIT.limit} requests a minute from one client`,
    async () => {
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
    },
    WINDOW_WAIT_TIMEOUT_MS,
  );

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
    const call = (id: number) => ({
      jsonrpc: '2.0',
      id,
      method: 'tools/call',
      params: { name: 'price_blind', arguments: { product_id: 'roller-blockout', width_mm: 1200, drop_mm: 1500 } },
    });
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
    const foreign: Record<string, string>[] = [
      { Origin: 'https://evil.example' },
      { Origin: 'http://localhost:8787' },
      { 'Sec-Fetch-Site': 'cross-site' },
    ];
    for (const headers of foreign) {
      const res = await rpc(ping, headers);
      expect(res.status, JSON.stringify(headers)).toBe(403);
      const body = await res.json<any>();
      expect(body).toMatchObject({
        jsonrpc: '2.0',
        id: null,
        error: { code: -32000, message: 'Requests from other websites are not accepted.' },
      });
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
      {
        name: 'Probe Person',
        email: marker,
        phone: '082 555 0123',
        whatsapp: '',
        location: 'Knysna',
        source: 'ar_visualizer',
        productInterest: 'Roller',
        sessionData: {},
        notes: '',
        popiaConsent: true,
      },
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

// Helpers of the /mcp tests (mcp.test.ts, mcp-limits.test.ts): an SDK client connected to the Worker
// from an address of its own, raw JSON-RPC requests, and the website's own answers to compare with.
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { SELF } from 'cloudflare:test';
import { expect } from 'vitest';
import { BASE, get, postJson } from './helpers';

export const MCP_URL = `${BASE}/mcp`;
export const RPC_HEADERS = { 'Content-Type': 'application/json', Accept: 'application/json, text/event-stream' };

let ipCounter = 0;
/** Each agent connects from its own address, so the per-client limits of one test never touch another. */
export function freshIp(): string {
  ipCounter += 1;
  return `192.0.2.${(ipCounter % 250) + 1}`;
}

/** An SDK client whose HTTP goes straight to the Worker, from one client address. */
export async function connectAgent(ip = freshIp(), headers: Record<string, string> = {}): Promise<Client> {
  const transport = new StreamableHTTPClientTransport(new URL(MCP_URL), {
    requestInit: { headers: { 'CF-Connecting-IP': ip, ...headers } },
    fetch: (url, init) => SELF.fetch(new Request(url, init)),
  });
  const client = new Client({ name: 'test-shopping-agent', version: '1.0.0' });
  await client.connect(transport);
  return client;
}

export async function callTool(client: Client, name: string, args: Record<string, unknown> = {}): Promise<CallToolResult> {
  return (await client.callTool({ name, arguments: args })) as CallToolResult;
}

export function textOf(result: CallToolResult): string {
  return result.content.map((part) => (part.type === 'text' ? part.text : '')).join('\n');
}

export function rpc(body: unknown, headers: Record<string, string> = {}, method = 'POST'): Promise<Response> {
  return SELF.fetch(MCP_URL, {
    method,
    headers: { ...RPC_HEADERS, 'CF-Connecting-IP': freshIp(), ...headers },
    body: method === 'POST' ? (typeof body === 'string' ? body : JSON.stringify(body)) : undefined,
  });
}

export const ping = { jsonrpc: '2.0', id: 1, method: 'ping' };

export async function firstColour(productId: string): Promise<string> {
  const res = await get(`/api/colours/${productId}`);
  return (await res.json<any>()).colours[0].name;
}

export async function websitePrice(product: string, width: number, drop: number): Promise<any> {
  const res = await postJson(
    '/api/pricing/quote',
    { product_type: product, width_mm: width, drop_mm: drop, quantity: 1 },
    { 'CF-Connecting-IP': freshIp() },
  );
  expect(res.status).toBe(200);
  return res.json<any>();
}

export const START_QUOTE_WAIT_MS = 120_000;
export const START_QUOTE_TIMEOUT_MS = 300_000;

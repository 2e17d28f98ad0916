// /mcp: the Model Context Protocol endpoint for AI shopping agents, Streamable HTTP in
// stateless mode: every POST gets a new server and transport and a JSON answer, so any isolate can
// serve any request and nothing is kept between them. Public (outside /api, so outside default
// deny): it reaches only the catalogue, prices and quote-starting tools of worker/mcp/server.ts.
import { WebStandardStreamableHTTPServerTransport } from '@modelcontextprotocol/sdk/server/webStandardStreamableHttp.js';
import { Hono, type Context } from 'hono';
import type { AppBindings } from '../env';
import { clientKey } from '../lib/client';
import { AppError } from '../lib/errors';
import { publicOrigin } from '../lib/origin';
import { createShopMcpServer } from '../mcp/server';
import { hitLimit, type RateLimitRule } from '../middleware/rate-limit';
import { isCrossSiteRequest } from '../middleware/same-origin';
import { sendOutboxMessages } from '../services/email/outbox';
import { trackEvent } from './analytics';

/** Requests per client: a session of initialize, its notification and a few dozen tool calls a minute. */
export const MCP_RATE_LIMIT: RateLimitRule = { name: 'mcp', limit: 60, windowSeconds: 60 };
/** Tool calls are small JSON; a bigger body is refused before it is parsed. */
export const MCP_MAX_BODY_BYTES = 64 * 1024;

/**
 * A JSON-RPC batch is refused whole: the limit above counts requests, so a batch of 100 tool calls
 * would otherwise be 100 calls for the price of one. MCP 2025-06-18 dropped batching from the
 * protocol, so a current agent never sends one.
 */
export const MCP_BATCH_REFUSED =
  'Batches are not accepted: send one JSON-RPC message per request (each counts against the limit of 60 a minute).';

/** The JSON-RPC error shape the transport itself answers with (id null: the request was not read). */
function rpcError(
  status: 400 | 403 | 405 | 413 | 429,
  message: string,
  headers: Record<string, string> = {},
  data?: unknown,
  code = -32000,
): Response {
  const error: { code: number; message: string; data?: unknown } = { code, message };
  if (data !== undefined) error.data = data;
  return new Response(JSON.stringify({ jsonrpc: '2.0', error, id: null }), {
    status,
    headers: { 'Content-Type': 'application/json', 'Cache-Control': 'no-store', ...headers },
  });
}

function waitUntil(c: Context<AppBindings>, promise: Promise<unknown>): void {
  try {
    c.executionCtx.waitUntil(promise);
  } catch {
    // No execution context (app.request() in a test): the promise runs on its own.
  }
}

/** The body as text, read at most to the limit (null when it is larger), whatever Content-Length claims. */
async function readBounded(req: Request, maxBytes: number): Promise<string | null> {
  if (Number(req.headers.get('content-length')) > maxBytes) return null;
  if (!req.body) return '';
  const reader = req.body.getReader();
  const decoder = new TextDecoder();
  let received = 0;
  let text = '';
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    received += value.byteLength;
    if (received > maxBytes) {
      await reader.cancel().catch(() => undefined);
      return null;
    }
    text += decoder.decode(value, { stream: true });
  }
  return text + decoder.decode();
}

async function handleMcpPost(c: Context<AppBindings>): Promise<Response> {
  const client = clientKey(c);
  try {
    await hitLimit(c.env, MCP_RATE_LIMIT, client, 'Too many requests to the shop tools.');
  } catch (err) {
    if (!(err instanceof AppError) || err.code !== 'rate_limited') throw err;
    const retryAfter = err.details?.retryAfterSeconds ?? MCP_RATE_LIMIT.windowSeconds;
    return rpcError(429, err.message, { 'Retry-After': String(retryAfter) }, { retryAfterSeconds: retryAfter });
  }

  // Read here (not by the transport) so a batch is refused before any of its calls runs.
  const text = await readBounded(c.req.raw, MCP_MAX_BODY_BYTES);
  if (text === null) return rpcError(413, `Payload too large: send at most ${MCP_MAX_BODY_BYTES / 1024} KB per request.`);
  let parsedBody: unknown;
  try {
    parsedBody = JSON.parse(text);
  } catch {
    return rpcError(400, 'Parse error: Invalid JSON', {}, undefined, -32700);
  }
  if (Array.isArray(parsedBody)) return rpcError(400, MCP_BATCH_REFUSED, {}, undefined, -32600);

  const requestId = c.get('requestId');
  const server = createShopMcpServer(
    {
      env: c.env,
      origin: publicOrigin(c.env, c.req.url),
      client,
      onQuoteSaved: (saved, productId) => {
        trackEvent(c, {
          kind: 'quote',
          refId: saved.quoteId,
          valueCents: saved.totalCents,
          productId,
          data: { products: [productId], channel: 'mcp' },
        });
        waitUntil(
          c,
          sendOutboxMessages(c.env, saved.outboxIds).catch((err) =>
            console.error(JSON.stringify({ level: 'error', requestId, message: "'Quote saved' e-mail not sent now", error: String(err) })),
          ),
        );
      },
    },
    requestId,
  );
  const transport = new WebStandardStreamableHTTPServerTransport({
    sessionIdGenerator: undefined,
    enableJsonResponse: true,
    maxRequestBodySize: MCP_MAX_BODY_BYTES,
  });
  try {
    await server.connect(transport);
    const response = await transport.handleRequest(c.req.raw, { parsedBody });
    response.headers.set('Cache-Control', 'no-store');
    return response;
  } finally {
    waitUntil(c, server.close());
  }
}

export const mcpRoutes = new Hono<AppBindings>()
  // MCP spec (transports, security warning): validate Origin against DNS rebinding. Agents are not
  // browsers and send none; a page of this site may; any other site's page is refused.
  .use('*', async (c, next) => {
    if (isCrossSiteRequest(c)) return rpcError(403, 'Requests from other websites are not accepted.');
    await next();
  })
  .post('/', handleMcpPost)
  // Stateless: no server-sent event stream to open (GET) and no session to end (DELETE).
  .all('/', () => rpcError(405, 'Method not allowed. Send MCP requests as JSON-RPC in a POST.', { Allow: 'POST' }));

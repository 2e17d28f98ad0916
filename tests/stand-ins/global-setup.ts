// Vitest globalSetup (runs in Node, not in workerd): one local HTTP server with the stand-ins of
// the outside services, speaking their real wire formats. Its base URL reaches the worker tests
// as the STAND_IN_URL binding (vitest.worker.config.ts). The server records what it received:
//   GET  /__requests[?key=K]  the recorded requests as JSON (only those made with API key K)
//   POST /__reset             forgets them
// Test files run in parallel, so tests filter by a key of their own rather than resetting.
import http from 'node:http';
import type { TestProject } from 'vitest/node';
import { anthropicKey, handleAnthropic } from './anthropic';
import { handleElevenLabs } from './elevenlabs';
import { handleOzow, ozowKey } from './ozow';
import { handlePayfast, payfastKey } from './payfast';
import { handleResend, resendKey } from './resend';
import { handleYoco, yocoKey } from './yoco';

declare module 'vitest' {
  export interface ProvidedContext {
    standInUrl: string;
  }
}

export interface RecordedRequest {
  service: 'anthropic' | 'elevenlabs' | 'yoco' | 'payfast' | 'ozow' | 'resend' | 'unknown';
  method: string;
  path: string;
  headers: Record<string, string>;
  /** Parsed JSON, or the text when it is not JSON. */
  body: unknown;
  /** The API key sent (x-api-key, Authorization: Bearer or xi-api-key). */
  key: string | null;
}

export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const recorded: RecordedRequest[] = [];

  async function route(method: string, url: URL, headers: Headers, bodyBytes: Uint8Array): Promise<Response> {
    if (url.pathname === '/__requests' && method === 'GET') {
      const key = url.searchParams.get('key');
      return Response.json(key === null ? recorded : recorded.filter((r) => r.key === key));
    }
    if (url.pathname === '/__reset' && method === 'POST') {
      recorded.length = 0;
      return Response.json({ ok: true });
    }
    // Payment gateways by path prefix: their bases are `${STAND_IN_URL}/yoco`, `/payfast` and `/ozow`.
    const gateway = /^\/(yoco|payfast|ozow)(\/.*)$/.exec(url.pathname);
    if (gateway) {
      const gatewayService = gateway[1] as 'yoco' | 'payfast' | 'ozow';
      const text = new TextDecoder().decode(bodyBytes);
      let parsed: unknown = text;
      try {
        parsed = text ? JSON.parse(text) : null;
      } catch {
        /* a form body stays text */
      }
      const key = gatewayService === 'yoco' ? yocoKey(headers) : gatewayService === 'ozow' ? ozowKey(headers) : payfastKey(text);
      recorded.push({ service: gatewayService, method, path: url.pathname, headers: Object.fromEntries(headers), body: parsed, key });
      const request = new Request(url, {
        method,
        headers,
        body: method === 'GET' || method === 'HEAD' ? undefined : (bodyBytes as Uint8Array<ArrayBuffer>),
      });
      if (gatewayService === 'ozow') return handleOzow(request, gateway[2]!, `http://${headers.get('host') ?? url.host}/ozow`);
      return gatewayService === 'yoco' ? handleYoco(request, gateway[2]!) : handlePayfast(request, gateway[2]!);
    }
    // Resend's e-mail API by path: its base is STAND_IN_URL itself (POST /emails).
    if (url.pathname === '/emails' || url.pathname.startsWith('/emails/')) {
      const text = new TextDecoder().decode(bodyBytes);
      let parsed: unknown = text;
      try {
        parsed = text ? JSON.parse(text) : null;
      } catch {
        /* keep the text */
      }
      recorded.push({
        service: 'resend',
        method,
        path: url.pathname,
        headers: Object.fromEntries(headers),
        body: parsed,
        key: resendKey(headers),
      });
      return handleResend(
        new Request(url, {
          method,
          headers,
          body: method === 'GET' || method === 'HEAD' ? undefined : (bodyBytes as Uint8Array<ArrayBuffer>),
        }),
        url,
      );
    }
    const service = url.pathname.startsWith('/v1/text-to-speech')
      ? 'elevenlabs'
      : url.pathname.startsWith('/v1/')
        ? 'anthropic'
        : 'unknown';
    const bodyText = new TextDecoder().decode(bodyBytes);
    let body: unknown = bodyText;
    try {
      body = bodyText ? JSON.parse(bodyText) : null;
    } catch {
      /* keep the text */
    }
    recorded.push({
      service,
      method,
      path: url.pathname,
      headers: Object.fromEntries(headers),
      body,
      key: service === 'elevenlabs' ? headers.get('xi-api-key') : anthropicKey(headers),
    });
    const request = new Request(url, {
      method,
      headers,
      body: method === 'GET' || method === 'HEAD' ? undefined : (bodyBytes as Uint8Array<ArrayBuffer>),
    });
    if (service === 'elevenlabs') return handleElevenLabs(request, url);
    if (service === 'anthropic') return handleAnthropic(request, url);
    return new Response('Not found', { status: 404 });
  }

  const server = http.createServer((req, res) => {
    void (async () => {
      try {
        const chunks: Uint8Array[] = [];
        for await (const chunk of req) chunks.push(chunk as Uint8Array);
        const bodyBytes = new Uint8Array(chunks.reduce((n, c) => n + c.byteLength, 0));
        let offset = 0;
        for (const c of chunks) {
          bodyBytes.set(c, offset);
          offset += c.byteLength;
        }
        const headers = new Headers();
        for (const [name, value] of Object.entries(req.headers)) {
          if (value !== undefined) headers.set(name, Array.isArray(value) ? value.join(', ') : value);
        }
        const response = await route(req.method ?? 'GET', new URL(req.url ?? '/', 'http://127.0.0.1'), headers, bodyBytes);
        res.writeHead(response.status, Object.fromEntries(response.headers));
        res.end(new Uint8Array(await response.arrayBuffer()));
      } catch (err) {
        res.writeHead(500, { 'content-type': 'text/plain' });
        res.end(new TextEncoder().encode(`stand-in failed: ${String(err)}`));
      }
    })();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  if (!address || typeof address === 'string') throw new Error('The stand-in server has no port.');
  project.provide('standInUrl', `http://127.0.0.1:${address.port}`);

  return () =>
    new Promise<void>((resolve) => {
      server.closeAllConnections();
      server.close(() => resolve());
    });
}

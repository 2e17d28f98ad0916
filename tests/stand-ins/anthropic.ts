// A stand-in for the Anthropic Messages API (POST /v1/messages), speaking its wire format: message
// objects with content blocks, tool_use stops, and the error shape {type:'error', error:{type, message}}.
// Deterministic rules, for tests:
// - the key must start with 'sk-ant-test' (x-api-key or Authorization: Bearer), anthropic-version must be sent;
// - a user text containing FAIL_500 / FAIL_529 / MALFORMED / NO_TEXT answers that failure;
// - a user text containing LOOP_TOOLS asks for track_order on every turn (never a final text);
// - a user text asking for a 'price' with a size 'W x D' (and price_blind among the tools) gets a
//   tool_use of price_blind {product, width_mm, drop_mm}; the tool_result it then receives is quoted
//   in the final text ('Here is what I found: ...').
// - a model the installed SDK does not list answers 404 not_found_error 'model: <id>' (the API's
//   answer for an unknown or retired id); an id that is not lower-case letters, digits, '-' and '.'
//   answers 400 invalid_request_error 'invalid model'.
// Runs in Node (vitest globalSetup) with web-standard Request/Response.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';

export const STAND_IN_ANTHROPIC_KEY_PREFIX = 'sk-ant-test';

type Block = { type: string; [k: string]: unknown };
type Msg = { role: string; content: string | Block[] };

/** The model ids of the SDK's `Model` type, read from the installed package. */
export function sdkModelIds(): string[] {
  const dts = readFileSync(join(process.cwd(), 'node_modules/@anthropic-ai/sdk/resources/messages/messages.d.ts'), 'utf8');
  const union = /export type Model = ([^;]+);/.exec(dts)?.[1] ?? '';
  return [...union.matchAll(/'([^']+)'/g)].map((m) => m[1]!);
}

let knownModels: Set<string> | null = null;

let counter = 0;
function id(prefix: string): string {
  counter += 1;
  return `${prefix}_standin${String(counter).padStart(6, '0')}`;
}

function json(status: number, body: unknown, headers: Record<string, string> = {}): Response {
  return new Response(JSON.stringify(body), {
    status,
    headers: { 'content-type': 'application/json', 'request-id': id('req'), ...headers },
  });
}

function apiError(status: number, type: string, message: string): Response {
  return json(status, { type: 'error', error: { type, message }, request_id: id('req') });
}

/** The key the request authenticated with (x-api-key, or the SDK's Authorization: Bearer). */
export function anthropicKey(headers: Headers): string | null {
  const bearer = /^Bearer\s+(.+)$/i.exec(headers.get('authorization') ?? '');
  return headers.get('x-api-key') ?? bearer?.[1] ?? null;
}

function blocks(content: Msg['content']): Block[] {
  return typeof content === 'string' ? [{ type: 'text', text: content }] : content;
}

function texts(m: Msg): string {
  return blocks(m.content)
    .filter((b) => b.type === 'text')
    .map((b) => String(b.text))
    .join(' ');
}

function message(model: string, content: Block[], stopReason: string): Response {
  return json(200, {
    id: id('msg'),
    type: 'message',
    role: 'assistant',
    model,
    content,
    stop_reason: stopReason,
    stop_sequence: null,
    stop_details: null,
    container: null,
    diagnostics: null,
    usage: {
      input_tokens: 100,
      output_tokens: 20,
      cache_creation_input_tokens: null,
      cache_read_input_tokens: null,
      cache_creation: null,
      inference_geo: null,
      output_tokens_details: null,
      server_tool_use: null,
      service_tier: 'standard',
    },
  });
}

const text = (t: string): Block => ({ type: 'text', text: t, citations: null });
const toolUse = (name: string, input: unknown): Block => ({ type: 'tool_use', id: id('toolu'), name, input, caller: { type: 'direct' } });

export async function handleAnthropic(req: Request, url: URL): Promise<Response> {
  if (url.pathname !== '/v1/messages') return apiError(404, 'not_found_error', `Not found: ${url.pathname}`);
  if (req.method !== 'POST') return apiError(405, 'invalid_request_error', 'Method not allowed');
  const key = anthropicKey(req.headers);
  if (!key?.startsWith(STAND_IN_ANTHROPIC_KEY_PREFIX)) return apiError(401, 'authentication_error', 'invalid x-api-key');
  if (!req.headers.get('anthropic-version')) return apiError(400, 'invalid_request_error', 'anthropic-version: header is required');

  let body: { model?: unknown; max_tokens?: unknown; messages?: unknown; tools?: { name: string }[] };
  try {
    body = (await req.json()) as typeof body;
  } catch {
    return apiError(400, 'invalid_request_error', 'There was an issue with your request body: not valid JSON');
  }
  if (
    typeof body.model !== 'string' ||
    typeof body.max_tokens !== 'number' ||
    !Array.isArray(body.messages) ||
    body.messages.length === 0
  ) {
    return apiError(400, 'invalid_request_error', 'model, max_tokens and messages are required');
  }
  const messages = body.messages as Msg[];
  const last = messages.at(-1)!;
  if (last.role !== 'user') return apiError(400, 'invalid_request_error', 'The last message must be from the user');
  const model = body.model;
  if (!/^[a-z0-9.-]+$/.test(model)) return apiError(400, 'invalid_request_error', `invalid model: ${model}`);
  knownModels ??= new Set(sdkModelIds());
  if (!knownModels.has(model)) return apiError(404, 'not_found_error', `model: ${model}`);
  const allUserText = messages
    .filter((m) => m.role === 'user')
    .map(texts)
    .join(' ');

  if (allUserText.includes('FAIL_500')) return apiError(500, 'api_error', 'Internal server error');
  if (allUserText.includes('FAIL_529')) return apiError(529, 'overloaded_error', 'Overloaded');
  if (allUserText.includes('MALFORMED'))
    return new Response('{"type":"message","content":[', { status: 200, headers: { 'content-type': 'application/json' } });
  if (allUserText.includes('NO_TEXT')) return message(model, [], 'end_turn');
  if (allUserText.includes('LOOP_TOOLS')) return message(model, [toolUse('track_order', { reference: 'CB-1' })], 'tool_use');

  const results = blocks(last.content).filter((b) => b.type === 'tool_result');
  if (results.length) {
    const quoted = results
      .map((r) =>
        typeof r.content === 'string'
          ? r.content
          : blocks(r.content as Block[])
              .map((b) => String(b.text ?? ''))
              .join(' '),
      )
      .join(' | ');
    return message(model, [text(`Here is what I found: ${quoted}`)], 'end_turn');
  }

  const lastText = texts(last);
  const tools = Array.isArray(body.tools) ? body.tools.map((t) => t.name) : [];
  const ask = /\bprice\b\s+(?:(?:a|an|the|my)\s+)?(.*?)\s*(\d{2,5})\s*(?:mm)?\s*[x×]\s*(\d{2,5})/i.exec(lastText);
  if (ask && tools.includes('price_blind')) {
    return message(
      model,
      [
        text('Let me work that out.'),
        toolUse('price_blind', { product: ask[1]!.trim() || 'roller blockout', width_mm: Number(ask[2]), drop_mm: Number(ask[3]) }),
      ],
      'tool_use',
    );
  }
  const images = blocks(last.content).filter((b) => b.type === 'image').length;
  return message(
    model,
    [text(images ? `Thanks for the ${images === 1 ? 'photo' : `${images} photos`}! Stand-in reply.` : 'Howzit! Stand-in reply.')],
    'end_turn',
  );
}

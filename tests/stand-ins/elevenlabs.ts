// A stand-in for ElevenLabs' text-to-speech API: POST /v1/text-to-speech/{voice_id} with header
// xi-api-key and JSON {text, model_id}, answering MP3 bytes (audio/mpeg). Keys must start with
// 'el-test'; others get 401 with ElevenLabs' {detail:{status, message}} error shape. A text
// containing FAIL_500 answers 500. Runs in Node (vitest globalSetup) with web-standard Request/Response.

export const STAND_IN_ELEVENLABS_KEY_PREFIX = 'el-test';

/** An ID3v2 header followed by one silent MPEG-1 Layer III frame header and padding. */
export const FAKE_MP3 = new Uint8Array([
  0x49,
  0x44,
  0x33,
  0x04,
  0x00,
  0x00,
  0x00,
  0x00,
  0x00,
  0x00, // 'ID3' v2.4, no tags
  0xff,
  0xfb,
  0x90,
  0x64,
  0x00,
  0x00,
  0x00,
  0x00,
  0x00,
  0x00,
  0x00,
  0x00,
]);

function detail(status: number, code: string, message: string): Response {
  return new Response(JSON.stringify({ detail: { status: code, message } }), { status, headers: { 'content-type': 'application/json' } });
}

export async function handleElevenLabs(req: Request, url: URL): Promise<Response> {
  const match = /^\/v1\/text-to-speech\/([^/]+)$/.exec(url.pathname);
  if (!match || req.method !== 'POST') return detail(404, 'not_found', `Not found: ${req.method} ${url.pathname}`);
  if (!req.headers.get('xi-api-key')?.startsWith(STAND_IN_ELEVENLABS_KEY_PREFIX)) {
    return detail(401, 'invalid_api_key', 'Invalid API key');
  }
  let body: { text?: unknown; model_id?: unknown };
  try {
    body = (await req.json()) as typeof body;
  } catch {
    return detail(400, 'invalid_json', 'Body is not valid JSON');
  }
  if (typeof body.text !== 'string' || !body.text) {
    return new Response(JSON.stringify({ detail: [{ loc: ['body', 'text'], msg: 'field required', type: 'value_error.missing' }] }), {
      status: 422,
      headers: { 'content-type': 'application/json' },
    });
  }
  if (body.text.includes('FAIL_500')) return detail(500, 'internal_error', 'Something went wrong');
  return new Response(FAKE_MP3, { status: 200, headers: { 'content-type': 'audio/mpeg', 'request-id': crypto.randomUUID() } });
}

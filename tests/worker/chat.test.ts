import { env, runInDurableObject } from 'cloudflare:test';
import { describe, expect, it } from 'vitest';
import type { ChatSession } from '../../worker/durable-objects/chat-session';
import { gridForProduct, priceForSize } from '../../worker/services/pricing';
import { postJson } from './helpers';

const PNG_1PX = 'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==';
let counter = 0;
function newSessionId(): string {
  counter += 1;
  return `session_${Date.now()}_${String(counter).padStart(9, 'a').slice(-9)}`;
}
function chat(body: Record<string, unknown>, ip = '203.0.113.50') {
  return postJson('/api/melvin/enhanced-chat', body, { 'CF-Connecting-IP': ip });
}
async function expectedPrice(product: string, width: number, drop: number): Promise<string> {
  const result = priceForSize((await gridForProduct(env.DB, product))!, width, drop);
  if (!result.ok) throw new Error('test size out of range');
  return new Intl.NumberFormat('en-ZA', { style: 'currency', currency: 'ZAR', minimumFractionDigits: 2 }).format(result.priceCents / 100);
}
const plain = (s: string) => s.replace(/\s/g, ' ');

describe('POST /api/chat/session', () => {
  it('starts a session and rejects a malformed id', async () => {
    const ok = await postJson('/api/chat/session', { sessionId: newSessionId() });
    expect(ok.status).toBe(200);
    expect(await ok.json()).toMatchObject({ success: true, messageCount: 0 });
    const bad = await postJson('/api/chat/session', { sessionId: 'hello' });
    expect(bad.status).toBe(400);
    expect((await bad.json<any>()).message).toContain('sessionId');
  });
});

describe('POST /api/melvin/enhanced-chat', () => {
  it('answers with the built-in consultant and says why', async () => {
    const res = await chat({ message: 'How much is a roller blockout blind 1200 x 1500?', sessionId: newSessionId(), images: [], userContext: { location: 'national', isMelvin: false } });
    expect(res.status).toBe(200);
    const body = await res.json<any>();
    expect(plain(body.response)).toContain(plain(await expectedPrice('roller-blockout', 1200, 1500)));
    expect(body.aiProvider).toBe('other');
    expect(body.routingReason).toContain('built-in consultant');
    expect(body.features).toContain('pricing');
  });

  it('remembers the size across messages in the session (Durable Object memory)', async () => {
    const sessionId = newSessionId();
    await chat({ message: 'I need a roller blind for a window 1.2 m by 1.5 m', sessionId });
    const res = await chat({ message: 'What would it cost in wood?', sessionId });
    const body = await res.json<any>();
    expect(plain(body.response)).toContain(plain(await expectedPrice('venetian-50mm-wood', 1200, 1500)));
    const stub = env.CHAT_SESSION.get(env.CHAT_SESSION.idFromName(sessionId));
    const history = await runInDurableObject(stub, (instance: ChatSession) => instance.history());
    expect(history.map((m) => m.role)).toEqual(['user', 'assistant', 'user', 'assistant']);
  });

  it('stores attached photos in R2 for the team and says so', async () => {
    const sessionId = newSessionId();
    const res = await chat({ message: '', sessionId, images: [PNG_1PX] });
    expect(res.status).toBe(200);
    const body = await res.json<any>();
    expect(body.features).toContain('photo-received');
    const listed = await env.MEDIA.list({ prefix: `chat/${sessionId}/` });
    expect(listed.objects).toHaveLength(1);
    expect(listed.objects[0]!.key).toMatch(/\.png$/);
  });

  it.each([
    [{ images: [PNG_1PX, PNG_1PX, PNG_1PX, PNG_1PX], message: 'hi' }, 400, 'at most 3 images'],
    [{ images: [`data:image/png;base64,${PNG_1PX}`], message: 'hi' }, 400, 'without a data: prefix'],
    [{ images: [btoa('this is not a picture')], message: 'hi' }, 415, 'not a JPEG, PNG or WebP'],
    [{ images: [], message: '   ' }, 400, 'Type a message or attach a photo'],
  ])('rejects bad input %#', async (partial, status, text) => {
    const res = await chat({ sessionId: newSessionId(), ...partial }, '203.0.113.51');
    expect(res.status).toBe(status);
    expect((await res.json<any>()).message).toContain(text);
  });

  it('answers 404 for another assistant name', async () => {
    const res = await postJson('/api/bob/enhanced-chat', { message: 'hi', sessionId: newSessionId() });
    expect(res.status).toBe(404);
  });
});

import { env, runInDurableObject } from 'cloudflare:test';
import { describe, expect, it } from 'vitest';
import type { ChatSession } from '../../worker/durable-objects/chat-session';
import { gridForProduct, priceForSize } from '../../worker/services/pricing';
import { Zlib, zlibSync } from 'fflate';
import { pngFile } from './fixtures/png-file';
import { get, postJson } from './helpers';

// 24 x 16 photos: two thirds warm white (#F3EBDD), one third navy (#1E2A4A), as PNG and as JPEG.
const TWO_TONE_PNG =
  'iVBORw0KGgoAAAANSUhEUgAAABgAAAAQCAYAAAAMJL+VAAAAI0lEQVR4nGP4/Pruf0qwnJYXXswwasGoBaMWjFowasFQsAAAPWKCvXGqrBgAAAAASUVORK5CYII=';
const TWO_TONE_JPEG =
  '/9j/4AAQSkZJRgABAQAAAQABAAD/2wCEAAIBAQEBAQIBAQECAgICAgQDAgICAgUEBAMEBgUGBgYFBgYGBwkIBgcJBwYGCAsICQoKCgoKBggLDAsKDAkKCgoBAgICAgICBQMDBQoHBgcKCgoKCgoKCgoKCgoKCgoKCgoKCgoKCgoKCgoKCgoKCgoKCgoKCgoKCgoKCgoKCgoKCv/AABEIABAAGAMBEQACEQEDEQH/xAGiAAABBQEBAQEBAQAAAAAAAAAAAQIDBAUGBwgJCgsQAAIBAwMCBAMFBQQEAAABfQECAwAEEQUSITFBBhNRYQcicRQygZGhCCNCscEVUtHwJDNicoIJChYXGBkaJSYnKCkqNDU2Nzg5OkNERUZHSElKU1RVVldYWVpjZGVmZ2hpanN0dXZ3eHl6g4SFhoeIiYqSk5SVlpeYmZqio6Slpqeoqaqys7S1tre4ubrCw8TFxsfIycrS09TV1tfY2drh4uPk5ebn6Onq8fLz9PX29/j5+gEAAwEBAQEBAQEBAQAAAAAAAAECAwQFBgcICQoLEQACAQIEBAMEBwUEBAABAncAAQIDEQQFITEGEkFRB2FxEyIygQgUQpGhscEJIzNS8BVictEKFiQ04SXxFxgZGiYnKCkqNTY3ODk6Q0RFRkdISUpTVFVWV1hZWmNkZWZnaGlqc3R1dnd4eXqCg4SFhoeIiYqSk5SVlpeYmZqio6Slpqeoqaqys7S1tre4ubrCw8TFxsfIycrS09TV1tfY2dri4+Tl5ufo6ery8/T19vf4+fr/2gAMAwEAAhEDEQA/AP2wr589QKAP496/aD4c/sIr8XPuAoA/j3r9oPhz/9k=';
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
    const res = await chat({
      message: 'How much is a roller blockout blind 1200 x 1500?',
      sessionId: newSessionId(),
      images: [],
      userContext: { location: 'national', isMelvin: false },
    });
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

  it("describes a photo's main colours, suggests the nearest catalogue colours and keeps the photo", async () => {
    const sessionId = newSessionId();
    const res = await chat({ message: '', sessionId, images: [TWO_TONE_PNG] });
    expect(res.status).toBe(200);
    const body = await res.json<any>();
    expect(body.features).toContain('image-analysis');
    expect(body.response).toMatch(/mostly warm white \(6\d%\), navy \(3\d%\)/);
    expect(body.response).toContain('saved the photo');
    const listed = await env.MEDIA.list({ prefix: `chat/${sessionId}/` });
    expect(listed.objects).toHaveLength(1);
    expect(listed.objects[0]!.key).toMatch(/\.png$/);
  });

  it('reads JPEG photos and suggests colours of the blind under discussion', async () => {
    const sessionId = newSessionId();
    await chat({ message: 'Tell me about roller blockout blinds', sessionId });
    const body = await (await chat({ message: 'Which colours go with my room?', sessionId, images: [TWO_TONE_JPEG] })).json<any>();
    expect(body.features).toContain('image-analysis');
    expect(body.response).toContain('warm white');
    expect(body.response).toContain('in our Roller Blind - Blockout range');
    const { colours } = await (await get('/api/colours/roller-blockout')).json<any>();
    const suggested = colours.filter((c: { name: string }) => body.response.includes(c.name));
    expect(suggested.length).toBeGreaterThanOrEqual(1);
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

  // atob throws on these (length 1 mod 4, padding where the length is not a multiple of 4): a 500 before.
  it.each([
    ['a length of 1 mod 4', PNG_1PX.replace(/=+$/, '').slice(0, 9)],
    ['a single character', 'A'],
    ['padding on a length that is not a multiple of 4', 'iVBOR='],
    ['padding after a cut-short group', 'iVBORw0KG=='],
  ])('answers 400 naming the image for malformed base64: %s', async (_label, malformed) => {
    const res = await chat({ sessionId: newSessionId(), message: 'hi', images: [PNG_1PX, malformed] }, '203.0.113.52');
    expect(res.status).toBe(400);
    const body = await res.json<any>();
    expect(body.error).toBe('validation_error');
    expect(body.message).toContain('Image 2 is not valid base64');
  });

  it('decompression bombs in the chat are refused from their headers, with the reason, and the chat goes on', async () => {
    // ~5 KB declaring 20000 x 20000 (1.6 GB as RGBA), and a 1000 x 1000 PNG whose data inflates to 64 MB.
    const declared = pngFile(20000, 20000, 2, zlibSync(new Uint8Array(5_000_000), { level: 9 }));
    const parts: Uint8Array[] = [];
    const deflate = new Zlib({ level: 9 }, (chunk) => parts.push(chunk));
    for (let i = 0; i < 64; i++) deflate.push(new Uint8Array(1 << 20), i === 63);
    const idat = new Uint8Array(parts.reduce((n, p) => n + p.length, 0));
    parts.reduce((o, p) => (idat.set(p, o), o + p.length), 0);
    const inflating = pngFile(1000, 1000, 2, idat);
    expect(declared.length + inflating.length).toBeLessThan(200_000);
    const base64 = (bytes: Uint8Array) => btoa(Array.from(bytes, (b) => String.fromCharCode(b)).join(''));

    const res = await chat(
      { sessionId: newSessionId(), message: '', images: [base64(declared), base64(inflating), TWO_TONE_PNG] },
      '203.0.113.54',
    );
    expect(res.status).toBe(200);
    const reply = (await res.json<any>()).response as string;
    expect(reply).toContain("I couldn't read photo 1");
    expect(reply).toContain('20000 x 20000 pixels');
    expect(reply).toContain("I couldn't read photo 2");
    expect(reply).toContain('larger than its header says');
    expect(reply).toMatch(/Photo 3: mostly warm white/);
  });

  it('accepts base64 without its = padding', async () => {
    const res = await chat({ sessionId: newSessionId(), message: '', images: [TWO_TONE_PNG.replace(/=+$/, '')] }, '203.0.113.53');
    expect(res.status).toBe(200);
    expect((await res.json<any>()).response).toMatch(/warm white/);
  });

  it('asks for consent first, then captures a lead left with only a phone number (no e-mail stored, consent recorded)', async () => {
    const sessionId = newSessionId();
    const asked = await (
      await chat({ message: 'My name is Sipho Dlamini, please call me on 082 555 1234 about shutters', sessionId })
    ).json<any>();
    expect(asked.features).toContain('consent-request');
    expect(asked.response).toContain('/privacy');
    const before = await env.DB.prepare(`SELECT COUNT(*) AS n FROM leads WHERE phone LIKE '%555%1234%'`).first<{ n: number }>();
    expect(before!.n).toBe(0);
    const body = await (await chat({ message: 'Yes', sessionId })).json<any>();
    expect(body.features).toContain('lead-capture');
    const row = await env.DB.prepare(`SELECT * FROM leads WHERE phone LIKE '%555%1234%' ORDER BY created_at DESC`).first<any>();
    expect(row).toMatchObject({ name: 'Sipho Dlamini', email: null, source: 'chat', popia_consent: 1 });
  });

  it('answers 404 for another assistant name', async () => {
    const res = await postJson('/api/bob/enhanced-chat', { message: 'hi', sessionId: newSessionId() });
    expect(res.status).toBe(404);
  });
});

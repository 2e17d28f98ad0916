import { SELF, env } from 'cloudflare:test';
import { describe, expect, it } from 'vitest';
import { zlibSync } from 'fflate';
import { SAMPLED_420 } from './fixtures/jpeg-samples';
import { encodePng, pngFile } from './fixtures/png-file';
import { encodeScenePng, renderScene } from './fixtures/window-scenes';
import { BASE } from './helpers';
import { PHOTO_KEY_PATTERN } from '../../worker/shared/orders-api';

function analyze(form: FormData, ip = '203.0.113.80') {
  return SELF.fetch(`${BASE}/api/ar/analyze-window`, { method: 'POST', body: form, headers: { 'CF-Connecting-IP': ip } });
}

function photoForm(bytes: Uint8Array, type = 'image/png', sessionId = 'session_1750000000000_abcdefghi'): FormData {
  const form = new FormData();
  form.append('image', new File([bytes], 'window.png', { type }));
  form.append('session_id', sessionId);
  form.append('customer_context', JSON.stringify({ analysis_type: 'quick_scan', measurement_mode: 'automatic' }));
  return form;
}

describe('POST /api/ar/analyze-window', () => {
  it('measures a 1200 x 1500 window against an A4 sheet and keeps the photo', async () => {
    const { img } = renderScene({ imageW: 1000, imageH: 1000, pxPerMm: 0.5, windowMm: [1200, 1500], frame: 'white', a4: 'portrait' });
    const res = await analyze(photoForm(encodePng(img)));
    expect(res.status).toBe(200);
    const body = await res.json<any>();
    expect(body).toMatchObject({ success: true, scaleSource: 'a4-reference' });
    expect(Math.abs(body.width_mm - 1200) / 1200).toBeLessThan(0.03);
    expect(Math.abs(body.drop_mm - 1500) / 1500).toBeLessThan(0.03);
    expect(body.confidence).toBeGreaterThanOrEqual(0.85);
    // What customers see: a rating with the checks behind it, not a percentage.
    expect(body.quality).toEqual({
      rating: 'good',
      reasons: ['A4 sheet found', 'perspective corrected from the sheet', 'frame edges clear', 'window corners agree with the sheet'],
    });
    expect(body.detectedArea).toMatchObject({
      x: expect.any(Number),
      y: expect.any(Number),
      width: expect.any(Number),
      height: expect.any(Number),
    });
    const stored = await env.MEDIA.list({ prefix: 'windows/session_1750000000000_abcdefghi/' });
    expect(stored.objects).toHaveLength(1);
    // The key it was kept under, for the order line this size goes onto (the order accepts exactly this form).
    expect(body.photo_key).toBe(stored.objects[0]!.key);
    expect(body.photo_key).toMatch(PHOTO_KEY_PATTERN);
  });

  it('gives the same answer for the same photo', async () => {
    const { img } = renderScene({
      imageW: 800,
      imageH: 1000,
      pxPerMm: 0.42,
      windowMm: [900, 2100],
      frame: 'dark',
      a4: 'landscape',
      seed: 4,
    });
    const png = encodePng(img);
    const { photo_key: keyA, ...a } = await (await analyze(photoForm(png))).json<any>();
    const { photo_key: keyB, ...b } = await (await analyze(photoForm(png))).json<any>();
    expect(a).toEqual(b);
    // Each photo is kept under a key of its own.
    expect(keyA).toMatch(PHOTO_KEY_PATTERN);
    expect(keyB).toMatch(PHOTO_KEY_PATTERN);
  });

  it('estimates with a low confidence and says how to measure properly without a reference sheet', async () => {
    const { img } = renderScene({ imageW: 1000, imageH: 1000, pxPerMm: 0.5, windowMm: [1200, 1500], frame: 'white' });
    const body = await (await analyze(photoForm(encodePng(img)))).json<any>();
    expect(body.scaleSource).toBe('estimate');
    expect(body.confidence).toBeLessThanOrEqual(0.4);
    expect(body.note).toMatch(/A4/);
    expect(body.quality.rating).toBe('poor');
    expect(body.quality.reasons.slice(0, 2)).toEqual([
      'no A4 sheet found',
      'size estimated from the window\u2019s shape and typical sizes',
    ]);
  });

  it.each([
    ['a text file', new TextEncoder().encode('not a photo at all'), 415],
    ['a GIF', new Uint8Array([0x47, 0x49, 0x46, 0x38, 0x39, 0x61, 1, 0, 1, 0, 0, 0, 0]), 415],
    ['a broken JPEG', new Uint8Array([0xff, 0xd8, 0xff, 0xe0, 0, 0x10, 1, 2, 3]), 400],
  ])('rejects %s with a clear 4xx', async (_label, bytes, status) => {
    const res = await analyze(photoForm(bytes), '203.0.113.81');
    expect(res.status).toBe(status);
    expect((await res.json<any>()).message.length).toBeGreaterThan(10);
  });

  it('measures a 4000 x 3000 (12 MP) photo within 3%', async () => {
    const { png } = encodeScenePng({
      imageW: 4000,
      imageH: 3000,
      pxPerMm: 1.6,
      windowMm: [1200, 1500],
      frame: 'dark',
      a4: 'landscape',
      grain: 0,
    });
    const res = await analyze(photoForm(png), '203.0.113.83');
    expect(res.status).toBe(200);
    const body = await res.json<any>();
    expect(body.scaleSource).toBe('a4-reference');
    expect(Math.abs(body.width_mm - 1200) / 1200).toBeLessThan(0.03);
    expect(Math.abs(body.drop_mm - 1500) / 1500).toBeLessThan(0.03);
  }, 60_000);

  it('answers 413 at once for a small file that declares a huge bitmap', async () => {
    // ~5 KB PNG declaring 20000 x 20000 (1.2 GB as RGB), and a JPEG whose frame header says 65000 x 65000.
    const pngBomb = pngFile(20000, 20000, 2, zlibSync(new Uint8Array(5_000_000), { level: 9 }));
    const jpeg = Uint8Array.from(atob(SAMPLED_420), (c) => c.charCodeAt(0));
    const sof = jpeg.findIndex((b, i) => b === 0xff && jpeg[i + 1] === 0xc0);
    jpeg.set([65000 >> 8, 65000 & 0xff, 65000 >> 8, 65000 & 0xff], sof + 5);
    for (const [bytes, type] of [
      [pngBomb, 'image/png'],
      [jpeg, 'image/jpeg'],
    ] as const) {
      const res = await analyze(photoForm(bytes, type), '203.0.113.84');
      expect(res.status).toBe(413);
      const body = await res.json<any>();
      expect(body.error).toBe('payload_too_large');
      expect(body.message).toMatch(/(20000 x 20000|65000 x 65000) pixels/);
    }
  });

  it('rejects JSON and a form without the image', async () => {
    const json = await SELF.fetch(`${BASE}/api/ar/analyze-window`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', 'CF-Connecting-IP': '203.0.113.82' },
      body: '{}',
    });
    expect(json.status).toBe(415);
    const form = new FormData();
    form.append('session_id', 'x');
    const missing = await analyze(form, '203.0.113.82');
    expect(missing.status).toBe(400);
    expect((await missing.json<any>()).message).toContain('image');
  });
});

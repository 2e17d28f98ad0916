import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { API_VERSION_TAG, ApiError, apiRequest, getJson, withCacheBusting } from '../../web/src/lib/api-client';
import { getBlob, postForm } from '../../web/src/lib/api-upload';

type Call = { url: string; init: RequestInit };
let calls: Call[];

function answer(status: number, body: string, statusText = '') {
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init: RequestInit) => {
      calls.push({ url, init });
      return new Response(body || null, { status, statusText });
    }),
  );
}

beforeEach(() => {
  calls = [];
});
afterEach(() => {
  vi.unstubAllGlobals();
});

describe('reads (getJson)', () => {
  it('sends credentials, no-cache headers, a timestamp, a random string and the version tag', async () => {
    answer(200, '{"ok":true}');
    expect(await getJson('/api/colours/roller-blockout')).toEqual({ ok: true });
    const { url, init } = calls[0]!;
    const params = new URL(url, 'http://x').searchParams;
    expect(Number(params.get('_t'))).toBeGreaterThan(1_700_000_000_000);
    expect(params.get('_r')).toMatch(/^[a-z0-9]{6,}$/);
    expect(params.get('_v')).toBe(API_VERSION_TAG);
    expect(API_VERSION_TAG).toBe('2025.06.20 v4');
    expect(init.credentials).toBe('include');
    expect(init.method).toBe('GET');
    expect((init.headers as Record<string, string>)['Cache-Control']).toBe('no-cache, no-store, must-revalidate');
  });

  it('keeps an existing query string', () => {
    const busted = withCacheBusting('/api/leads?status=new', 123);
    const params = new URL(busted, 'http://x').searchParams;
    expect(params.get('status')).toBe('new');
    expect(params.get('_t')).toBe('123');
  });

  it("throws '{status}: {body}' on a non-OK answer", async () => {
    answer(404, '{"message":"No such product"}', 'Not Found');
    const error = (await getJson('/api/colours/x').catch((e: unknown) => e)) as ApiError;
    expect(error).toBeInstanceOf(ApiError);
    expect(error.message).toBe('404: {"message":"No such product"}');
    expect(error.serverMessage).toBe('No such product');
  });

  it("throws '{status}: {statusText}' when the body is empty", async () => {
    answer(503, '', 'Service Unavailable');
    await expect(getJson('/api/x')).rejects.toThrow('503: Service Unavailable');
  });

  it('throws on a 401 by default and answers null when asked to', async () => {
    answer(401, '{"message":"Staff sign-in required"}');
    await expect(getJson('/api/leads')).rejects.toThrow(/^401: /);
    expect(await getJson('/api/leads', { on401: 'returnNull' })).toBeNull();
  });
});

describe('writes (apiRequest)', () => {
  it('sends JSON with credentials and parses the answer', async () => {
    answer(201, '{"success":true,"leadId":"abc"}');
    const result = await apiRequest('POST', '/api/leads/capture', { name: 'A' });
    expect(result).toEqual({ success: true, leadId: 'abc' });
    const { url, init } = calls[0]!;
    expect(url).toBe('/api/leads/capture');
    expect(init.method).toBe('POST');
    expect(init.credentials).toBe('include');
    expect((init.headers as Record<string, string>)['Content-Type']).toBe('application/json');
    expect(init.body).toBe('{"name":"A"}');
  });

  it('adds the timestamp to write paths under /api/products, /api/authentic-products and /colours', async () => {
    answer(200, '{}');
    await apiRequest('POST', '/api/products/import', {});
    await apiRequest('POST', '/api/colours/extract-from-screenshot', {});
    await apiRequest('POST', '/api/orders/submit', {});
    expect(calls[0]!.url).toMatch(/^\/api\/products\/import\?_t=\d+$/);
    expect(calls[1]!.url).toMatch(/\?_t=\d+$/);
    expect(calls[2]!.url).toBe('/api/orders/submit');
  });

  it("throws '{status}: {body}' on failure", async () => {
    answer(400, '{"success":false,"message":"email: must be a valid email address"}');
    await expect(apiRequest('POST', '/api/customer-details', {})).rejects.toThrow(
      '400: {"success":false,"message":"email: must be a valid email address"}',
    );
  });
});

describe('uploads and downloads (storefront spec section 7)', () => {
  it('posts the form as it is, with credentials, to the path unchanged, and reads the JSON answer', async () => {
    answer(200, '{"success":true}');
    const form = new FormData();
    form.append('image', new Blob(['x']), 'window.jpg');
    expect(await postForm('/api/colours/extract-from-screenshot', form)).toEqual({ success: true });
    const { url, init } = calls[0]!;
    expect(url).toBe('/api/colours/extract-from-screenshot');
    expect(init.method).toBe('POST');
    expect(init.credentials).toBe('include');
    expect(init.body).toBe(form);
    expect(init.headers).toBeUndefined();
  });

  it("throws the helper's ApiError '{status}: {body text}' on a refusal", async () => {
    answer(413, ' {"message":"Too large"} ');
    const err = await postForm('/api/ar/analyze-window', new FormData()).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(ApiError);
    expect((err as ApiError).message).toBe('413: {"message":"Too large"}');
    expect((err as ApiError).serverMessage).toBe('Too large');
  });

  it('reads a file with a cache-busted GET and credentials', async () => {
    answer(200, 'width,drop\n');
    const blob = await getBlob('/api/pricing/template/roller-blockout');
    expect(await blob.text()).toBe('width,drop\n');
    const { url, init } = calls[0]!;
    expect(url).toMatch(/^\/api\/pricing\/template\/roller-blockout\?_t=\d+&_r=/);
    expect(init.credentials).toBe('include');
    answer(404, '', 'Not Found');
    await expect(getBlob('/api/pricing/template/none')).rejects.toThrow('404: Not Found');
  });
});

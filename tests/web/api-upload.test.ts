import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../web/src/lib/api-client';
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

import { afterEach, describe, expect, it, vi } from 'vitest';
import { fetchPricing, submitOrder } from '../../web/src/features/quote/quote-api';

type Call = { url: string; init: RequestInit };

function stubFetch(respond: (call: Call) => Response | Promise<Response>): Call[] {
  const calls: Call[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init: RequestInit) => {
      const call = { url, init };
      calls.push(call);
      return respond(call);
    }),
  );
  return calls;
}

afterEach(() => {
  vi.unstubAllGlobals();
});

const size = { productType: 'roller-blockout', widthMm: 1200, dropMm: 1500 };

describe('the calculator calls', () => {
  it('prices with POST /api/pricing/quote and reads the answer', async () => {
    const calls = stubFetch(() => Response.json({ success: true, quote: { price: 1234.5 } }));
    expect(await fetchPricing(size)).toEqual({ answer: { success: true, quote: { price: 1234.5 } } });
    expect(calls[0]!.url).toBe('/api/pricing/quote');
    expect(calls[0]!.init.method).toBe('POST');
    expect(JSON.parse(calls[0]!.init.body as string)).toEqual({
      width_mm: 1200,
      drop_mm: 1500,
      product_type: 'roller-blockout',
      quantity: 1,
    });
  });

  it('turns a refused request into an http failure with the server message, and a dropped one into a network failure', async () => {
    stubFetch(() => Response.json({ success: false, error: 'not_found', message: 'No price list' }, { status: 404 }));
    expect(await fetchPricing(size)).toEqual({ failure: { kind: 'http', status: 404, message: 'No price list' } });
    stubFetch(() => Promise.reject(new TypeError('Failed to fetch')));
    expect(await fetchPricing(size)).toEqual({ failure: { kind: 'network' } });
  });

  it('rejects an aborted price check so a stale answer is never shown', async () => {
    const controller = new AbortController();
    stubFetch(() => {
      controller.abort();
      return Promise.reject(new DOMException('aborted', 'AbortError'));
    });
    await expect(fetchPricing(size, controller.signal)).rejects.toThrow();
  });

  it('passes the abort signal to fetch', async () => {
    const controller = new AbortController();
    const calls = stubFetch(() => Response.json({ success: true }));
    await fetchPricing(size, controller.signal);
    expect(calls[0]!.init.signal).toBe(controller.signal);
  });

  it('submits the order with its Idempotency-Key header and JSON body', async () => {
    const calls = stubFetch(() => Response.json({ success: true, reference: 'CB-ABCDEFGH23' }, { status: 201 }));
    const payload = { customer_name: 'A', customer_email: 'a@example.co.za', customer_phone: '1', blinds: [] };
    const answer = await submitOrder(payload, 'key-123');
    expect(answer.reference).toBe('CB-ABCDEFGH23');
    const { url, init } = calls[0]!;
    expect(url).toBe('/api/orders/submit');
    const headers = init.headers as Record<string, string>;
    expect(headers['Idempotency-Key']).toBe('key-123');
    expect(headers['Content-Type']).toBe('application/json');
    expect(init.credentials).toBe('include');
  });
});

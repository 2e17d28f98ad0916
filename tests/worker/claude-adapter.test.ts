import { env } from 'cloudflare:test';
import { database } from '../../worker/lib/db';
import { eq } from 'drizzle-orm';
import { describe, expect, it, vi } from 'vitest';
import { leads } from '../../worker/db/schema';
import type { ConsultantDeps } from '../../worker/services/consultant/types';
import { answerWithClaude, ClaudeUnavailableError, DEFAULT_CLAUDE_MODEL } from '../../worker/services/consultant/claude';
import { runTool } from '../../worker/services/consultant/claude-tools';
import { formatRandFromCents } from '../../worker/shared/money';
import { gridForProduct, priceForSize } from '../../worker/services/pricing';

// The stand-in server of tests/stand-ins/global-setup.ts (Node), bound by vitest.worker.config.ts.
const STAND_IN_URL = env.STAND_IN_URL;

const deps: ConsultantDeps = {
  db: env.DB,
  contact: {
    phoneGardenRoute: '044 000 0000',
    phoneNational: '021 000 0000',
    whatsappNational: '082 000 0000',
    email: 'info@example.co.za',
    businessName: 'Custom Blinds',
    assistantName: 'Melvin',
  },
};

/** A key of this test's own, so its recorded requests can be told apart from other files'. */
function testKey(): string {
  return `sk-ant-test-${crypto.randomUUID()}`;
}

async function recorded(key: string): Promise<any[]> {
  const res = await fetch(`${STAND_IN_URL}/__requests?key=${encodeURIComponent(key)}`);
  return res.json();
}

function ask(key: string, message: string, extra: Partial<Parameters<typeof answerWithClaude>[0]> = {}) {
  return answerWithClaude({ apiKey: key, baseUrl: STAND_IN_URL, message, images: [], history: [], memory: {}, deps, ...extra });
}

// A 1x1 PNG.
const PNG_BASE64 = 'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==';

describe('Claude adapter (real SDK against the Messages API stand-in)', () => {
  it('sends the business facts, the tools with their input schemas and the photo as a base64 image block', async () => {
    const key = testKey();
    const answer = await ask(key, 'What would suit this window?', {
      images: [{ mime: 'image/png', base64: PNG_BASE64 }],
      history: [
        { role: 'assistant', content: 'Hi there! I am Melvin.' },
        { role: 'user', content: 'Hello' },
        { role: 'assistant', content: 'How can I help?' },
      ],
    });
    expect(answer.response).toContain('Thanks for the photo');
    expect(answer.features).toEqual(['image-analysis']);

    const [req] = await recorded(key);
    expect(req.method).toBe('POST');
    expect(req.path).toBe('/v1/messages');
    expect(req.headers['anthropic-version']).toBeTruthy();
    const body = req.body;
    expect(body.model).toBe(DEFAULT_CLAUDE_MODEL);
    expect(body.max_tokens).toBeGreaterThan(0);
    // Business facts.
    for (const fact of [
      '15% VAT',
      'Order processing takes 1-2 business days',
      'Production takes 7-10 business days',
      'Delivery is by courier',
      'valid for 30 days',
      "guarantee terms aren't published",
      '/privacy',
      "customer's language",
      'from Mossel Bay to Plettenberg Bay',
      'site visits',
      'national online service',
      'South African English',
      'two decimals',
      'Never invent products, colours, prices',
      // The measuring rules and the tape-measure guide's address (shared/measuring-rules.ts).
      'use the smallest',
      'add 50 mm on each side',
      '/measuring-guide',
    ]) {
      expect(body.system, fact).toContain(fact);
    }
    // Tools.
    const tools = Object.fromEntries(body.tools.map((t: any) => [t.name, t.input_schema]));
    expect(Object.keys(tools).sort()).toEqual(['capture_lead', 'list_colours', 'price_blind', 'product_facts', 'track_order']);
    expect(tools.price_blind).toMatchObject({
      type: 'object',
      properties: { product: { type: 'string' }, width_mm: { type: 'integer' }, drop_mm: { type: 'integer' } },
      required: ['product', 'width_mm', 'drop_mm'],
    });
    expect(tools.list_colours).toMatchObject({ type: 'object', properties: { product: { type: 'string' } }, required: ['product'] });
    expect(tools.product_facts).toMatchObject({ type: 'object', properties: { product: { type: 'string' }, need: { type: 'string' } } });
    expect(tools.capture_lead).toMatchObject({
      type: 'object',
      properties: {
        name: { type: 'string' },
        email: { type: 'string' },
        phone: { type: 'string' },
        notes: { type: 'string' },
        customer_agreed: { type: 'boolean' },
        needs_person: { type: 'string', enum: ['complaint', 'damage', 'unanswered'] },
      },
      required: ['name', 'notes', 'customer_agreed'],
    });
    expect(tools.track_order).toMatchObject({ type: 'object', properties: { reference: { type: 'string' } }, required: ['reference'] });
    // History (leading assistant greeting dropped), then the photo and the text.
    expect(body.messages.map((m: any) => m.role)).toEqual(['user', 'assistant', 'user']);
    expect(body.messages[2].content).toEqual([
      { type: 'image', source: { type: 'base64', media_type: 'image/png', data: PNG_BASE64 } },
      { type: 'text', text: 'What would suit this window?' },
    ]);
  });

  it('prices through a price_blind round trip with the real pricing engine and remembers product and size', async () => {
    const key = testKey();
    const grid = (await gridForProduct(env.DB, 'roller-blockout'))!;
    const expected = priceForSize(grid, 1200, 1500);
    if (!expected.ok) throw new Error('the sample grid should price 1200 x 1500');
    const price = formatRandFromCents(expected.priceCents);

    const answer = await ask(key, 'Please price a roller blockout 1200 x 1500 mm', { memory: { name: 'Thandi' } });
    expect(answer.response).toContain(price);
    expect(answer.features).toEqual(['pricing']);
    expect(answer.memory).toEqual({ name: 'Thandi', productId: 'roller-blockout', widthMm: 1200, dropMm: 1500 });

    const requests = await recorded(key);
    expect(requests).toHaveLength(2);
    const second = requests[1].body.messages;
    const toolUse = second.at(-2).content.find((b: any) => b.type === 'tool_use');
    expect(toolUse).toMatchObject({ name: 'price_blind', input: { product: 'roller blockout', width_mm: 1200, drop_mm: 1500 } });
    const result = second.at(-1).content[0];
    expect(result).toMatchObject({ type: 'tool_result', tool_use_id: toolUse.id });
    expect(JSON.parse(result.content)).toMatchObject({
      product_id: 'roller-blockout',
      priced: true,
      price,
      price_cents: expected.priceCents,
      includes_vat: true,
    });
  });

  it('throws ClaudeUnavailableError quickly on a 500, a 529, a malformed body, no text and a wrong key', async () => {
    for (const [message, reason] of [
      ['FAIL_500', 'http_500'],
      ['FAIL_529', 'http_529'],
      ['MALFORMED', undefined],
      ['NO_TEXT', 'no_text'],
    ] as const) {
      const started = Date.now();
      const err = await ask(testKey(), message).catch((e: unknown) => e);
      expect(err, message).toBeInstanceOf(ClaudeUnavailableError);
      if (reason) expect((err as ClaudeUnavailableError).reason).toBe(reason);
      expect(Date.now() - started, message).toBeLessThan(3000);
    }
    const key = testKey();
    await ask(key, 'FAIL_500').catch(() => undefined);
    expect(await recorded(key)).toHaveLength(1); // maxRetries 0: no retry

    const wrong = await answerWithClaude({
      apiKey: 'sk-wrong',
      baseUrl: STAND_IN_URL,
      message: 'Hi',
      images: [],
      history: [],
      memory: {},
      deps,
    }).catch((e: unknown) => e);
    expect((wrong as ClaudeUnavailableError).reason).toBe('http_401');
  });

  it('the stand-in serves only the models the installed SDK lists, the default among them', async () => {
    const key = testKey();
    const answer = await ask(key, 'Hello');
    expect(answer.response).toContain('Stand-in reply');
    const [req] = await recorded(key);
    expect(req.body.model).toBe(DEFAULT_CLAUDE_MODEL);
  });

  it('a refused model (404 not_found_error, 400 invalid model) throws model_unavailable and is logged once per isolate', async () => {
    const retired = `claude-retired-${crypto.randomUUID().slice(0, 8)}`;
    const errors = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    try {
      for (let i = 0; i < 2; i++) {
        const err = await ask(testKey(), 'Hello', { model: retired }).catch((e: unknown) => e);
        expect(err).toBeInstanceOf(ClaudeUnavailableError);
        expect(err).toMatchObject({ reason: 'model_unavailable', model: retired });
      }
      const logged = errors.mock.calls.map((c) => String(c[0])).filter((line) => line.includes(retired));
      expect(logged).toHaveLength(1);
      expect(JSON.parse(logged[0]!)).toMatchObject({ level: 'error', model: retired, setting: 'ANTHROPIC_MODEL' });
      expect(logged[0]).toContain(`set ANTHROPIC_MODEL`);

      const invalid = await ask(testKey(), 'Hello', { model: 'Claude Sonnet' }).catch((e: unknown) => e);
      expect(invalid).toMatchObject({ reason: 'model_unavailable', model: 'Claude Sonnet' });
    } finally {
      errors.mockRestore();
    }
  });

  it('throws on a network failure and after more than 5 tool rounds', async () => {
    const down = await answerWithClaude({
      apiKey: testKey(),
      baseUrl: 'http://127.0.0.1:9',
      message: 'Hi',
      images: [],
      history: [],
      memory: {},
      deps,
    }).catch((e: unknown) => e);
    expect(down).toBeInstanceOf(ClaudeUnavailableError);
    expect((down as ClaudeUnavailableError).reason).toBe('network');

    const key = testKey();
    const loop = await ask(key, 'LOOP_TOOLS').catch((e: unknown) => e);
    expect((loop as ClaudeUnavailableError).reason).toBe('too_many_tool_rounds');
    expect(await recorded(key)).toHaveLength(6);
  });
});

describe('Claude tools', () => {
  const ctx = () => ({ db: env.DB, memory: {} as Record<string, unknown>, features: new Set<string>() });

  it('price_blind takes either id space or a name, and answers unknown products with the list', async () => {
    const c = ctx();
    const byCalculatorId = JSON.parse(
      (await runTool(c as any, 'price_blind', { product: 'roller_blockout', width_mm: 900, drop_mm: 1200 })).content,
    );
    expect(byCalculatorId.product_id).toBe('roller-blockout');
    const unknown = await runTool(c as any, 'price_blind', { product: 'teleporter', width_mm: 900, drop_mm: 1200 });
    expect(unknown.isError).toBe(true);
    expect(JSON.parse(unknown.content).products.length).toBeGreaterThan(10);
  });

  it('list_colours, product_facts and track_order answer from the catalogue', async () => {
    const c = ctx();
    const colours = JSON.parse((await runTool(c as any, 'list_colours', { product: 'sheer roller' })).content);
    expect(colours.product_id).toBe('roller-sheer');
    expect(colours.colours.length).toBeGreaterThan(0);
    const facts = JSON.parse((await runTool(c as any, 'product_facts', { product: 'roller-blockout' })).content);
    expect(facts).toMatchObject({ id: 'roller-blockout', suitable_for: expect.arrayContaining(['bedroom']) });
    const need = JSON.parse((await runTool(c as any, 'product_facts', { need: 'bathroom' })).content);
    expect(need.matches.length).toBeGreaterThan(0);
    const badReference = await runTool(c as any, 'track_order', { reference: 'CB-123' });
    expect(badReference.isError).toBe(true);
    const order = JSON.parse((await runTool(c as any, 'track_order', { reference: 'cb-zz99zz99zz' })).content);
    expect(order).toMatchObject({ found: false, reference: 'CB-ZZ99ZZ99ZZ' });
    expect([...c.features].sort()).toEqual(['colours', 'order-tracking', 'product-knowledge']);
  });

  it('capture_lead stores nothing until the customer agrees, in their own message', async () => {
    const c = { ...ctx(), customerMessage: 'This is Sipho Dlamini, 082 123 4567' };
    const claimed = await runTool(c as any, 'capture_lead', {
      name: 'Sipho Dlamini',
      phone: '082 123 4567',
      notes: 'x',
      customer_agreed: true,
    });
    expect(claimed.isError).toBe(true);
    expect(JSON.parse(claimed.content).error).toContain('has not agreed');
    expect(c.memory.leadId).toBeUndefined();
  });

  it('capture_lead after a yes records the consent, and a person-needed lead carries the conversation', async () => {
    const c = { ...ctx(), customerMessage: 'yes', transcript: 'Customer: my blind arrived damaged\nMelvin: sorry' };
    const first = JSON.parse(
      (
        await runTool(c as any, 'capture_lead', {
          name: 'Thabo',
          phone: '082 123 9999',
          notes: 'Damaged blind',
          customer_agreed: true,
          needs_person: 'damage',
        })
      ).content,
    );
    const [row] = await database(env.DB).select().from(leads).where(eq(leads.id, first.lead_id));
    expect(row).toMatchObject({ popiaConsent: true, source: 'chat' });
    expect(row!.popiaConsentAt).toBeTruthy();
    expect(row!.notes).toContain('NEEDS A PERSON: damage');
    expect(row!.notes).toContain('Customer: my blind arrived damaged');
    expect(row!.sessionData).toMatchObject({ needsPerson: 'damage' });
  });

  it('capture_lead stores a chat lead once (phone only: no e-mail) and remembers its id', async () => {
    const c = { ...ctx(), customerMessage: 'Yes please' };
    c.memory.productId = 'roller-blockout';
    const missing = await runTool(c as any, 'capture_lead', { name: 'Sipho', notes: 'x', customer_agreed: true });
    expect(missing.isError).toBe(true);
    const first = JSON.parse(
      (
        await runTool(c as any, 'capture_lead', {
          name: 'Sipho Dlamini',
          phone: '082 123 4567',
          notes: 'Roller for the bedroom',
          customer_agreed: true,
        })
      ).content,
    );
    expect(first.captured).toBe(true);
    expect(c.memory.leadId).toBe(first.lead_id);
    const [row] = await database(env.DB).select().from(leads).where(eq(leads.id, first.lead_id));
    expect(row).toMatchObject({ name: 'Sipho Dlamini', phone: '082 123 4567', source: 'chat', productInterest: 'Roller Blind - Blockout' });
    expect(row!.email ?? null).toBeNull();
    const again = JSON.parse(
      (await runTool(c as any, 'capture_lead', { name: 'Sipho', email: 's@example.co.za', notes: 'x', customer_agreed: true })).content,
    );
    expect(again.lead_id).toBe(first.lead_id);
    expect(c.features.has('lead-capture')).toBe(true);
  });
});

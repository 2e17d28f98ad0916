import { env } from 'cloudflare:test';
import { describe, expect, it, vi } from 'vitest';
import { answerTurn, type TurnInput } from '../../worker/services/consultant/route-answer';
import { formatRandFromCents } from '../../worker/shared/money';
import { gridForProduct, priceForSize } from '../../worker/services/pricing';

const contact = {
  phoneGardenRoute: '044 000 0000',
  phoneNational: '021 000 0000',
  whatsappNational: '082 000 0000',
  email: 'info@example.co.za',
  businessName: 'Custom Blinds',
  assistantName: 'Melvin',
};

function turn(message: string): TurnInput {
  return { message, photos: [], history: [], memory: {}, contact };
}

async function rollerPrice(): Promise<string> {
  const result = priceForSize((await gridForProduct(env.DB, 'roller-blockout'))!, 1200, 1500);
  if (!result.ok) throw new Error('out of range');
  return formatRandFromCents(result.priceCents);
}

describe('consultant routing', () => {
  it('uses the built-in consultant when no key is configured, and says so', async () => {
    const answer = await answerTurn({ DB: env.DB }, turn('price of a roller blockout 1200 x 1500'));
    expect(answer.aiProvider).toBe('other');
    expect(answer.routingReason).toContain('No cloud AI key');
    expect(answer.response).toContain(await rollerPrice());
  });

  it('uses Claude when ANTHROPIC_API_KEY is set (tool round trip through the stand-in)', async () => {
    const routed = { DB: env.DB, ANTHROPIC_API_KEY: `sk-ant-test-route-${crypto.randomUUID()}`, ANTHROPIC_BASE_URL: env.STAND_IN_URL };
    const answer = await answerTurn(routed, turn('What is the price of a roller blockout 1200 x 1500?'));
    expect(answer.aiProvider).toBe('claude');
    expect(answer.routingReason).toContain('Claude');
    // The reason reaches the customer's screen: it never names a configuration key.
    expect(answer.routingReason).not.toMatch(/[A-Z]+_[A-Z_]+/);
    expect(answer.features).toContain('pricing');
    expect(answer.response).toContain(await rollerPrice());
  });

  it('says in routingReason that Claude refused the configured model, and the built-in consultant answers', async () => {
    const model = `claude-gone-${crypto.randomUUID().slice(0, 8)}`;
    const routed = {
      DB: env.DB,
      ANTHROPIC_API_KEY: `sk-ant-test-route-${crypto.randomUUID()}`,
      ANTHROPIC_BASE_URL: env.STAND_IN_URL,
      ANTHROPIC_MODEL: model,
    };
    const errors = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    try {
      for (let i = 0; i < 2; i++) {
        const answer = await answerTurn(routed, turn('price of a roller blockout 1200 x 1500'));
        expect(answer.aiProvider).toBe('other');
        expect(answer.routingReason).toContain(`claude-model-unavailable: ${model}`);
        expect(answer.routingReason).not.toMatch(/[A-Z]+_[A-Z_]+/);
        expect(answer.response).toContain(await rollerPrice());
      }
      // Logged once for this isolate, with what to set.
      const logged = errors.mock.calls.map((c) => String(c[0])).filter((line) => line.includes(model));
      expect(logged).toHaveLength(1);
      expect(logged[0]).toContain('ANTHROPIC_MODEL');
    } finally {
      errors.mockRestore();
    }
  });

  it('falls back to the built-in consultant when Claude fails, and says why', async () => {
    const routed = { DB: env.DB, ANTHROPIC_API_KEY: `sk-ant-test-route-${crypto.randomUUID()}`, ANTHROPIC_BASE_URL: env.STAND_IN_URL };
    const answer = await answerTurn(routed, turn('FAIL_500 price of a roller blockout 1200 x 1500'));
    expect(answer.aiProvider).toBe('other');
    expect(answer.routingReason).toMatch(/Claude was unavailable \(http_500\)/);
    expect(answer.response).toContain(await rollerPrice());
  });
});

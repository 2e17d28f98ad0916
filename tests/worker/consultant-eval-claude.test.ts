// Claude's adapter on the consultant evaluation set, against the local Anthropic stand-in
// (tests/stand-ins/anthropic.ts). The stand-in is deterministic, not a model: it cannot judge
// Claude's wording, so this checks what the adapter itself is responsible for on every case:
// - each request carries the shop's policies as facts (shared/shop-policies.ts, the case's payment
//   configuration), the consent and hand-off rules, every tool with its input schema, the earlier
//   messages as history and the customer's message last;
// - the adapter answers every case (no error, no empty reply);
// - where the stand-in asks for a tool (a 'price ... W x D' message), the tool call runs against
//   D1 and the pricing engine, and the answer quotes the engine's price for that product and size.
import { env } from 'cloudflare:test';
import { describe, expect, it } from 'vitest';
import { PRODUCTS } from '../../worker/seed/catalogue-data';
import { answerWithClaude } from '../../worker/services/consultant/claude';
import { CLAUDE_TOOL_NAMES } from '../../worker/services/consultant/claude-tools';
import { matchProduct } from '../../worker/services/consultant/product-match';
import { formatRandFromCents } from '../../worker/shared/money';
import { paymentPolicy, PRODUCTION_POLICY, termsAnswer } from '../../worker/shared/shop-policies';
import { gridForProduct } from '../../worker/services/pricing';
import { priceWithOptions } from '../../worker/services/product-options';
import { CONVERSATION_CASES } from './consultant-eval/cases-conversation';
import { POLICY_CASES } from './consultant-eval/cases-policies';
import { PRICING_CASES } from './consultant-eval/cases-pricing';
import { PRODUCT_CASES } from './consultant-eval/cases-products';
import { EVAL_CONTACT } from './consultant-eval/types';

const CASES = [...PRICING_CASES, ...PRODUCT_CASES, ...POLICY_CASES, ...CONVERSATION_CASES];
const STAND_IN_URL = env.STAND_IN_URL;
/** The stand-in's own rule for asking price_blind (tests/stand-ins/anthropic.ts). */
const STAND_IN_PRICE_ASK = /\bprice\b\s+(?:(?:a|an|the|my)\s+)?(.*?)\s*(\d{2,5})\s*(?:mm)?\s*[x×]\s*(\d{2,5})/i;

async function recorded(key: string): Promise<any[]> {
  return (await fetch(`${STAND_IN_URL}/__requests?key=${encodeURIComponent(key)}`)).json();
}

describe("Claude's adapter on the evaluation set (Anthropic stand-in)", () => {
  it('sends the policies, rules, tools and conversation for every case, and prices with the engine where a tool is called', async () => {
    let toolCases = 0;
    for (const c of CASES) {
      const key = `sk-ant-test-${crypto.randomUUID()}`;
      const payment = c.payment ?? { card: true, bankTransfer: true };
      const history = (c.before ?? []).flatMap((m) => [
        { role: 'user' as const, content: m },
        { role: 'assistant' as const, content: 'Noted.' },
      ]);
      const answer = await answerWithClaude({
        apiKey: key,
        baseUrl: STAND_IN_URL,
        message: c.say,
        images: [],
        history,
        memory: {},
        deps: { db: env.DB, contact: { ...EVAL_CONTACT, payment } },
      });
      expect(answer.response.trim(), c.say).not.toBe('');
      const [first] = await recorded(key);
      const system = typeof first.body.system === 'string' ? first.body.system : JSON.stringify(first.body.system);
      for (const fact of [
        paymentPolicy(payment),
        PRODUCTION_POLICY,
        termsAnswer('guarantee'),
        '/privacy',
        'needs_person',
        "customer's language",
      ]) {
        expect(system, `${c.say}: system prompt lacks ${fact}`).toContain(fact);
      }
      expect(first.body.tools.map((t: { name: string }) => t.name).sort()).toEqual([...CLAUDE_TOOL_NAMES].sort());
      const userTexts = first.body.messages.filter((m: any) => m.role === 'user').map((m: any) => JSON.stringify(m.content));
      expect(userTexts.at(-1), c.say).toContain(JSON.stringify(c.say).slice(1, -1));
      for (const earlier of c.before ?? []) expect(userTexts.join(' ')).toContain(JSON.stringify(earlier).slice(1, -1));

      const ask = STAND_IN_PRICE_ASK.exec(c.say);
      const product = ask ? matchProduct(ask[1]!.trim() || 'roller blockout', PRODUCTS) : null;
      if (ask && product) {
        toolCases += 1;
        const grid = await gridForProduct(env.DB, product);
        const r = await priceWithOptions(env.DB, grid!, Number(ask[2]), Number(ask[3]), undefined);
        if (r.ok) expect(answer.response, c.say).toContain(formatRandFromCents(r.priceCents));
        expect(answer.features, c.say).toContain('pricing');
      }
    }
    console.log(
      `Claude adapter on the evaluation set: ${CASES.length} cases answered; ${toolCases} with a price_blind round trip through the stand-in.`,
    );
    expect(toolCases).toBeGreaterThan(0);
  });
});

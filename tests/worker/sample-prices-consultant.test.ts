// The consultants' answers say 'sample price' when the price came from a sample grid (DESIGN.md 6),
// in the one wording of worker/shared/sample-prices.ts: the built-in consultant's sentence, and
// Claude's price_blind result (which its answer quotes) with the rule in its system prompt.
import { env } from 'cloudflare:test';
import { describe, expect, it } from 'vitest';
import { answerBuiltIn } from '../../worker/services/consultant/built-in-consultant';
import type { ConsultantDeps } from '../../worker/services/consultant/types';
import { answerWithClaude } from '../../worker/services/consultant/claude';
import { orderStatusFacts } from '../../worker/services/consultant/order-status';
import { coloursForProduct } from '../../worker/services/catalog';
import { submitOrder } from '../../worker/services/orders';
import { bulkUploadPriceLists, templateFor } from '../../worker/services/staff/price-lists';
import { SAMPLE_PRICES_NOTE, SAMPLE_PRICES_TEXT } from '../../worker/shared/sample-prices';

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

async function builtInSays(message: string): Promise<string> {
  return (await answerBuiltIn({ message, history: [], memory: {}, deps })).response;
}

async function recorded(key: string): Promise<any[]> {
  return (await fetch(`${env.STAND_IN_URL}/__requests?key=${encodeURIComponent(key)}`)).json();
}

describe('consultant answers at sample prices', () => {
  it('the built-in consultant says they are sample prices', async () => {
    const text = await builtInSays('How much is a blockout roller blind 1200 x 1500 mm?');
    expect(text).toMatch(/R\s\d/);
    expect(text).toContain(SAMPLE_PRICES_NOTE);
  });

  it("Claude's price_blind result carries the flag and the wording, the prompt asks for it, and the answer says it", async () => {
    const key = `sk-ant-test-${crypto.randomUUID()}`;
    const answer = await answerWithClaude({
      apiKey: key,
      baseUrl: env.STAND_IN_URL,
      message: 'Please price a roller blockout 1200 x 1500 mm',
      images: [],
      history: [],
      memory: {},
      deps,
    });
    expect(answer.response).toContain(SAMPLE_PRICES_NOTE);
    const requests = await recorded(key);
    expect(requests[0].body.system).toContain(SAMPLE_PRICES_NOTE);
    const result = requests[1].body.messages.at(-1).content[0];
    expect(JSON.parse(result.content)).toMatchObject({ priced: true, sample_prices: true, price_note: SAMPLE_PRICES_TEXT });
  });

  it("an order's status at sample prices says so, instead of offering a card payment", async () => {
    const colour = (await coloursForProduct(env.DB, 'roller-blockout')).colours[0]!.name;
    const { order } = await submitOrder(
      env,
      {
        customer_name: 'Thandi',
        customer_email: 'thandi@example.co.za',
        customer_phone: '082 555 0101',
        customer_address: null,
        special_instructions: null,
        blinds: [
          {
            product_type: 'roller-blockout',
            width_mm: 1200,
            drop_mm: 1500,
            control_side: 'left',
            mount_type: 'inside-recess',
            colour,
            quantity: 1,
            size_source: 'typed',
          },
        ],
      },
      null,
      null,
    );
    const facts = await orderStatusFacts(env.DB, order.reference);
    expect(facts?.next_step).toContain(SAMPLE_PRICES_NOTE);
    expect(facts?.next_step).not.toContain('Pay by card');
  });

  it('once the price list is uploaded, neither says so', async () => {
    const { csv } = await templateFor(env.DB, 'roller-blockout');
    expect(
      (
        await bulkUploadPriceLists(
          env.DB,
          [{ name: 'roller-blockout-pricing-template.csv', text: async () => csv, size: csv.length }],
          'S-test',
          64 * 1024,
        )
      ).successful_uploads,
    ).toBe(1);
    expect(await builtInSays('How much is a blockout roller blind 1200 x 1500 mm?')).not.toMatch(/sample price/i);
    const key = `sk-ant-test-${crypto.randomUUID()}`;
    const answer = await answerWithClaude({
      apiKey: key,
      baseUrl: env.STAND_IN_URL,
      message: 'Please price a roller blockout 1200 x 1500 mm',
      images: [],
      history: [],
      memory: {},
      deps,
    });
    expect(answer.response).not.toContain(SAMPLE_PRICES_NOTE);
    expect(JSON.parse((await recorded(key))[1].body.messages.at(-1).content[0].content)).toMatchObject({
      priced: true,
      sample_prices: false,
    });
  });
});

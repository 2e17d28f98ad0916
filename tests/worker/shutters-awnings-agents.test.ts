// Shutters and awnings in the consultants and the MCP tools: the options a customer names are
// priced on top of the grid (the same engine as POST /api/pricing/quote), the ones not named take
// the width's defaults and are said, and a choice the width rules out gets the calculator's words.
import { env } from 'cloudflare:test';
import { describe, expect, it } from 'vitest';
import { PRICE_GRIDS } from '../../worker/seed/catalogue-data';
import { answerBuiltIn } from '../../worker/services/consultant/built-in-consultant';
import { runTool } from '../../worker/services/consultant/claude-tools';
import type { ConsultantDeps } from '../../worker/services/consultant/types';
import { formatRandFromCents } from '../../worker/shared/money';
import { callTool, connectAgent, firstColour } from './mcp-fixtures';

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

function cell(productId: string, widthBand: number, dropBand: number): number {
  const grid = PRICE_GRIDS.find((g) => g.productId === productId)!;
  return grid.pricesCents[grid.dropsMm.indexOf(dropBand)]![grid.widthsMm.indexOf(widthBand)]!;
}

async function builtInSays(message: string): Promise<string> {
  return (await answerBuiltIn({ message, history: [], memory: {}, deps })).response;
}

describe('the built-in consultant prices a shutter with its options', () => {
  it('reads the louvre, frame and panels from the message and says the price with them', async () => {
    const text = await builtInSays('How much is a basswood plantation shutter 1200 x 1500 mm with 114mm louvres, a Z-frame and 3 panels?');
    const cents = cell('shutter-basswood', 1200, 1500) + 45_000 + 95_000 + 3 * 38_000;
    expect(text).toContain('(Louvre size: 114 mm; Frame: Z-frame; Panels: 3 panels)');
    expect(text).toContain(`is ${formatRandFromCents(cents)}, including 15% VAT`);
  });

  it('takes the defaults when none are named, and says them', async () => {
    const text = await builtInSays('Price for a PVC plantation shutter 900 x 1200 mm please');
    const cents = cell('shutter-pvc', 900, 1200) + 65_000 + 2 * 38_000;
    expect(text).toContain('(Louvre size: 89 mm; Frame: L-frame; Panels: 2 panels)');
    expect(text).toContain(formatRandFromCents(cents));
  });

  it('says which panel counts a width allows when the one asked for is not possible', async () => {
    const text = await builtInSays('basswood shutter 1200 x 1500 mm with 1 panel, what does it cost?');
    expect(text).toContain(
      '1 panel is not possible for a Plantation Shutter - Basswood 1200 mm wide. At that width choose 2 panels, 3 panels or 4 panels.',
    );
  });

  it('prices a motorised folding arm awning', async () => {
    const text = await builtInSays('How much is a motorized folding arm awning 2400 x 2000 mm?');
    expect(text).toContain('(Operation: Motorised (remote control))');
    expect(text).toContain(formatRandFromCents(cell('awning-folding-arm', 2400, 2000) + 650_000));
  });
});

describe("Claude's price_blind tool", () => {
  const ctx = () => ({ db: env.DB, memory: {} as Record<string, unknown>, features: new Set<string>() });

  it('prices the options given and lists the others; refuses an impossible panel count with the counts that fit', async () => {
    const priced = JSON.parse(
      (
        await runTool(ctx() as any, 'price_blind', {
          product: 'shutter-basswood',
          width_mm: 1200,
          drop_mm: 1500,
          options: { louvre: '63mm', frame: 'direct-fix', panels: '4' },
        })
      ).content,
    );
    expect(priced.price_cents).toBe(cell('shutter-basswood', 1200, 1500) + 4 * 38_000);
    expect(priced.options).toBe('Louvre size: 63 mm; Frame: No frame (direct fix); Panels: 4 panels');
    expect(priced.available_options.map((g: any) => g.group)).toEqual(['louvre', 'frame', 'panels']);
    const refused = await runTool(ctx() as any, 'price_blind', {
      product: 'shutter-basswood',
      width_mm: 1200,
      drop_mm: 1500,
      options: { panels: '6' },
    });
    expect(refused.isError).toBe(true);
    expect(JSON.parse(refused.content).error).toContain('6 panels is not possible');
  });
});

describe('/mcp tools', () => {
  it('list_products names the options; price_blind prices a motorised awning; start_quote keeps the options on the quote', async () => {
    const client = await connectAgent();
    const products = (await callTool(client, 'list_products', { section: 'outdoor_awnings' })).structuredContent as any;
    const folding = products.products.find((p: any) => p.id === 'awning-folding-arm');
    expect(folding.options[0].choices.map((c: any) => c.code)).toEqual(['manual', 'motorised']);

    const result = await callTool(client, 'price_blind', {
      product_id: 'awning-folding-arm',
      width_mm: 2400,
      drop_mm: 2000,
      options: { operation: 'motorised' },
    });
    expect(result.isError).toBeFalsy();
    const data = result.structuredContent as any;
    expect(data.unit_price_cents).toBe(cell('awning-folding-arm', 2400, 2000) + 650_000);
    expect(data.options[0]).toMatchObject({ code: 'motorised', charge_cents: 650_000 });
    expect((result.content[0] as any).text).toContain('(Operation: Motorised (remote control))');

    const wrong = await callTool(client, 'price_blind', {
      product_id: 'awning-folding-arm',
      width_mm: 2400,
      drop_mm: 2000,
      options: { louvre: '89mm' },
    });
    expect(wrong.isError).toBe(true);
    expect((wrong.content[0] as any).text).toBe('Folding Arm Awning has no louvre size to choose.');

    const quote = await callTool(client, 'start_quote', {
      product_id: 'shutter-pvc',
      width_mm: 1200,
      drop_mm: 1500,
      colour: await firstColour('shutter-pvc'),
      options: { frame: 'z-frame', panels: '3' },
    });
    expect(quote.isError).toBeFalsy();
    const saved = quote.structuredContent as any;
    expect(saved.line.options.map((o: any) => o.code)).toEqual(['89mm', 'z-frame', '3']);
    const row = await env.DB.prepare('SELECT lines, total_cents FROM quotes WHERE id = ?')
      .bind(saved.quote_id)
      .first<{ lines: string; total_cents: number }>();
    expect(JSON.parse(row!.lines)[0].options.map((o: any) => o.label)).toEqual(['89 mm', 'Z-frame', '3 panels']);
    expect(row!.total_cents).toBe(cell('shutter-pvc', 1200, 1500) + 95_000 + 3 * 38_000);
    await client.close();
  });
});

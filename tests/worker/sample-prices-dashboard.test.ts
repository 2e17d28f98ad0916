// The staff dashboard names the products still on sample prices (DESIGN.md sections 6, 7b), and a
// staff upload of a product's price list takes it off the list.
import { env } from 'cloudflare:test';
import { describe, expect, it } from 'vitest';
import { dashboardFigures } from '../../worker/services/staff/dashboard';
import { bulkUploadPriceLists, templateFor } from '../../worker/services/staff/price-lists';

async function productNames(): Promise<Map<string, string>> {
  const { results } = await env.DB.prepare('SELECT id, name FROM products').all<{ id: string; name: string }>();
  return new Map(results.map((r) => [r.id, r.name]));
}

describe('the sample-prices alert on the staff dashboard', () => {
  it('names every product whose grid in force is the seeded sample grid, with the price-list tool', async () => {
    const names = await productNames();
    const { samplePrices } = await dashboardFigures(env.DB);
    expect(samplePrices).not.toBeNull();
    expect(samplePrices!.products.map((p) => p.id).sort()).toEqual([...names.keys()].sort());
    expect(samplePrices!.sentence).toMatch(new RegExp(`^${names.size} products are still on sample prices: `));
    expect(samplePrices!.sentence).toContain(names.get('roller-blockout')!);
    expect(samplePrices!.link).toBe('/admin/scraper');
  });

  it('a product whose price list staff uploaded is no longer named', async () => {
    const { csv } = await templateFor(env.DB, 'roller-blockout');
    const answer = await bulkUploadPriceLists(
      env.DB,
      [{ name: 'roller-blockout-pricing-template.csv', text: async () => csv, size: csv.length }],
      'test-staff',
      64 * 1024,
    );
    expect(answer.successful_uploads).toBe(1);
    const names = await productNames();
    const { samplePrices } = await dashboardFigures(env.DB);
    expect(samplePrices!.products.map((p) => p.id)).not.toContain('roller-blockout');
    expect(samplePrices!.products).toHaveLength(names.size - 1);
    expect(samplePrices!.sentence).not.toContain(`${names.get('roller-blockout')!},`);
  });
});

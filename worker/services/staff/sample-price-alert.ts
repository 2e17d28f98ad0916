// The staff dashboard's alert for products still on sample prices (DESIGN.md 6 and 7b): customers
// see 'Sample prices' on them and, in production, cannot pay for them by card until staff upload
// the business's price list for each (Admin Panel, price-list management).
import type { SamplePricesAlert } from '../../shared/analytics-api';
import { productsOnSamplePrices } from '../sample-price-guard';

export async function samplePricesAlert(db: D1Database): Promise<SamplePricesAlert | null> {
  const products = await productsOnSamplePrices(db);
  if (products.length === 0) return null;
  const names = products.map((p) => p.name).join(', ');
  const subject = products.length === 1 ? '1 product is' : `${products.length} products are`;
  return {
    products,
    sentence: `${subject} still on sample prices: ${names}. Customers see them marked as sample prices, and the live site takes no card payment for them until you upload your price list for each.`,
    link: '/admin/scraper',
    linkLabel: 'Upload price lists',
  };
}

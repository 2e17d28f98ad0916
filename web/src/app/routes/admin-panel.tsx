import { PriceListManagement } from '../../features/staff/price-lists/price-list-management';
import { ScraperPage } from '../../features/staff/scraper/scraper-page';

/** /admin/scraper, the Admin Panel (staff spec 2.2): website scraping with the price-list screen as its second tab. */
export function AdminPanel() {
  return <ScraperPage priceLists={<PriceListManagement />} />;
}

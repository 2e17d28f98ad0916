// /admin/scraper (staff spec 2.2): the Admin Panel with two tabs, Website Scraping and Price List
// Management. Tabs follow the WAI-ARIA tabs pattern: arrow keys, Home and End move between them.
import { useState } from 'react';
import { useTabKeys } from '../../components/tab-keys';
import { PriceListManagement } from './price-list-management';
import { WebsiteScraping } from './website-scraping';
import './admin-scraper.css';

const TABS = [
  { id: 'scraping', label: 'Website Scraping' },
  { id: 'prices', label: 'Price List Management' },
] as const;
type TabId = (typeof TABS)[number]['id'];

export function AdminScraperPage() {
  const [active, setActive] = useState<TabId>('scraping');
  const { tabRef, onKeyDown } = useTabKeys(TABS.map((t) => t.id), active, setActive);

  return (
    <main className="staff-page admin-scraper" id="main">
      <header>
        <p className="eyebrow">Staff</p>
        <h1>Admin Panel</h1>
        <p className="lead">Keep the website's products and prices current.</p>
      </header>
      <div role="tablist" aria-label="Admin Panel" className="as-tabs" onKeyDown={onKeyDown}>
        {TABS.map((tab) => (
          <button
            key={tab.id}
            ref={tabRef(tab.id)}
            type="button"
            role="tab"
            id={`as-tab-${tab.id}`}
            aria-selected={active === tab.id}
            aria-controls={`as-panel-${tab.id}`}
            tabIndex={active === tab.id ? 0 : -1}
            className="as-tab"
            onClick={() => setActive(tab.id)}
          >
            {tab.label}
          </button>
        ))}
      </div>
      <section role="tabpanel" id="as-panel-scraping" aria-labelledby="as-tab-scraping" hidden={active !== 'scraping'} tabIndex={0} className="as-panel">
        <WebsiteScraping />
      </section>
      <section role="tabpanel" id="as-panel-prices" aria-labelledby="as-tab-prices" hidden={active !== 'prices'} tabIndex={0} className="as-panel">
        {active === 'prices' && <PriceListManagement />}
      </section>
    </main>
  );
}

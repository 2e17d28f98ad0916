// /admin/scraper (staff spec 2.2): the Admin Panel with two tabs, Website Scraping and Price List
// Management. Tabs follow the WAI-ARIA tabs pattern: arrow keys, Home and End move between them.
import { useState } from 'react';
import { TabList, tabPanelProps } from '../../components/tabs';
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

  return (
    <main className="staff-page admin-scraper" id="main">
      <header>
        <p className="eyebrow">Staff</p>
        <h1>Admin Panel</h1>
        <p className="lead">Keep the website's products and prices current.</p>
      </header>
      <TabList label="Admin Panel" idPrefix="as" tabs={TABS} selected={active} onSelect={setActive} className="as-tabs" tabClassName="as-tab" />
      <section {...tabPanelProps('as', 'scraping', active)} tabIndex={0} className="as-panel">
        <WebsiteScraping />
      </section>
      <section {...tabPanelProps('as', 'prices', active)} tabIndex={0} className="as-panel">
        {active === 'prices' && <PriceListManagement />}
      </section>
    </main>
  );
}

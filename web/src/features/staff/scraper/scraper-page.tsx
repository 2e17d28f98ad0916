// /admin/scraper (staff spec 2.2): the Admin Panel with two tabs, Website Scraping and Price List
// Management. Tabs follow the WAI-ARIA tabs pattern: arrow keys, Home and End move between them.
// The price-list tab is a staff screen of its own (../price-lists); the app's route passes it in
// (web/src/app/routes/admin-panel.tsx), since features do not import one another.
import { useState, type ReactNode } from 'react';
import { TabList, tabPanelProps } from '../../../components/tabs';
import { WebsiteScraping } from './website-scraping';
import './scraper.css';

const TABS = [
  { id: 'scraping', label: 'Website Scraping' },
  { id: 'prices', label: 'Price List Management' },
] as const;
type TabId = (typeof TABS)[number]['id'];

/** `priceLists` is drawn only while its tab is open. */
export function ScraperPage({ priceLists }: { priceLists: ReactNode }) {
  const [active, setActive] = useState<TabId>('scraping');

  return (
    <main className="staff-page admin-scraper" id="main">
      <header>
        <p className="eyebrow">Staff</p>
        <h1>Admin Panel</h1>
        <p className="lead">Keep the website's products and prices current.</p>
      </header>
      <TabList
        label="Admin Panel"
        idPrefix="as"
        tabs={TABS}
        selected={active}
        onSelect={setActive}
        className="as-tabs"
        tabClassName="as-tab"
      />
      <section {...tabPanelProps('as', 'scraping', active)} tabIndex={0} className="as-panel">
        <WebsiteScraping />
      </section>
      <section {...tabPanelProps('as', 'prices', active)} tabIndex={0} className="as-panel">
        {active === 'prices' && priceLists}
      </section>
    </main>
  );
}

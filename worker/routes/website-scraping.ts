// Staff website scraping (staff spec 2.2, 3, 7): start a crawl of MAIN_WEBSITE_URL, poll
// its status, and read the latest result for 'Download JSON'. Mounted under /api/admin.
import { Hono } from 'hono';
import type { AppBindings } from '../env';
import { AppError } from '../lib/errors';
import { requireStaff, staffActor } from '../middleware/require-staff';
import { DEFAULT_MAX_PAGES } from '../services/staff/site-crawl/crawler';
import { latestScrapeResult, scrapeStatus } from '../services/staff/site-crawl/scrape-records';
import { startWebsiteScrape } from '../services/staff/site-crawl/website-scrape';
import type { ScrapeStartResponse } from '../shared/website-scraping-api';

export const websiteScrapingRoutes = new Hono<AppBindings>()
  // Spec 5: scraping start has no input; any body is ignored.
  .post('/scrape-website', requireStaff, async (c) => {
    const { progress, alreadyRunning } = await startWebsiteScrape(c.env, staffActor(c));
    const body: ScrapeStartResponse = {
      success: true,
      message: alreadyRunning
        ? 'A scrape is already running; showing its progress.'
        : `Scraping ${progress.startUrl} started. It takes 1-2 minutes; progress updates below.`,
      data: { ...progress, alreadyRunning },
    };
    return c.json(body, 202);
  })
  .get('/scraping-status', requireStaff, async (c) => c.json(await scrapeStatus(c.env.DB, DEFAULT_MAX_PAGES)))
  .get('/scraping-result', requireStaff, async (c) => {
    const result = await latestScrapeResult(c.env.DB);
    if (!result) throw new AppError('not_found', 'No previous scraping data found. Start a scrape first.');
    return c.json(result);
  });

// Starting a crawl of the main website (staff spec 2.2): the address comes from
// MAIN_WEBSITE_URL; the ScrapeJob Durable Object runs it, one at a time.
import type { Env } from '../../../env';
import { AppError } from '../../../lib/errors';
import type { ScrapeJobProgress } from '../../../shared/website-scraping-api';

/** The one job object of the main website, so a second start finds the running crawl. */
export const MAIN_WEBSITE_JOB = 'main-website';

export function mainWebsiteUrl(env: Pick<Env, 'MAIN_WEBSITE_URL'>): string {
  const configured = env.MAIN_WEBSITE_URL?.trim();
  if (!configured) {
    throw new AppError(
      'conflict',
      'Website scraping needs the main website address: set MAIN_WEBSITE_URL (for example https://www.example.co.za) and try again.',
    );
  }
  let url: URL;
  try {
    url = new URL(configured);
  } catch {
    throw new AppError(
      'conflict',
      `MAIN_WEBSITE_URL (${configured}) is not a web address: set it to something like https://www.example.co.za and try again.`,
    );
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') {
    throw new AppError('conflict', `MAIN_WEBSITE_URL (${configured}) must start with https:// or http://.`);
  }
  return url.toString();
}

export async function startWebsiteScrape(
  env: Pick<Env, 'MAIN_WEBSITE_URL' | 'SCRAPE_JOB'>,
  actor: string,
): Promise<{ progress: ScrapeJobProgress; alreadyRunning: boolean }> {
  const startUrl = mainWebsiteUrl(env);
  const job = env.SCRAPE_JOB.get(env.SCRAPE_JOB.idFromName(MAIN_WEBSITE_JOB));
  return job.start({ startUrl, actor });
}

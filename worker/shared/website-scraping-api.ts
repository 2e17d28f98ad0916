// The website-scraping and competitor-prices contract (staff spec 3 'Scrape status', 'Scrape result', 7),
// shared by the worker routes and the Admin Panel's Website Scraping tab. Spec names kept; fields added.

/** One product of a scrape result (spec 3). `url` is added: the page it came from. */
export interface ScrapedProduct {
  name: string;
  description: string;
  category: string;
  colours: string[];
  features: string[];
  url?: string;
}

/** The scrape result's data (spec 3). */
export interface ScrapeResultData {
  totalProducts: number;
  categories: string[];
  uniqueColors: string[];
  products: ScrapedProduct[];
  pagesCrawled?: number;
}

export type ScrapeJobStatus = 'running' | 'completed' | 'failed';

/** A crawl's progress as the tab polls it. */
export interface ScrapeJobProgress {
  jobId: string;
  status: ScrapeJobStatus;
  startUrl: string;
  pagesCrawled: number;
  pagesQueued: number;
  productsFound: number;
  /** The page cap of the crawl. */
  maxPages: number;
  startedAt: string;
  finishedAt: string | null;
  error: string | null;
}

/** POST /api/admin/scrape-website: {success, message, data} (spec 7); data is the job's progress. */
export interface ScrapeStartResponse {
  success: boolean;
  message: string;
  data: ScrapeJobProgress & { alreadyRunning: boolean };
}

/** GET /api/admin/scraping-status: spec 3's status plus the running or latest job. */
export interface ScrapeStatusResponse {
  hasData: boolean;
  lastScrape: string | null;
  totalProducts: number;
  categories: string[];
  uniqueColors: string[];
  /** The crawl in progress, if any. */
  running: ScrapeJobProgress | null;
  /** The most recent crawl of any status (its error when it failed). */
  latestJob: ScrapeJobProgress | null;
}

/** GET /api/admin/scraping-result: the latest completed scrape in spec 3's result shape. */
export interface ScrapeResultResponse {
  success: boolean;
  message: string;
  data: ScrapeResultData;
  scrapedAt: string;
  jobId: string;
}

/** One comparison of a competitor's product with ours (prices in cents, incl. VAT). */
export interface PriceComparison {
  competitor: string;
  theirs: string;
  url: string;
  ourProductId: string;
  ourProductName: string;
  /** 'size': both prices for the stated width x drop; 'from': their 'from' price against ours. */
  basis: 'size' | 'from';
  sizeMm: { width: number; drop: number } | null;
  theirPriceCents: number;
  ourPriceCents: number;
  differenceCents: number;
  /** (theirs - ours) / ours x 100, one decimal: negative means they are cheaper. */
  differencePercent: number;
}

export interface CompetitorResult {
  competitor: string;
  status: 'ok' | 'failed';
  pagesFetched: number;
  productsWithPrices: number;
  comparisons: PriceComparison[];
  error: string | null;
  /** Our products their prices matched but that are still on sample prices: not compared (DESIGN.md 6). */
  leftOutOnSamplePrices?: string[];
}

/** POST /api/competitor-intelligence/analyze */
export interface CompetitorAnalysisResponse {
  success: boolean;
  message: string;
  data: {
    analysedAt: string;
    competitors: CompetitorResult[];
    /** Comparisons whose gap is at least NOTABLE_GAP_PERCENT either way. */
    notableGaps: PriceComparison[];
  };
}

/** A price gap this large (either way) becomes an insight. */
export const NOTABLE_GAP_PERCENT = 15;

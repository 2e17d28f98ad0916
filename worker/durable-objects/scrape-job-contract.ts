// What callers of the ScrapeJob object may ask of it and what it answers. It imports only the
// scraping API's types (worker/shared, itself a leaf), so worker/env.ts can type the SCRAPE_JOB
// binding without importing the object's class.
import type { ScrapeJobProgress } from '../shared/website-scraping-api';

export interface ScrapeJobApi extends Rpc.DurableObjectBranded {
  start(input: { startUrl: string; actor: string }): Promise<{ progress: ScrapeJobProgress; alreadyRunning: boolean }>;
}

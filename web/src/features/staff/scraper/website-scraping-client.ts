// The website-scraping calls (staff spec section 7), typed by the shared contract.
import type { ScrapeResultResponse, ScrapeStartResponse, ScrapeStatusResponse } from '@shared/website-scraping-api';
import { apiRequest, getJson } from '../../../lib/api-client';
import { saveJsonFile } from '../../../lib/save-file';

/** POST /api/admin/scrape-website: JSON header, no body (spec 7). */
export async function startScraping(): Promise<ScrapeStartResponse> {
  return apiRequest<ScrapeStartResponse>('POST', '/api/admin/scrape-website', undefined, {
    headers: { 'Content-Type': 'application/json' },
  });
}

/** GET /api/admin/scraping-status */
export async function fetchScrapingStatus(signal?: AbortSignal): Promise<ScrapeStatusResponse> {
  return (await getJson<ScrapeStatusResponse>('/api/admin/scraping-status', { signal }))!;
}

/** GET /api/admin/scraping-result: the latest completed scrape (404 when there is none). */
export async function fetchScrapingResult(signal?: AbortSignal): Promise<ScrapeResultResponse> {
  return (await getJson<ScrapeResultResponse>('/api/admin/scraping-result', { signal }))!;
}

/** Saves the result as a JSON file, named by the scrape's date. */
export function downloadResultJson(result: ScrapeResultResponse): void {
  saveJsonFile(result, `website-scrape-${result.scrapedAt.slice(0, 10)}.json`);
}

// The Website Scraping tab (staff spec 2.2, 3, 8, 9): the previous results, 'Start
// Scraping' with the 1-2 minute notice and live progress while the crawl job runs, then the results:
// counts, category badges, the first 20 colours and '+N more', Download JSON, and a preview of the
// first 3 products (5 colours and 3 features each).
import { useCallback, useEffect, useRef, useState } from 'react';
import type { ScrapeJobProgress, ScrapeResultResponse, ScrapeStatusResponse } from '@shared/website-scraping-api';
import { toast } from '../../../components/toast';
import { ApiError } from '../../../lib/api-client';
import { downloadResultJson, fetchScrapingResult, fetchScrapingStatus, startScraping } from './website-scraping-client';

/** Spec 9: the preview and palette limits. */
const PREVIEW_PRODUCTS = 3;
const PREVIEW_COLOURS = 5;
const PREVIEW_FEATURES = 3;
const PALETTE_COLOURS = 20;
const POLL_MS = 1500;

const when = (iso: string) => new Date(iso).toLocaleString('en-ZA', { dateStyle: 'medium', timeStyle: 'short' });

/** A colour name the browser can paint (e.g. 'White', 'Silver'); other names are shown as text only. */
const paintable = (name: string) => typeof CSS !== 'undefined' && CSS.supports('color', name.replace(/\s+/g, '').toLowerCase());

function failureMessage(err: unknown): { title: string; description: string } {
  if (err instanceof ApiError) {
    if (err.status === 401) return { title: 'Scraping Failed', description: 'Your staff session has ended. Sign in again with the PIN.' };
    return { title: 'Scraping Failed', description: err.serverMessage ?? 'An error occurred during scraping' };
  }
  return { title: 'Scraping Error', description: 'Failed to connect to scraping service' };
}

export function WebsiteScraping() {
  const [status, setStatus] = useState<ScrapeStatusResponse | null>(null);
  const [loadError, setLoadError] = useState<string | null>(null);
  const [result, setResult] = useState<ScrapeResultResponse | null>(null);
  const [job, setJob] = useState<ScrapeJobProgress | null>(null);
  const [starting, setStarting] = useState(false);
  const mounted = useRef(true);

  const loadResult = useCallback(async () => {
    try {
      const latest = await fetchScrapingResult();
      if (mounted.current) setResult(latest);
    } catch {
      if (mounted.current) setResult(null);
    }
  }, []);

  const load = useCallback(async () => {
    try {
      const next = await fetchScrapingStatus();
      if (!mounted.current) return;
      setStatus(next);
      setLoadError(null);
      if (next.running) setJob(next.running);
      if (next.hasData) await loadResult();
    } catch (err) {
      if (mounted.current) {
        setLoadError(
          err instanceof ApiError && err.status === 401
            ? 'Your staff session has ended. Sign in again with the PIN.'
            : 'Could not load the scraping status. Check the connection and try again.',
        );
      }
    }
  }, [loadResult]);

  useEffect(() => {
    mounted.current = true;
    void load();
    return () => {
      mounted.current = false;
    };
  }, [load]);

  // While a job runs, poll its progress; when it ends, show the result or the failure.
  const runningId = job?.status === 'running' ? job.jobId : null;
  useEffect(() => {
    if (!runningId) return;
    let cancelled = false;
    let polling = false;
    const timer = setInterval(async () => {
      if (polling) return; // one poll at a time, so the end is announced once
      polling = true;
      let next: ScrapeStatusResponse;
      try {
        next = await fetchScrapingStatus();
      } catch {
        polling = false;
        return; // a missed poll is retried on the next tick
      }
      polling = false;
      if (cancelled) return;
      setStatus(next);
      const latest = next.latestJob?.jobId === runningId ? next.latestJob : next.running;
      if (!latest) return;
      setJob(latest);
      if (latest.status !== 'running') {
        cancelled = true;
        clearInterval(timer);
      }
      if (latest.status === 'completed') {
        await loadResult();
        toast({ title: 'Scraping Complete', description: `Found ${next.totalProducts} products in ${next.categories.length} categories.` });
      } else if (latest.status === 'failed') {
        toast({ title: 'Scraping Failed', description: latest.error ?? 'An error occurred during scraping', variant: 'destructive' });
      }
    }, POLL_MS);
    return () => {
      cancelled = true;
      clearInterval(timer);
    };
  }, [runningId, loadResult]);

  const start = async () => {
    setStarting(true);
    try {
      const answer = await startScraping();
      if (!answer.success) {
        toast({ title: 'Scraping Failed', description: answer.message || 'An error occurred during scraping', variant: 'destructive' });
        return;
      }
      setJob(answer.data);
    } catch (err) {
      toast({ ...failureMessage(err), variant: 'destructive' });
    } finally {
      setStarting(false);
    }
  };

  const running = job?.status === 'running';

  return (
    <div className="as-stack">
      <section className="staff-card as-card" aria-labelledby="ws-previous" aria-busy={!status && !loadError}>
        <h2 id="ws-previous">Previous results</h2>
        {!status && !loadError && <p role="status">Loading the last scrape...</p>}
        {loadError && (
          <div role="alert" className="as-error">
            <p>{loadError}</p>
            <button type="button" className="button button--small" onClick={() => void load()}>
              Try again
            </button>
          </div>
        )}
        {status && !status.hasData && <p data-testid="scrape-empty">No previous scraping data found</p>}
        {status?.hasData && (
          <dl className="as-counts" data-testid="scrape-summary">
            <div>
              <dt>Last scrape</dt>
              <dd className="as-counts__date">{status.lastScrape ? when(status.lastScrape) : 'Never'}</dd>
            </div>
            <div>
              <dt>Total products</dt>
              <dd>{status.totalProducts}</dd>
            </div>
            <div>
              <dt>Categories</dt>
              <dd>{status.categories.length}</dd>
            </div>
            <div>
              <dt>Unique colours</dt>
              <dd>{status.uniqueColors.length}</dd>
            </div>
          </dl>
        )}
      </section>

      <section className="staff-card as-card" aria-labelledby="ws-start">
        <h2 id="ws-start">Scrape the main website</h2>
        <p className="as-hint">
          Reads the products, colours and features from the main website, following its robots.txt and pausing between pages. Scraping takes
          1-2 minutes.
        </p>
        <button type="button" className="button" onClick={() => void start()} disabled={starting || running} aria-describedby="ws-progress">
          {starting || running ? 'Scraping...' : 'Start Scraping'}
        </button>
        <div id="ws-progress" role="status" aria-live="polite" className="ws-progress">
          {job && running && (
            <>
              <p data-testid="scrape-progress">
                Read {job.pagesCrawled} of at most {job.maxPages} pages, {job.pagesQueued} waiting; {job.productsFound} product
                {job.productsFound === 1 ? '' : 's'} found so far.
              </p>
              <progress max={job.maxPages} value={job.pagesCrawled} aria-label="Pages read" />
            </>
          )}
          {job?.status === 'failed' && (
            <p className="as-bad" data-testid="scrape-failed">
              The last scrape failed: {job.error ?? 'An error occurred during scraping'}
            </p>
          )}
        </div>
      </section>

      {result && <ScrapeResults result={result} />}
    </div>
  );
}

function ScrapeResults({ result }: { result: ScrapeResultResponse }) {
  const { data } = result;
  const palette = data.uniqueColors.slice(0, PALETTE_COLOURS);
  const more = data.uniqueColors.length - palette.length;
  return (
    <section className="staff-card as-card" aria-labelledby="ws-results" data-testid="scrape-results">
      <div className="ws-results__head">
        <h2 id="ws-results">Results</h2>
        <button type="button" className="button button--small" onClick={() => downloadResultJson(result)}>
          Download JSON
        </button>
      </div>
      <p className="as-hint">
        {result.message} Scraped {when(result.scrapedAt)}.
      </p>
      <dl className="as-counts">
        <div>
          <dt>Products</dt>
          <dd>{data.totalProducts}</dd>
        </div>
        <div>
          <dt>Categories</dt>
          <dd>{data.categories.length}</dd>
        </div>
        <div>
          <dt>Colours</dt>
          <dd>{data.uniqueColors.length}</dd>
        </div>
        {data.pagesCrawled !== undefined && (
          <div>
            <dt>Pages read</dt>
            <dd>{data.pagesCrawled}</dd>
          </div>
        )}
      </dl>

      <h3>Categories</h3>
      {data.categories.length === 0 ? (
        <p className="as-hint">No categories found.</p>
      ) : (
        <ul className="ws-badges" aria-label="Categories">
          {data.categories.map((category) => (
            <li key={category} className="ws-badge">
              {category}
            </li>
          ))}
        </ul>
      )}

      <h3>Colours</h3>
      {palette.length === 0 ? (
        <p className="as-hint">No colours found.</p>
      ) : (
        <ul className="ws-colours" aria-label="Colours" data-testid="scrape-colours">
          {palette.map((colour) => (
            <li key={colour} className="ws-colour">
              {paintable(colour) && (
                <span className="ws-swatch" style={{ background: colour.replace(/\s+/g, '').toLowerCase() }} aria-hidden="true" />
              )}
              {colour}
            </li>
          ))}
          {more > 0 && <li className="ws-colour ws-colour--more">+{more} more</li>}
        </ul>
      )}

      <h3>Sample products</h3>
      {data.products.length === 0 ? (
        <p className="as-hint">No products were found on the pages read.</p>
      ) : (
        <ul className="ws-preview" data-testid="scrape-preview">
          {data.products.slice(0, PREVIEW_PRODUCTS).map((product) => (
            <li key={`${product.name}|${product.url ?? ''}`} className="as-product">
              <h4>{product.name}</h4>
              {product.description && <p>{product.description}</p>}
              <p>
                <strong>Category:</strong> {product.category || 'Not provided'}
              </p>
              <p>
                <strong>Colours:</strong> {product.colours.length ? product.colours.slice(0, PREVIEW_COLOURS).join(', ') : 'Not provided'}
              </p>
              {product.features.length > 0 ? (
                <>
                  <p>
                    <strong>Features:</strong>
                  </p>
                  <ul className="ws-features">
                    {product.features.slice(0, PREVIEW_FEATURES).map((feature) => (
                      <li key={feature}>{feature}</li>
                    ))}
                  </ul>
                </>
              ) : (
                <p>
                  <strong>Features:</strong> Not provided
                </p>
              )}
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

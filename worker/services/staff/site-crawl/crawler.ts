// A polite same-origin crawler: robots.txt first, then pages breadth-first from the start
// address, one at a time with a pause between requests, each with a timeout and a size cap, under a
// clear User-Agent, up to a page cap. Its state is plain JSON so a Durable Object can run it in steps.
import { sameOriginLinks } from './html';
import { dedupeProducts, extractProducts, type ExtractedProduct } from './products';
import { ALLOW_ALL, parseRobotsTxt, robotsAllows, type RobotsRules } from './robots';

/** Our robots.txt product token. */
export const CRAWLER_TOKEN = 'CustomBlindsBot';
export const CRAWLER_USER_AGENT = `Mozilla/5.0 (compatible; ${CRAWLER_TOKEN}/1.0; staff product and price check)`;
export const DEFAULT_MAX_PAGES = 40;
/** Pause between two requests to the same site. */
export const DEFAULT_DELAY_MS = 1000;
export const PAGE_TIMEOUT_MS = 10_000;
export const MAX_PAGE_BYTES = 1024 * 1024;
/** Links remembered for later, beyond which new ones are dropped. */
const MAX_QUEUE = 500;

export interface CrawlConfig {
  maxPages: number;
  delayMs: number;
  timeoutMs: number;
  maxBytes: number;
  /** The fetch to use; the global fetch by default. */
  fetcher?: (request: Request) => Promise<Response>;
}

export function crawlConfig(overrides: Partial<CrawlConfig> = {}): CrawlConfig {
  return { maxPages: DEFAULT_MAX_PAGES, delayMs: DEFAULT_DELAY_MS, timeoutMs: PAGE_TIMEOUT_MS, maxBytes: MAX_PAGE_BYTES, ...overrides };
}

/** The crawl delay from configuration (CRAWL_DELAY_MS), within 0..10 s; the default when unset or not a number. */
export function delayFromEnv(value: string | undefined): number {
  const n = Number(value);
  return value !== undefined && value.trim() !== '' && Number.isFinite(n) ? Math.min(10_000, Math.max(0, Math.round(n))) : DEFAULT_DELAY_MS;
}

export interface CrawlState {
  origin: string;
  startUrl: string;
  robots: RobotsRules;
  queue: string[];
  /** Every address queued or fetched, so none is fetched twice. */
  seen: string[];
  /** Pages fetched and read. */
  crawled: string[];
  /** Links not followed because robots.txt disallows them. */
  disallowed: string[];
  /** Pages that failed (timeout, status, not HTML). */
  failed: { url: string; reason: string }[];
  products: ExtractedProduct[];
}

/** A crawl that cannot start: the message says what to fix. */
export class CrawlError extends Error {}

const sleep = (ms: number) => (ms > 0 ? new Promise((resolve) => setTimeout(resolve, ms)) : Promise.resolve());

async function request(url: string, config: CrawlConfig): Promise<Response> {
  const fetcher = config.fetcher ?? ((r: Request) => fetch(r));
  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(), config.timeoutMs);
  try {
    return await fetcher(
      new Request(url, {
        headers: { 'User-Agent': CRAWLER_USER_AGENT, Accept: 'text/html,application/xhtml+xml;q=0.9,text/plain;q=0.5' },
        // Redirects are followed by hand (followSameSite): each hop is checked before it is requested.
        redirect: 'manual',
        signal: controller.signal,
      }),
    );
  } finally {
    clearTimeout(timer);
  }
}

/** Redirects followed for one page (RFC 9309 asks at least five for robots.txt). */
export const MAX_REDIRECTS = 5;
const REDIRECT_STATUSES = new Set([301, 302, 303, 307, 308]);

type Fetched = { ok: true; response: Response; url: string } | { ok: false; reason: string };

/**
 * Fetches `url`, following redirects by hand: each target is checked to be the configured site
 * (same origin) and, for pages, allowed by robots.txt before it is requested, so a redirect never
 * makes the crawler request another host (an internal address, say). At most MAX_REDIRECTS hops.
 */
async function fetchOnSite(
  url: string,
  config: CrawlConfig,
  origin: string,
  allowed: (target: URL) => boolean = () => true,
): Promise<Fetched> {
  let current = url;
  for (let hops = 0; ; hops++) {
    const response = await request(current, config);
    if (!REDIRECT_STATUSES.has(response.status)) return { ok: true, response, url: current };
    await response.body?.cancel();
    const location = response.headers.get('Location');
    if (!location) return { ok: false, reason: `status ${response.status} without a Location` };
    if (hops >= MAX_REDIRECTS) return { ok: false, reason: 'too many redirects' };
    let next: URL;
    try {
      next = new URL(location, current);
    } catch {
      return { ok: false, reason: 'redirected to an address that is not valid' };
    }
    next.hash = '';
    if (next.origin !== origin) return { ok: false, reason: 'redirected to another site' };
    if (!allowed(next)) return { ok: false, reason: 'redirected to a page robots.txt disallows' };
    current = next.toString();
  }
}

/** The body as text, reading at most `maxBytes` (the rest is not downloaded). */
async function boundedText(response: Response, maxBytes: number): Promise<string> {
  if (!response.body) return '';
  const reader = response.body.getReader();
  const chunks: Uint8Array[] = [];
  let total = 0;
  while (total < maxBytes) {
    const { done, value } = await reader.read();
    if (done) break;
    chunks.push(value);
    total += value.byteLength;
  }
  if (total >= maxBytes) await reader.cancel().catch(() => undefined);
  const bytes = new Uint8Array(Math.min(total, maxBytes));
  let offset = 0;
  for (const chunk of chunks) {
    const part = chunk.subarray(0, Math.max(0, bytes.byteLength - offset));
    bytes.set(part, offset);
    offset += part.byteLength;
  }
  return new TextDecoder().decode(bytes);
}

function pathOf(url: string): string {
  const u = new URL(url);
  return u.pathname + u.search;
}

/** Reads robots.txt and queues the start page. Throws CrawlError when the site cannot be crawled. */
export async function beginCrawl(startAddress: string, config: CrawlConfig): Promise<CrawlState> {
  let start: URL;
  try {
    start = new URL(startAddress);
  } catch {
    throw new CrawlError(`The address ${startAddress} is not a web address (it should look like https://www.example.co.za).`);
  }
  if (start.protocol !== 'http:' && start.protocol !== 'https:')
    throw new CrawlError(`The address ${startAddress} must start with http:// or https://.`);
  start.hash = '';
  let robots: RobotsRules;
  try {
    const fetched = await fetchOnSite(`${start.origin}/robots.txt`, config, start.origin);
    // robots.txt that redirects to another site is not read there: treated as unavailable (RFC 9309 2.3.1.3).
    const response = fetched.ok ? fetched.response : new Response(null, { status: 404 });
    if (response.ok) robots = parseRobotsTxt(await boundedText(response, 512 * 1024));
    else if (response.status >= 400 && response.status < 500) {
      await response.body?.cancel();
      robots = ALLOW_ALL; // no robots.txt: everything may be crawled (RFC 9309 2.3.1.3)
    } else {
      await response.body?.cancel();
      throw new CrawlError(`${start.origin} answered ${response.status} for robots.txt, so it may not be crawled now. Try again later.`);
    }
  } catch (err) {
    if (err instanceof CrawlError) throw err;
    throw new CrawlError(`Could not reach ${start.origin}: check that the address is right and the site is up, then try again.`);
  }
  if (!robotsAllows(robots, CRAWLER_TOKEN, pathOf(start.toString()))) {
    throw new CrawlError(`${start.origin}/robots.txt does not allow crawling ${start.pathname}, so nothing was fetched.`);
  }
  const first = start.toString();
  return {
    origin: start.origin,
    startUrl: first,
    robots,
    queue: [first],
    seen: [first],
    crawled: [],
    disallowed: [],
    failed: [],
    products: [],
  };
}

export function crawlFinished(state: CrawlState, config: CrawlConfig): boolean {
  return state.queue.length === 0 || state.crawled.length + state.failed.length >= config.maxPages;
}

/** Fetches up to `pages` more pages (pausing between them) and returns the new state. */
export async function crawlStep(state: CrawlState, config: CrawlConfig, pages: number, pauseFirst = false): Promise<CrawlState> {
  const seen = new Set(state.seen);
  for (let i = 0; i < pages && !crawlFinished(state, config); i++) {
    if (i > 0 || pauseFirst) await sleep(config.delayMs);
    const url = state.queue.shift()!;
    let fetched: Fetched;
    try {
      fetched = await fetchOnSite(url, config, state.origin, (target) =>
        robotsAllows(state.robots, CRAWLER_TOKEN, pathOf(target.toString())),
      );
    } catch {
      state.failed.push({ url, reason: 'no answer in time' });
      continue;
    }
    // A redirect to another site (or a disallowed page) is not requested at all.
    if (!fetched.ok) {
      state.failed.push({ url, reason: fetched.reason });
      continue;
    }
    const { response, url: finalUrl } = fetched;
    const type = (response.headers.get('Content-Type') ?? '').toLowerCase();
    if (!response.ok || !/text\/html|application\/xhtml\+xml/.test(type)) {
      await response.body?.cancel();
      state.failed.push({ url, reason: response.ok ? 'not a web page' : `status ${response.status}` });
      continue;
    }
    const html = await boundedText(response, config.maxBytes);
    state.crawled.push(url);
    state.products = dedupeProducts([...state.products, ...extractProducts(html, finalUrl)]);
    for (const link of sameOriginLinks(html, finalUrl)) {
      if (seen.has(link) || new URL(link).origin !== state.origin) continue;
      seen.add(link);
      if (!robotsAllows(state.robots, CRAWLER_TOKEN, pathOf(link))) {
        state.disallowed.push(link);
        continue;
      }
      if (state.queue.length < MAX_QUEUE) state.queue.push(link);
    }
  }
  state.seen = [...seen];
  return state;
}

/** A whole crawl in one go (competitor analysis): robots.txt, then pages up to the cap. */
export async function crawlSite(startAddress: string, config: CrawlConfig): Promise<CrawlState> {
  const state = await beginCrawl(startAddress, config);
  // Every page, the first included, comes a pause after the request before it (robots.txt).
  while (!crawlFinished(state, config)) await crawlStep(state, config, 1, true);
  return state;
}

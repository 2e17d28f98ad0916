// Shared by the order and quote page tests (order-pages.e2e.test.ts, quote-pages.e2e.test.ts).
import type { Page } from 'playwright-core';
import { ROLLER_LINE } from '../web/orders-fixtures';

export const LINE = { ...ROLLER_LINE, id: 'line-1' };

/** The requests the page makes whose address contains the fragment, from now on. */
export function requestsTo(page: Page, fragment: string): string[] {
  const seen: string[] = [];
  page.on('request', (r) => {
    if (r.url().includes(fragment)) seen.push(`${r.method()} ${r.url()}`);
  });
  return seen;
}

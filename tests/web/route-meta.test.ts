// The one table of page titles both sides use (worker/shared/route-meta.ts). The Worker
// writes it into the HTML it sends (tests/worker/page-meta.test.ts); here: it covers the web app's
// whole route table, and the titles the tab shows after a client-side navigation.
import { describe, expect, it } from 'vitest';
import { PAYMENT_RESULT_PATHS, PLANNED_ROUTES } from '../../web/src/app/route-table';
import { PUBLIC_PAGE_PATHS } from '@shared/public-page-paths';
import { documentTitle, normalisePath, pageMetaFor, PRIVATE_PAGE_TITLES, PUBLIC_PAGES } from '@shared/route-meta';

describe('route metadata', () => {
  it('has one entry for each public page path, in the sitemap order', () => {
    expect(PUBLIC_PAGES.map((p) => p.path)).toEqual(PUBLIC_PAGE_PATHS);
  });

  it('knows every route of the app: public ones are indexed, the others are private', () => {
    const appPaths = ['/', '/privacy', ...PLANNED_ROUTES.map((r) => r.path), ...PAYMENT_RESULT_PATHS, '/melvin-workspace'];
    for (const path of appPaths) expect(pageMetaFor(path, 'Melvin').kind, path).not.toBe('unknown');
    const publicPaths = PUBLIC_PAGES.map((p) => p.path) as string[];
    for (const path of Object.keys(PRIVATE_PAGE_TITLES)) expect(publicPaths, path).not.toContain(path);
    for (const path of [
      '/quote',
      '/quote-document',
      '/complete-quote',
      '/order-confirmation',
      '/leads',
      '/site-visits',
      '/admin-dashboard',
      ...PAYMENT_RESULT_PATHS,
    ]) {
      expect(pageMetaFor(path, 'Melvin').kind, path).toBe('private');
    }
  });

  it('titles: page | business, the landing page business | tagline, private pages by name', () => {
    expect(documentTitle(pageMetaFor('/', 'Melvin'), 'Custom Blinds')).toBe('Custom Blinds | Made-to-measure blinds, shutters and awnings');
    expect(documentTitle(pageMetaFor('/quote-calculator', 'Melvin'), 'Custom Blinds')).toBe('Online Blind Quotation | Custom Blinds');
    expect(documentTitle(pageMetaFor('/shutters/', 'Melvin'), 'Blinds Co')).toBe('Plantation Shutter Visualiser | Blinds Co');
    expect(documentTitle(pageMetaFor('/payment-success', 'Melvin'), 'Custom Blinds')).toBe('Payment Successful | Custom Blinds');
    expect(documentTitle(pageMetaFor('/admin/not-built', 'Melvin'), 'Custom Blinds')).toBe('Custom Blinds');
    expect(documentTitle(pageMetaFor('/no-such-page', 'Melvin'), 'Custom Blinds')).toBe('Custom Blinds');
  });

  it('the workspace follows the configured assistant name, in any letter case', () => {
    expect(pageMetaFor('/Ava-workspace', 'Ava')).toEqual({ kind: 'private', title: 'Ava Workspace' });
    // Under a former name, or one of the app's 404 paths: not a page (the Worker answers 404).
    expect(pageMetaFor('/melvin-workspace', 'Ava')).toEqual({ kind: 'unknown' });
    expect(pageMetaFor('/admin/not-built', 'Melvin')).toEqual({ kind: 'unknown' });
    expect(pageMetaFor('/melvin-workspace/extra', 'Melvin').kind).toBe('unknown');
  });

  it('a trailing slash is the same page', () => {
    expect(normalisePath('/measurement/')).toBe('/measurement');
    expect(normalisePath('/')).toBe('/');
    expect(pageMetaFor('/track//', 'Melvin')).toMatchObject({ kind: 'public', page: { path: '/track' } });
  });
});

import path from 'node:path';
import type { BrowserContext, Page } from 'playwright-core';
import { afterEach, beforeEach, describe, expect, inject, it } from 'vitest';
import { SCREENSHOT_DIR, useBrowser, watchErrors } from './browser';
import { PHOTO_H, PHOTO_W, TAPS, windowPhoto } from './shutter-photo';

const baseUrl = inject('baseUrl');
const browser = useBrowser();
let context: BrowserContext;
let page: Page;
let errors: string[];

const PROMPTS = [
  'Tap the top-left corner of the window',
  'Tap the top-right corner of the window',
  'Tap the bottom-left corner of the window',
  'Tap the bottom-right corner of the window',
];
const DONE = 'All four corners marked! Your plantation shutter is shown on the window.';

async function prompt(): Promise<string> {
  return (await page.locator('.shutters__prompt').textContent())?.trim() ?? '';
}

async function uploadAndTap(count = 4) {
  await page.goto(baseUrl + '/shutters');
  await page.getByRole('heading', { level: 1, name: 'Plantation Shutter Visualiser' }).waitFor();
  await page.getByText('Tip: stand square to the window').waitFor();
  await page.locator('input[type=file]').setInputFiles({ name: 'window.png', mimeType: 'image/png', buffer: windowPhoto() });
  const stage = page.getByTestId('shutter-stage');
  await stage.locator('img').waitFor();
  const box = (await stage.boundingBox())!;
  for (let i = 0; i < count; i++) {
    await expect.poll(prompt).toBe(PROMPTS[i]);
    const tap = TAPS[i]!;
    await page.mouse.click(box.x + (tap.x / PHOTO_W) * box.width, box.y + (tap.y / PHOTO_H) * box.height);
  }
}

/** Pixels of the WebGL canvas (drawn with preserveDrawingBuffer): a digest and the opaque share. */
async function canvasPixels() {
  return page.locator('[data-testid=shutter-stage] canvas').evaluate((canvas: HTMLCanvasElement) => {
    const copy = document.createElement('canvas');
    copy.width = canvas.width;
    copy.height = canvas.height;
    const ctx = copy.getContext('2d')!;
    ctx.drawImage(canvas, 0, 0);
    const data = ctx.getImageData(0, 0, copy.width, copy.height).data;
    let opaque = 0;
    let hash = 0;
    for (let i = 0; i < data.length; i += 4) {
      if (data[i + 3]! > 200) opaque++;
      hash = (hash * 31 + data[i]! + data[i + 1]! * 7 + data[i + 2]! * 13 + data[i + 3]! * 17) | 0;
    }
    return { url: canvas.toDataURL('image/png'), opaque: opaque / (data.length / 4), hash };
  });
}

/** Waits until the canvas stops changing (the tilt animates over a few frames). */
async function settledPixels(differentFrom?: string) {
  let last = await canvasPixels();
  for (let i = 0; i < 60; i++) {
    await page.waitForTimeout(120);
    const next = await canvasPixels();
    if (next.url === last.url && next.opaque > 0 && (!differentFrom || next.url !== differentFrom)) return next;
    last = next;
  }
  return last;
}

/** A screenshot of one element with the whole page in the viewport, so the sticky header never covers it. */
async function shotOf(selector: string, file: string) {
  const viewport = page.viewportSize()!;
  const height = await page.evaluate(() => document.documentElement.scrollHeight);
  await page.setViewportSize({ width: viewport.width, height });
  await page.evaluate(() => window.scrollTo(0, 0));
  await page.waitForTimeout(200);
  await page
    .locator(selector)
    .first()
    .screenshot({ path: path.join(SCREENSHOT_DIR, file) });
  await page.setViewportSize(viewport);
}

beforeEach(async () => {
  context = await browser.newContext({ viewport: { width: 1024, height: 900 } });
  page = await context.newPage();
  errors = watchErrors(page);
});
afterEach(async () => {
  await context.close();
});

describe('shutter visualiser', () => {
  it('asks for the corners in order, numbers them, and confirms after the fourth', async () => {
    await uploadAndTap(3);
    await expect.poll(() => page.locator('.shutters__marker').allTextContents()).toEqual(['1', '2', '3']);
    await expect.poll(() => page.locator('[data-testid=shutter-stage] canvas').count()).toBe(0);
    await expect.poll(prompt).toBe(PROMPTS[3]);
    const box = (await page.getByTestId('shutter-stage').boundingBox())!;
    await page.mouse.click(box.x + (TAPS[3]!.x / PHOTO_W) * box.width, box.y + (TAPS[3]!.y / PHOTO_H) * box.height);
    await expect.poll(prompt).toBe(DONE);
    await expect.poll(() => page.locator('.shutters__marker').allTextContents()).toEqual(['1', '2', '3', '4']);
    // More taps do nothing.
    await page.mouse.click(box.x + box.width / 2, box.y + box.height / 2);
    await expect.poll(() => page.locator('.shutters__marker').count()).toBe(4);
    expect(errors).toEqual([]);
  });

  it('draws the shutter in WebGL, tilts the louvres open and closed, recolours and clears', async () => {
    await uploadAndTap();
    await expect.poll(prompt).toBe(DONE);
    const canvas = page.locator('[data-testid=shutter-stage] canvas');
    await canvas.waitFor();
    // (Asking for a context before three.js has made its own would hand it ours, so read pixels first.)
    const closed = await settledPixels();
    expect(
      await canvas.evaluate(
        (c: HTMLCanvasElement) => (c.getContext('webgl2') ?? c.getContext('webgl'))?.getContextAttributes()?.preserveDrawingBuffer,
      ),
    ).toBe(true);
    // The shutter covers the marked window: about the quad's share of the photo.
    expect(closed.opaque).toBeGreaterThan(0.25);
    expect(closed.opaque).toBeLessThan(0.6);
    await shotOf('[data-testid=shutter-stage]', 'shutters-closed.png');

    await page.getByRole('button', { name: 'OPEN TILT' }).click();
    await expect.poll(() => page.getByRole('button', { name: 'OPEN TILT' }).getAttribute('aria-pressed')).toBe('true');
    const open = await settledPixels(closed.url);
    expect(open.url).not.toBe(closed.url);
    // Open louvres let the photo show through the gaps.
    expect(open.opaque).toBeLessThan(closed.opaque - 0.08);
    await shotOf('[data-testid=shutter-stage]', 'shutters-open.png');

    await page.getByRole('button', { name: 'CLOSED' }).click();
    const closedAgain = await settledPixels(open.url);
    expect(closedAgain.url).not.toBe(open.url);
    expect(Math.abs(closedAgain.opaque - closed.opaque)).toBeLessThan(0.01);

    // A catalogue colour recolours the shutter.
    await page.getByRole('radio', { name: 'Walnut' }).check();
    const walnut = await settledPixels(closedAgain.url);
    expect(walnut.hash).not.toBe(closedAgain.hash);
    await shotOf('[data-testid=shutter-stage]', 'shutters-walnut.png');

    await page.getByRole('button', { name: 'Clear' }).click();
    await expect.poll(() => canvas.count()).toBe(0);
    await expect.poll(() => page.locator('.shutters__marker').count()).toBe(0);
    await expect.poll(prompt).toBe(PROMPTS[0]);
    expect(errors).toEqual([]);
  });

  it('offers white first and the catalogue shutter colours', async () => {
    await uploadAndTap(0);
    await expect.poll(() => page.getByRole('radio').count()).toBeGreaterThan(3);
    const first = page.getByRole('radio').first();
    await expect.poll(() => first.isChecked()).toBe(true);
    await expect.poll(() => first.getAttribute('value')).toMatch(/white/i);
    expect(errors).toEqual([]);
  });
});

// /admin/colours in Chromium (staff spec 2.8, 5, 8): staff sign in at the PIN gate, upload a
// generated .docx (merge mode: the e2e server's outdoor colours are shared with the other browser tests),
// see what was added and which lines were skipped, then the Current Colours tab and the outdoor products.
import { randomInt } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { strToU8, zipSync } from 'fflate';
import type { BrowserContext, Page } from 'playwright-core';
import { afterAll, afterEach, describe, expect, inject, it } from 'vitest';
import { screenshot, useBrowser, watchErrors } from './browser';

const baseUrl = inject('baseUrl');
const browser = useBrowser();
const tempDir = mkdtempSync(path.join(os.tmpdir(), 'outdoor-colours-e2e-'));
let context: BrowserContext;
let page: Page;
let errors: string[];

function docx(lines: string[]): Uint8Array {
  const esc = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;');
  const body = lines.map((l) => `<w:p><w:r><w:t xml:space="preserve">${esc(l)}</w:t></w:r></w:p>`).join('');
  return zipSync({
    '[Content_Types].xml': strToU8(
      '<?xml version="1.0" encoding="UTF-8"?><Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"><Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/><Default Extension="xml" ContentType="application/xml"/><Override PartName="/word/document.xml" ContentType="application/vnd.openxmlformats-officedocument.wordprocessingml.document.main+xml"/></Types>',
    ),
    '_rels/.rels': strToU8(
      '<?xml version="1.0" encoding="UTF-8"?><Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/officeDocument" Target="word/document.xml"/></Relationships>',
    ),
    'word/document.xml': strToU8(
      `<?xml version="1.0" encoding="UTF-8"?><w:document xmlns:w="http://schemas.openxmlformats.org/wordprocessingml/2006/main"><w:body>${body}</w:body></w:document>`,
    ),
  });
}

afterEach(async () => {
  await context?.close();
});
afterAll(() => rmSync(tempDir, { recursive: true, force: true }));

describe.each([
  ['phone', { width: 360, height: 800 }],
  ['desktop', { width: 1280, height: 900 }],
])('/admin/colours at %s size', (label, viewport) => {
  it('uploads a Word document, lists added and skipped lines, and shows the range on Current Colours', async () => {
    const tag = `${label === 'phone' ? 'P' : 'D'}${randomInt(1000, 9999)}`;
    const names = [`Harbour Blue ${tag}`, `Karoo Sand ${tag}`];
    const file = path.join(tempDir, `outdoor-colours-${tag}.docx`);
    writeFileSync(
      file,
      docx([
        'Outdoor colours 2026',
        `${names[0]} - #1F4E79 - Coastal blue canvas`,
        `${names[1]} – #C9B28A – Warm sand`,
        `Broken ${tag} - #12345 - five digits`,
      ]),
    );

    context = await browser.newContext({ viewport });
    page = await context.newPage();
    errors = watchErrors(page);

    await page.goto(baseUrl + '/admin/colours');
    await page.getByLabel('PIN', { exact: true }).fill('4321');
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.getByRole('heading', { name: 'Outdoor Blinds Colour Management', level: 1 }).waitFor();

    // A file that is not a Word document is refused in the browser with the spec's toast.
    const notWord = path.join(tempDir, `photo-${tag}.png`);
    writeFileSync(notWord, Uint8Array.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]));
    await page.getByLabel('Word document (.doc or .docx)').setInputFiles(notWord);
    await page.getByTestId('toast').filter({ hasText: 'Invalid File Type' }).waitFor();
    await expect.poll(() => page.getByRole('button', { name: 'Upload Colours' }).isDisabled()).toBe(true);

    await page.getByLabel('Word document (.doc or .docx)').setInputFiles(file);
    await expect.poll(() => page.getByLabel('Replace all existing colours').isChecked()).toBe(false); // merge
    await page.getByRole('button', { name: 'Upload Colours' }).click();
    const result = page.getByRole('tabpanel', { name: 'Upload Colours' }).getByRole('status').filter({ hasText: 'colours uploaded' });
    await result.waitFor();
    const text = (await result.textContent()) ?? '';
    expect(text).toContain(names[0]);
    expect(text).toContain(names[1]);
    expect(text).toContain('line 1: no #RRGGBB hex code');
    expect(text).toContain("line 4: '#12345' is not a 6-digit #RRGGBB hex code");
    await screenshot(page, `outdoor-colours-upload-${viewport.width}`);

    // Current Colours, reached with the keyboard (arrow key on the tab list).
    await page.getByRole('tab', { name: /Upload Colours/ }).focus();
    await page.keyboard.press('ArrowRight');
    const current = page.getByRole('tabpanel', { name: /Current Colours/ });
    await current.getByText(names[1]!).waitFor();
    await expect.poll(() => current.textContent()).toContain(`outdoor-colours-${tag}.docx`);
    await page.getByRole('button', { name: 'Refresh Colour List' }).click();
    await current.getByText(names[0]!).waitFor();
    const swatch = current.locator('.oc-colour', { hasText: names[0] }).locator('img');
    await expect.poll(() => swatch.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth)).toBeGreaterThan(0);
    await screenshot(page, `outdoor-colours-current-${viewport.width}`);

    // The storefront's outdoor products offer the uploaded colours at once.
    const outdoor = (await (await fetch(`${baseUrl}/api/colours/outdoor-blinds`)).json()) as { colours: { name: string }[] };
    expect(outdoor.colours.map((c) => c.name)).toEqual(expect.arrayContaining(names));

    const width = await page.evaluate(() => document.documentElement.scrollWidth);
    expect(width).toBeLessThanOrEqual(viewport.width);
    expect(errors).toEqual([]);
  });
});

#!/usr/bin/env node
/**
 * make-social-card.mjs: renders the site's link-preview image (Open Graph / Twitter card)
 * from the brand's own assets: the landing page's hero frame (web/public/media/hero-poster.jpg, a
 * venetian blind in a Garden Route window, see make-hero-video.mjs), the blind mark of favicon.svg and
 * the stylesheet's colours. Output: web/public/media/social-card.jpg, 1200x630 (the size Facebook,
 * LinkedIn, WhatsApp and X show uncropped), a JPEG to stay under WhatsApp's 300 kB preview limit.
 * It also writes web/public/media/logo.png, the blind mark at 512x512 for schema.org's logo (raster,
 * over Google's 112x112 minimum). Both are committed; re-run only to change it:
 *   BUSINESS_NAME='Custom Blinds' node scripts/make-social-card.mjs
 * Needs Chromium (/usr/bin/chromium or CHROME_PATH) and playwright-core (a devDependency).
 */
import { readFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium } from 'playwright-core';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const poster = readFileSync(join(root, 'web/public/media/hero-poster.jpg')).toString('base64');
const mark = readFileSync(join(root, 'web/public/favicon.svg')).toString('base64');
const businessName = (process.env.BUSINESS_NAME || 'Custom Blinds').replace(/[&<>"']/g, (ch) => `&#${ch.charCodeAt(0)};`);
const out = join(root, 'web/public/media/social-card.jpg');
const logoOut = join(root, 'web/public/media/logo.png');

const html = `<!doctype html><html><head><style>
  * { box-sizing: border-box; margin: 0; }
  body { width: 1200px; height: 630px; overflow: hidden; font-family: 'DejaVu Sans', 'Helvetica Neue', Arial, sans-serif; }
  .card { position: relative; width: 1200px; height: 630px; background: #15292b url(data:image/jpeg;base64,${poster}) right center / auto 100% no-repeat; }
  .shade { position: absolute; inset: 0; background: linear-gradient(90deg, rgba(21,41,43,0.97) 0%, rgba(21,41,43,0.93) 42%, rgba(21,41,43,0.35) 68%, rgba(21,41,43,0) 85%); }
  .text { position: absolute; left: 72px; top: 64px; width: 640px; color: #fbf8f3; }
  .brand { display: flex; align-items: center; gap: 18px; font-size: 34px; font-weight: 700; letter-spacing: 0.5px; }
  .brand img { width: 64px; height: 64px; }
  .rule { width: 96px; height: 6px; background: #c8873a; border-radius: 3px; margin: 40px 0 30px; }
  h1 { font-size: 54px; line-height: 1.12; font-weight: 700; }
  p { margin-top: 28px; font-size: 26px; line-height: 1.4; color: #e3d8c6; }
  .footer { position: absolute; left: 72px; bottom: 56px; display: flex; gap: 14px; }
  .pill { padding: 10px 20px; border-radius: 999px; font-size: 22px; font-weight: 600; }
  .pill--accent { background: #c8873a; color: #15292b; }
  .pill--line { border: 2px solid #e3d8c6; color: #fbf8f3; }
</style></head><body><div class="card"><div class="shade"></div>
  <div class="text">
    <div class="brand"><img src="data:image/svg+xml;base64,${mark}" alt="">${businessName}</div>
    <div class="rule"></div>
    <h1>Made-to-measure blinds, shutters and awnings</h1>
    <p>Site visits from Mossel Bay to Plettenberg Bay.<br>Online quotes and orders across South Africa.</p>
  </div>
  <div class="footer"><span class="pill pill--accent">Garden Route</span><span class="pill pill--line">Prices incl. VAT</span></div>
</div></body></html>`;

const browser = await chromium.launch({ executablePath: process.env.CHROME_PATH ?? '/usr/bin/chromium' });
try {
  const page = await browser.newPage({ viewport: { width: 1200, height: 630 }, deviceScaleFactor: 1 });
  await page.setContent(html, { waitUntil: 'load' });
  await page.screenshot({ path: out, type: 'jpeg', quality: 86, clip: { x: 0, y: 0, width: 1200, height: 630 } });
  console.log(`wrote ${out}`);
  const logoPage = await browser.newPage({ viewport: { width: 512, height: 512 }, deviceScaleFactor: 1 });
  await logoPage.setContent(`<style>*{margin:0}</style><img src="data:image/svg+xml;base64,${mark}" width="512" height="512" alt="">`, {
    waitUntil: 'load',
  });
  await logoPage.screenshot({ path: logoOut, type: 'png', omitBackground: true });
  console.log(`wrote ${logoOut}`);
} finally {
  await browser.close();
}

// Temporary customer trial (not committed): production config, PAYMENT_PROVIDER=none, headed Chromium under Xvfb at 125 % zoom, and a phone.
import { spawn } from 'node:child_process';
import { mkdtempSync, mkdirSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { chromium } from 'playwright-core';

const OUT = '/tmp/trial';
const PORT = 8911;
const base = `http://localhost:${PORT}`;
const BANK = { BANK_ACCOUNT_NAME: 'Knysna Blinds (Pty) Ltd', BANK_NAME: 'First National Bank', BANK_ACCOUNT_NUMBER: '62812345678', BANK_BRANCH_CODE: '250655', BANK_ACCOUNT_TYPE: 'Cheque' };
const dataDir = mkdtempSync(path.join(os.tmpdir(), 'trial-'));
const server = spawn(process.execPath, ['scripts/start.mjs'], { cwd: '/work/main', detached: true, stdio: ['ignore', 'ignore', 'inherit'],
  env: { ...process.env, SKIP_BUILD: '1', PORT: String(PORT), DATA_DIR: dataDir, APP_ENV: 'production', PAYMENT_PROVIDER: 'none', ADMIN_PIN: '5791', ...BANK } });
const stop = () => { try { process.kill(-server.pid, 'SIGTERM'); } catch {} };
process.on('exit', stop);
for (let i = 0; i < 600; i++) { try { if ((await fetch(`${base}/api/health`)).ok) break; } catch {} await new Promise((r) => setTimeout(r, 500)); }
const log = (...a) => console.log(...a);

const xvfb = spawn('/usr/bin/Xvfb', [':77', '-screen', '0', '1600x1000x24', '-nolisten', 'tcp'], { stdio: 'ignore' });
await new Promise((r) => setTimeout(r, 1500));
const profile = mkdtempSync(path.join(os.tmpdir(), 'trial-profile-'));
mkdirSync(path.join(profile, 'Default'), { recursive: true });
writeFileSync(path.join(profile, 'Default', 'Preferences'), JSON.stringify({ bookmark_bar: { show_on_all_tabs: true }, partition: { default_zoom_level: { x: Math.log(1.25) / Math.log(1.2) } } }));
const desktop = await chromium.launchPersistentContext(profile, { executablePath: '/usr/bin/chromium', headless: false, env: { ...process.env, DISPLAY: ':77' }, viewport: null,
  args: ['--no-sandbox', '--disable-gpu', '--no-first-run', '--window-size=1366,768'], extraHTTPHeaders: { 'CF-Connecting-IP': '198.18.7.7' } });

async function journey(page, tag) {
  const errors = [];
  page.on('pageerror', (e) => errors.push(e.message));
  page.on('console', (m) => m.type() === 'error' && errors.push(m.text()));
  await page.goto(`${base}/`);
  await page.getByRole('heading', { name: 'Choose Your Service' }).waitFor();
  await page.waitForTimeout(3500);
  log(tag, 'landing: devtools overlay?', await page.locator('.devtools-guard').count(), 'dpr', await page.evaluate(() => devicePixelRatio));
  await page.screenshot({ path: `${OUT}/${tag}-landing.png` });
  log(tag, 'pay by card text on landing:', await page.getByText(/pay by card/i).count());
  // measuring guide from the landing card
  await page.getByRole('link', { name: /tape-measure guide/i }).first().click();
  await page.waitForURL(/measuring-guide/);
  await page.getByRole('heading', { level: 1 }).waitFor();
  log(tag, 'guide h1:', await page.getByRole('heading', { level: 1 }).innerText());
  await page.screenshot({ path: `${OUT}/${tag}-guide.png`, fullPage: true });
  // calculator
  await page.goto(`${base}/quote-calculator`);
  await page.getByRole('heading', { level: 1, name: 'Online Blind Quotation' }).waitFor();
  const colours = page.waitForResponse((r) => r.url().includes('/api/colours/roller-blockout'));
  await page.getByLabel('Product').selectOption('roller-blockout');
  await colours;
  await page.getByLabel('Width (mm)').fill('1200');
  await page.getByLabel('Drop (mm)').fill('1500');
  await page.locator('.qc-swatch').first().click();
  await page.getByTestId('qc-unit-price').waitFor();
  await page.getByRole('button', { name: 'Add Blind' }).click();
  await page.getByTestId('qc-line').first().waitFor();
  log(tag, 'calculator sample note:', await page.getByText(/sample prices/i).count());
  await page.screenshot({ path: `${OUT}/${tag}-calculator.png`, fullPage: true });
  await page.getByRole('button', { name: 'Complete Your Order' }).click();
  await page.getByLabel('Full Name').fill('Ayanda Zulu');
  await page.getByLabel('Email Address').fill(`trial-${tag}-${Date.now()}@example.co.za`);
  await page.getByLabel('Phone Number').fill('082 555 0123');
  await page.getByLabel('Delivery Address').fill('3 Main Road, Knysna 6570');
  await page.screenshot({ path: `${OUT}/${tag}-order-form.png`, fullPage: true });
  await page.getByRole('button', { name: /Place Order/ }).click();
  await page.waitForURL(/\/order-confirmation\?ref=CB-/);
  await page.getByTestId('order-reference').waitFor();
  await page.waitForTimeout(1500);
  const text = await page.locator('main').innerText();
  log(tag, 'confirmation mentions sample prices:', /sample prices/i.test(text), '| bank details shown:', text.includes('62812345678'), '| pay by card:', /pay by card/i.test(text));
  log(tag, 'confirmation excerpt:', text.replace(/\s+/g, ' ').slice(0, 900));
  await page.screenshot({ path: `${OUT}/${tag}-confirmation.png`, fullPage: true });
  log(tag, 'scrollWidth', await page.evaluate(() => document.documentElement.scrollWidth), 'errors', errors);
  return new URL(page.url()).searchParams.get('ref');
}

const page = desktop.pages()[0] ?? (await desktop.newPage());
const ref1 = await journey(page, 'desktop125');
// 404 and site visits
const nf = await page.goto(`${base}/no-such-page`);
log('unknown path status', nf.status(), 'h1', await page.getByRole('heading', { level: 1 }).first().innerText().catch(() => '?'));
await page.goto(`${base}/`);
await page.getByRole('button', { name: 'Site Visits' }).first().click().catch(async () => log('no Site Visits button', await page.getByText('Site Visits').count()));
await page.waitForTimeout(1500);
log('after Site Visits: url', page.url(), 'access phrase gate?', await page.getByText(/access phrase/i).count(), 'visit checkbox', await page.getByLabel(/site visit/i).count());
await page.screenshot({ path: `${OUT}/desktop125-site-visit.png` });

// staff: dashboard alert, upload a real roller price list, then a customer order shows bank transfer
const staff = await desktop.newPage();
await staff.goto(`${base}/admin-dashboard`);
await staff.getByLabel(/PIN/i).first().fill('5791');
await staff.keyboard.press('Enter');
await staff.waitForTimeout(4000);
const dash = await staff.locator('main').innerText();
log('dashboard: sample prices alert', /sample prices/i.test(dash), '| No activity/score:', (dash.match(/No activity yet|\d+\/100/) || ['?'])[0]);
await staff.screenshot({ path: `${OUT}/staff-dashboard.png`, fullPage: true });
const tpl = await staff.request.get(`${base}/api/pricing/template/roller-blockout`);
const csv = await tpl.text();
const up = await staff.request.post(`${base}/api/pricing/bulk-upload`, { multipart: { price_lists: { name: 'roller-blockout-pricing-template.csv', mimeType: 'text/csv', buffer: Buffer.from(csv) } } });
log('upload real roller prices', up.status(), (await up.text()).slice(0, 200));

const phone = await chromium.launch({ executablePath: '/usr/bin/chromium', headless: true, args: ['--no-sandbox'] });
const pctx = await phone.newContext({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true, deviceScaleFactor: 2, extraHTTPHeaders: { 'CF-Connecting-IP': '198.18.9.9' } });
const ref2 = await journey(await pctx.newPage(), 'phone');
log('refs', ref1, ref2);
await phone.close();
await desktop.close();
xvfb.kill();
stop();
process.exit(0);

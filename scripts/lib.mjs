// Helpers shared by the npm scripts (start, test, bench, e2e).
import { spawn } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseEnv } from 'node:util';

export const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
export const BIN = path.join(ROOT, 'node_modules', '.bin');

/** Configuration keys (DESIGN.md section 4) that `npm start` passes from the environment to the Worker. */
export const CONFIG_KEYS = [
  'APP_ENV',
  'ASSISTANT_NAME',
  'BUSINESS_NAME',
  'BUSINESS_PHONE_GARDEN_ROUTE',
  'BUSINESS_PHONE_NATIONAL',
  'BUSINESS_WHATSAPP_GARDEN_ROUTE',
  'BUSINESS_WHATSAPP_NATIONAL',
  'BUSINESS_EMAIL',
  'MARKETING_EMAIL',
  'MAIN_WEBSITE_URL',
  'VAT_NUMBER',
  'BUSINESS_ADDRESS',
  'COMPETITOR_URLS',
  'ADMIN_PIN',
  'STAFF_REQUIRE_PASSKEY',
  'STAFF_ENROLMENT_CODE',
  'SITE_VISIT_PHRASE',
  'SITE_VISIT_CODE',
  'ANTHROPIC_API_KEY',
  'ANTHROPIC_BASE_URL',
  'ANTHROPIC_MODEL',
  'ELEVENLABS_API_KEY',
  'ELEVENLABS_VOICE_ID',
  'ELEVENLABS_BASE_URL',
  'ELEVENLABS_MODEL_ID',
  'PAYMENT_PROVIDER',
  'BANK_ACCOUNT_NAME',
  'BANK_NAME',
  'BANK_ACCOUNT_NUMBER',
  'BANK_BRANCH_CODE',
  'BANK_ACCOUNT_TYPE',
  'BANK_TRANSFER_EXPIRY_DAYS',
  'YOCO_SECRET_KEY',
  'YOCO_WEBHOOK_SECRET',
  'YOCO_API_BASE',
  'PAYFAST_MERCHANT_ID',
  'PAYFAST_MERCHANT_KEY',
  'PAYFAST_PASSPHRASE',
  'PAYFAST_HOST',
  'OZOW_SITE_CODE',
  'OZOW_PRIVATE_KEY',
  'OZOW_API_KEY',
  'OZOW_IS_TEST',
  'OZOW_API_BASE',
  'EMAIL_PROVIDER',
  'EMAIL_FROM',
  'EMAIL_API_KEY',
  'EMAIL_API_BASE',
  'SANDBOX_PAYMENT_SECRET',
  'BOOKING_LINK_SECRET',
  'PAYFAST_VALID_SOURCES',
  'PUBLIC_BASE_URL',
  'CRAWL_DELAY_MS',
];

/** The values of a dotenv file such as .dev.vars, or none when it does not exist. */
export function readDotEnv(file) {
  return existsSync(file) ? parseEnv(readFileSync(file, 'utf8')) : {};
}

/** Wrangler runs fully local: no metrics, no account, no network. */
export const WRANGLER_ENV = { WRANGLER_SEND_METRICS: 'false', CLOUDFLARE_CF_FETCH_ENABLED: 'false', NO_UPDATE_NOTIFIER: '1' };

export function run(command, args, options = {}) {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, {
      cwd: ROOT,
      stdio: 'inherit',
      ...options,
      env: { ...process.env, ...WRANGLER_ENV, ...options.env },
    });
    child.on('error', reject);
    child.on('exit', (code, signal) =>
      code === 0 ? resolve() : reject(new Error(`${path.basename(command)} ${args.join(' ')} exited with ${code ?? signal}`)),
    );
  });
}

/**
 * Builds the web app into dist/web for production. NODE_ENV is set, not inherited: under vitest it
 * is 'test', which gave the browser tests React's development build instead of the one users get.
 */
export function buildWeb(args = []) {
  return run(path.join(BIN, 'vite'), ['build', ...args], { env: { NODE_ENV: 'production' } });
}

/**
 * Bundles the Worker into dist/worker exactly as `wrangler deploy` would upload it (--dry-run: no
 * account, no network); scripts/serve.mjs serves that bundle.
 */
export function buildWorker() {
  return runQuietly(
    path.join(BIN, 'wrangler'),
    ['deploy', '--dry-run', '--outdir', path.join(ROOT, 'dist', 'worker')],
    {},
    { stdout: 'ignore' },
  );
}

/** Runs a command showing its stdout; its stderr is printed only when it fails. */
export function runQuietly(command, args, env = {}, { stdout = 'inherit' } = {}) {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, {
      cwd: ROOT,
      stdio: ['ignore', stdout, 'pipe'],
      env: { ...process.env, ...WRANGLER_ENV, ...env },
    });
    let stderr = '';
    child.stderr.on('data', (chunk) => (stderr += chunk));
    child.on('error', reject);
    child.on('exit', (code) => {
      if (code === 0) return resolve();
      process.stderr.write(stderr);
      reject(new Error(`${path.basename(command)} ${args.join(' ')} exited with ${code}`));
    });
  });
}

export async function waitForHealth(baseUrl, timeoutMs = 60_000) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    try {
      const res = await fetch(`${baseUrl}/api/health`);
      if (res.ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error(`The server at ${baseUrl} did not answer /api/health within ${timeoutMs / 1000} s`);
}

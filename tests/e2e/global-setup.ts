import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { serveFixtureSite } from '../worker/fixtures/site/serve';
import { freePort } from './free-port';

declare module 'vitest' {
  export interface ProvidedContext {
    baseUrl: string;
  }
}

const ROOT = path.resolve(import.meta.dirname, '../..');

// A deadline, not a wait: on a busy machine the build and start took up to 216 s (2 cores, other
// work beside it); the loop returns as soon as the server answers.
async function waitForHealth(baseUrl: string, server: ChildProcess, timeoutMs = 300_000) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (server.exitCode !== null) throw new Error(`npm start exited with ${server.exitCode}`);
    try {
      if ((await fetch(`${baseUrl}/api/health`)).ok) return;
    } catch {
      // not up yet
    }
    await new Promise((r) => setTimeout(r, 300));
  }
  throw new Error('The server did not become healthy in time');
}

/** Builds and serves the real app exactly as `npm start` does, with its own empty data folder. */
export default async function setup(project: TestProject) {
  const port = await freePort();
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'blinds-e2e-'));
  // The 'main website' the scraper crawls (tests/e2e/website-scraping.e2e.test.ts).
  const fixtureSite = await serveFixtureSite();
  const server = spawn(process.execPath, ['scripts/start.mjs'], {
    cwd: ROOT,
    detached: true,
    stdio: ['ignore', 'ignore', 'inherit'],
    env: {
      ...process.env,
      PORT: String(port),
      DATA_DIR: dataDir,
      ADMIN_PIN: '4321',
      // Passkeys optional: the PIN alone signs in (staff-passkeys.e2e registers and uses one beside it).
      STAFF_REQUIRE_PASSKEY: 'false',
      APP_ENV: 'development',
      PAYMENT_PROVIDER: 'sandbox',
      MAIN_WEBSITE_URL: fixtureSite.url,
      // A VAT vendor, so a paid order has a tax invoice (order-journey opens it).
      VAT_NUMBER: '4123456789',
      BUSINESS_ADDRESS: '12 Main Street, Knysna, 6570',
    },
  });
  const baseUrl = `http://localhost:${port}`;
  try {
    await waitForHealth(baseUrl, server);
  } catch (err) {
    // Never leave a server behind when the run cannot start.
    try {
      process.kill(-server.pid!, 'SIGTERM');
    } catch {
      // already gone
    }
    throw err;
  }
  project.provide('baseUrl', baseUrl);
  return () => {
    try {
      process.kill(-server.pid!, 'SIGTERM');
    } catch {
      // already gone
    }
    rmSync(dataDir, { recursive: true, force: true });
    void fixtureSite.close();
  };
}

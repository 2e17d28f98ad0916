import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { serveFixtureSite } from '../worker/fixtures/site/serve';
import { killSite, startSite } from './start-site';

declare module 'vitest' {
  export interface ProvidedContext {
    baseUrl: string;
  }
}

/** Builds and serves the real app exactly as `npm start` does, with its own empty data folder. */
export default async function setup(project: TestProject) {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'blinds-e2e-'));
  // The 'main website' the scraper crawls (tests/e2e/website-scraping.e2e.test.ts).
  const fixtureSite = await serveFixtureSite();
  // A deadline, not a wait: on a busy machine the build and start took up to 216 s (2 cores, other
  // work beside it); startSite returns as soon as the server answers.
  const { baseUrl, server } = await startSite(
    'browser tests',
    {
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
    300_000,
  ).catch(async (err: unknown) => {
    await fixtureSite.close();
    throw err;
  });
  project.provide('baseUrl', baseUrl);
  return () => {
    killSite(server);
    rmSync(dataDir, { recursive: true, force: true });
    void fixtureSite.close();
  };
}

import { cpSync, mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { serveFixtureSite } from '../worker/fixtures/site/serve';
import { killSite, prepareDataDir, startSite } from './start-site';

declare module 'vitest' {
  export interface ProvidedContext {
    baseUrl: string;
    /** A data folder built, migrated and seeded as `npm start` does: each site copies it (second-site.ts). */
    preparedDataDir: string;
  }
}

/** Builds and serves the real app exactly as `npm start` does, on a data folder of its own. */
export default async function setup(project: TestProject) {
  // Built, migrated and seeded once; the shared site and each second site start on a copy of it.
  // A deadline for a hang, not for a slow machine: with two other test runs beside it on 2 cores
  // the build, migrations and seed took over 300 s (the deadline then, which failed both runs).
  const preparedDataDir = mkdtempSync(path.join(os.tmpdir(), 'blinds-e2e-prepared-'));
  await prepareDataDir(preparedDataDir, 900_000);
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'blinds-e2e-'));
  cpSync(preparedDataDir, dataDir, { recursive: true });
  // The 'main website' the scraper crawls (tests/e2e/website-scraping.e2e.test.ts).
  const fixtureSite = await serveFixtureSite();
  // A deadline, not a wait: startSite returns as soon as the server answers.
  const { baseUrl, server } = await startSite(
    'browser tests',
    {
      SKIP_BUILD: '1',
      PREPARED: '1',
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
    600_000,
  ).catch(async (err: unknown) => {
    await fixtureSite.close();
    rmSync(preparedDataDir, { recursive: true, force: true });
    throw err;
  });
  project.provide('baseUrl', baseUrl);
  project.provide('preparedDataDir', preparedDataDir);
  return () => {
    killSite(server);
    rmSync(dataDir, { recursive: true, force: true });
    rmSync(preparedDataDir, { recursive: true, force: true });
    void fixtureSite.close();
  };
}

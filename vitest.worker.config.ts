import path from 'node:path';
import { cloudflareTest, readD1Migrations } from '@cloudflare/vitest-plugin';
import { defineConfig } from 'vitest/config';

// Worker tests run inside workerd with the bindings of wrangler.toml (Miniflare). `isolate: false`:
// each vitest worker keeps one runtime for all its files (a runtime and the worker's modules per file
// took five of the suite's six minutes); tests/worker/setup.ts empties every store before each file.
export default defineConfig(async () => {
  const migrations = await readD1Migrations(path.join(import.meta.dirname, 'migrations'));
  return {
    plugins: [
      // STAND_IN_URL: the local stand-ins of outside services (Anthropic, ElevenLabs) that
      // tests/stand-ins/global-setup.ts starts in Node.
      cloudflareTest(({ inject }) => ({
        wrangler: { configPath: './wrangler.toml' },
        miniflare: {
          // The wrangler config brings in .dev.vars when it exists (npm start makes it from
          // .dev.vars.example, and the browser lane runs npm start alongside): every value a test
          // depends on is set here, so a local file never changes a result. No bank account unless a
          // test gives one.
          bindings: {
            BANK_ACCOUNT_NAME: '',
            BANK_NAME: '',
            BANK_ACCOUNT_NUMBER: '',
            BANK_BRANCH_CODE: '',
            BANK_ACCOUNT_TYPE: '',
            TEST_MIGRATIONS: migrations,
            APP_ENV: 'test',
            ADMIN_PIN: '4321',
            SANDBOX_PAYMENT_SECRET: 'test-sandbox-secret-for-workerd-tests',
            BOOKING_LINK_SECRET: 'test-booking-link-secret-for-workerd-tests',
            BUSINESS_PHONE_GARDEN_ROUTE: '+27 44 000 0000',
            BUSINESS_PHONE_NATIONAL: '+27 21 000 0000',
            BUSINESS_WHATSAPP_GARDEN_ROUTE: '+27 82 000 0000',
            BUSINESS_WHATSAPP_NATIONAL: '+27 82 000 0001',
            BUSINESS_EMAIL: 'info@example.co.za',
            MARKETING_EMAIL: 'marketing@example.co.za',
            MAIN_WEBSITE_URL: 'https://example.co.za',
            // A VAT vendor, so paid orders get tax invoices (services/tax-invoices.ts).
            VAT_NUMBER: '4123456789',
            BUSINESS_ADDRESS: '12 Main Street, Knysna, 6570',
            CRAWL_DELAY_MS: '0',
            PAYMENT_PROVIDER: 'sandbox',
            STAND_IN_URL: inject<string>('standInUrl'),
          },
          // The static app is not part of worker tests; an empty folder keeps ASSETS bound.
          assets: {
            directory: path.join(import.meta.dirname, 'tests/worker/fixtures/assets'),
            binding: 'ASSETS',
            run_worker_first: true,
            assetConfig: { not_found_handling: 'none' },
          },
        },
      })),
    ],
    test: {
      include: ['tests/worker/**/*.test.ts'],
      isolate: false,
      // Two files at a time: the suite is CPU-bound, and the CI machine has two cores.
      maxWorkers: 2,
      // Timeouts catch a hang, not a slow machine: the per-file reset takes ~40 ms alone but passed
      // 10 s (vitest's default) with the machine busy, failing whole files. A hang still fails.
      hookTimeout: 60_000,
      testTimeout: 30_000,
      setupFiles: ['./tests/worker/setup.ts'],
      globalSetup: ['./tests/stand-ins/global-setup.ts'],
    },
  };
});

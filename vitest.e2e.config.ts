import path from 'node:path';
import { defineConfig } from 'vitest/config';

// Browser tests: real Chromium (playwright-core) against `npm start` on a free port.
export default defineConfig({
  // The fixtures shared with tests/web import '@shared/...' (worker/shared), as in vitest.web.config.ts.
  resolve: { alias: { '@shared': path.join(import.meta.dirname, 'worker/shared') } },
  test: {
    include: ['tests/e2e/**/*.e2e.test.ts'],
    environment: 'node',
    globalSetup: ['./tests/e2e/global-setup.ts'],
    testTimeout: 60_000,
    hookTimeout: 120_000,
    fileParallelism: true,
    maxWorkers: 2,
    // Each worker keeps its process for every file it runs (a new one per file cost about a second
    // of CPU: Node, Playwright and the transformed helpers). Files share no state but the server's.
    isolate: false,
  },
});

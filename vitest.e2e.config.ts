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
    // A deadline for a hang, not for a slow machine (as vitest.worker.config.ts): a step that hangs
    // already fails at Playwright's own 30 s. The order and booking journeys take about 20 s on a quiet
    // machine; beside other work they took 49 to 61 s, and two failed at the old 60 s though nothing hung.
    testTimeout: 180_000,
    hookTimeout: 120_000,
    // expect.poll retries a read of the page until it matches: a value read once right after a click,
    // a navigation or a fetch may be read before React has rendered the change. Ten seconds (not
    // vitest's one) is a deadline for a busy machine, not a wait: a poll returns as soon as it matches.
    expect: { poll: { timeout: 10_000 } },
    fileParallelism: true,
    // Three files at a time on two cores: a browser test waits on Chromium and the server for about
    // half its time, so two test processes kept only one core busy (313 CPU-s in 312 s). With three the
    // lane took 223 s alone and npm test 4 min 26 s from a clean clone (5 min 18 s with two).
    maxWorkers: 3,
    // Each worker keeps its process for every file it runs (a new one per file cost about a second
    // of CPU: Node, Playwright and the transformed helpers). Files share no state but the server's.
    isolate: false,
  },
});

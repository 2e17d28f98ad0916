import path from 'node:path';
import { defineConfig } from 'vitest/config';

// Web unit tests: pure modules of web/src (request helper, formatting, dialog rules) in Node.
export default defineConfig({
  // '@shared/...' is worker/shared, as in vite.config.ts and tsconfig.web.json.
  resolve: { alias: { '@shared': path.join(import.meta.dirname, 'worker/shared') } },
  test: {
    include: ['tests/web/**/*.test.ts'],
    environment: 'node',
  },
});

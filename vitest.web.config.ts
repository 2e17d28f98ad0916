import { defineConfig } from 'vitest/config';

// Web unit tests: pure modules of web/src (request helper, formatting, dialog rules) in Node.
export default defineConfig({
  test: {
    include: ['tests/web/**/*.test.ts'],
    environment: 'node',
  },
});

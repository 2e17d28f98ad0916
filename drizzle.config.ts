import { defineConfig } from 'drizzle-kit';

// Generates reviewed SQL migrations for D1 into migrations/ (never `push`).
export default defineConfig({
  dialect: 'sqlite',
  schema: './worker/db/schema.ts',
  out: './migrations',
});

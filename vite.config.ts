import path from 'node:path';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

// The web app: built into dist/web, which wrangler serves as static assets.
export default defineConfig({
  root: path.join(import.meta.dirname, 'web'),
  plugins: [react()],
  build: {
    outDir: path.join(import.meta.dirname, 'dist/web'),
    emptyOutDir: true,
    sourcemap: false,
    chunkSizeWarningLimit: 1200,
  },
  server: {
    // `npm run dev:web` proxies the API to a running `npm start`.
    proxy: { '/api': 'http://localhost:8787', '/swatches': 'http://localhost:8787' },
  },
});

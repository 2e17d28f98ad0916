import { readFileSync } from 'node:fs';
import path from 'node:path';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';
import {
  OCR_CORE_DIR,
  OCR_CORE_FILES,
  OCR_LANG_DIR,
  OCR_PACKAGE_VERSIONS,
  OCR_WORKER_PATH,
} from './web/src/features/staff/price-list-analysis/ocr-assets';

/** Text recognition on /admin/pricing runs from files this site serves: tesseract's worker, wasm cores and English model. */
function ocrAssets(): Plugin {
  const modules = path.join(import.meta.dirname, 'node_modules');
  const files = new Map<string, string>([
    [OCR_WORKER_PATH, path.join(modules, 'tesseract.js/dist/worker.min.js')],
    ...OCR_CORE_FILES.map((f) => [`${OCR_CORE_DIR}/${f}`, path.join(modules, 'tesseract.js-core', f)] as [string, string]),
    [`${OCR_LANG_DIR}/eng.traineddata.gz`, path.join(modules, '@tesseract.js-data/eng/4.0.0_best_int/eng.traineddata.gz')],
  ]);
  for (const [name, version] of Object.entries(OCR_PACKAGE_VERSIONS)) {
    const installed = (JSON.parse(readFileSync(path.join(modules, name, 'package.json'), 'utf8')) as { version: string }).version;
    if (installed !== version)
      throw new Error(
        `${name} ${installed} is installed but ocr-assets.ts names ${version}: update it (the served paths carry the version).`,
      );
  }
  return {
    name: 'ocr-assets',
    generateBundle() {
      for (const [url, file] of files) this.emitFile({ type: 'asset', fileName: url.slice(1), source: readFileSync(file) });
    },
    configureServer(server) {
      server.middlewares.use((req, res, next) => {
        const file = files.get((req.url ?? '').split('?')[0]!);
        if (!file) return next();
        res.setHeader('Content-Type', file.endsWith('.js') ? 'text/javascript' : 'application/octet-stream');
        res.end(readFileSync(file));
      });
    },
  };
}

// The web app: built into dist/web, which wrangler serves as static assets.
export default defineConfig({
  root: path.join(import.meta.dirname, 'web'),
  plugins: [react(), ocrAssets()],
  // '@shared/...' is worker/shared, the contract the Worker and the app share (tsconfig.web.json paths).
  resolve: { alias: { '@shared': path.join(import.meta.dirname, 'worker/shared') } },
  build: {
    outDir: path.join(import.meta.dirname, 'dist/web'),
    emptyOutDir: true,
    sourcemap: false,
    chunkSizeWarningLimit: 1200,
    // Every browser the site supports preloads modules itself.
    modulePreload: { polyfill: false },
    rolldownOptions: {
      output: {
        // What every page needs before its first render, in one file instead of nine small ones
        // (each request costs its headers and a round trip on a phone): React and its DOM renderer,
        // the router, the configuration and the request helpers, loaded in the first start-up step
        // (web/src/main.tsx). The app's own chunk follows in the second; pages' code stays in
        // chunks of its own.
        codeSplitting: {
          groups: [
            {
              name: 'react',
              // Also the few-hundred-byte modules the landing page shares with other pages (storage keys,
              // the chat session's id pattern): alone, each would be a request whose headers outweigh it.
              test: /[\\/]node_modules[\\/](react|react-dom|scheduler|react-router)[\\/]|[\\/]web[\\/]src[\\/]lib[\\/](public-config|api-client|storage-keys)\.ts$|[\\/]worker[\\/]shared[\\/](public-config|photo-keys)\.ts$/,
            },
          ],
        },
      },
    },
  },
  // Workers bundled from the app (new Worker(new URL(...))) are minified as usual, but keep their
  // `debugger` statements, which the minifier drops by default: the developer-tools guard's probe
  // is one (web/src/components/devtools-probe.worker.ts). The app's own bundle still drops them.
  worker: {
    rolldownOptions: { output: { minify: { compress: { dropDebugger: false } } } },
  },
  server: {
    // `npm run dev:web` proxies the API to a running `npm start`.
    proxy: { '/api': 'http://localhost:8787', '/swatches': 'http://localhost:8787' },
  },
});

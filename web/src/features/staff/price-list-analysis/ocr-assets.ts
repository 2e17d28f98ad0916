// Where this site serves tesseract.js's files (never a CDN): vite.config.ts copies them into the build
// under /assets/, which the Worker caches for a year (worker/routes/static.ts), so every folder name
// carries the package version; the build fails if the installed versions differ.
export const OCR_PACKAGE_VERSIONS = { 'tesseract.js': '7.0.0', 'tesseract.js-core': '7.0.0' } as const;

const BASE = '/assets/ocr';
export const OCR_WORKER_PATH = `${BASE}/tesseract.js-${OCR_PACKAGE_VERSIONS['tesseract.js']}/worker.min.js`;
/** A folder: the worker picks the LSTM core for the browser's WebAssembly features. */
export const OCR_CORE_DIR = `${BASE}/tesseract.js-core-${OCR_PACKAGE_VERSIONS['tesseract.js-core']}`;
export const OCR_CORE_FILES = [
  'tesseract-core-lstm.wasm.js',
  'tesseract-core-simd-lstm.wasm.js',
  'tesseract-core-relaxedsimd-lstm.wasm.js',
] as const;
/** @tesseract.js-data/eng's 4.0.0_best_int model (LSTM only, the small one). */
export const OCR_LANG_DIR = `${BASE}/eng-4.0.0_best_int`;

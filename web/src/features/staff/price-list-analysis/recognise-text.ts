// Text recognition in the browser (tesseract.js), loaded only when staff analyse a price list. Every file
// comes from this site (ocr-assets.ts): no request leaves it.
import { OCR_CORE_DIR, OCR_LANG_DIR, OCR_WORKER_PATH } from './ocr-assets';

export interface OcrProgress {
  /** tesseract's stage, e.g. 'loading language traineddata', 'recognizing text'. */
  status: string;
  /** 0..1 within the stage. */
  progress: number;
}

const absolute = (path: string) => new URL(path, window.location.origin).href;

/** The text of the image, line by line as printed (a table's row stays one line). */
export async function recogniseText(image: Blob, onProgress: (p: OcrProgress) => void): Promise<string> {
  const loaded = await import('tesseract.js');
  // A CommonJS package: its exports may arrive as the default export.
  const tesseract = (loaded as unknown as { default?: typeof loaded }).default ?? loaded;
  const worker = await tesseract.createWorker('eng', 1, {
    // Absolute URLs: the worker resolves them itself. workerBlobURL false: the worker is a same-origin script (CSP worker-src 'self').
    workerPath: absolute(OCR_WORKER_PATH),
    corePath: absolute(OCR_CORE_DIR),
    langPath: absolute(OCR_LANG_DIR),
    workerBlobURL: false,
    logger: (m) => onProgress({ status: m.status, progress: typeof m.progress === 'number' ? m.progress : 0 }),
  });
  try {
    // One uniform block: a price table's cells are read across, row by row.
    await worker.setParameters({ tessedit_pageseg_mode: tesseract.PSM.SINGLE_BLOCK, preserve_interword_spaces: '1' });
    const { data } = await worker.recognize(image);
    return data.text;
  } finally {
    await worker.terminate();
  }
}

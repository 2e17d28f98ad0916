// Photo measurement of a 12 MP phone photo, in Node: CPU per photo of decodePhoto (the worker's decoder)
// plus the window analysis, and the array-buffer memory held meanwhile. Run by `npm run bench` as
//   node --import tsx --expose-gc scripts/bench-photo.mjs <runs>
// (tsx loads the worker's TypeScript as is); prints one JSON line. The 4000 x 3000 JPEG (a window with
// an A4 sheet, generated with jpeg-js's encoder) is made once and cached in the OS temp folder.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import jpeg from 'jpeg-js';
import { renderScene } from '../tests/worker/fixtures/window-scenes.ts';
import { COLOUR_SAMPLE_PIXELS } from '../worker/services/consultant/photo-colours.ts';
import { dominantColours } from '../worker/services/image-colours.ts';
import { decodePhoto } from '../worker/lib/image/decode.ts';
import { analyzeWindowPixels } from '../worker/services/window-analysis/index.ts';

const PHOTO_SCENE = { imageW: 4000, imageH: 3000, pxPerMm: 1.6, windowMm: [1200, 1500], frame: 'white', a4: 'portrait', seed: 12 };
const PHOTO_FILE = path.join(os.tmpdir(), 'custom-blinds-bench-12mp-v2.jpg');

function photo() {
  if (!fs.existsSync(PHOTO_FILE)) {
    const { img } = renderScene(PHOTO_SCENE);
    const encoded = jpeg.encode({ width: img.width, height: img.height, data: Buffer.from(img.data.buffer) }, 92); // ~3 MB, as phones write 12 MP
    fs.writeFileSync(`${PHOTO_FILE}.tmp`, encoded.data);
    fs.renameSync(`${PHOTO_FILE}.tmp`, PHOTO_FILE);
  }
  return new Uint8Array(fs.readFileSync(PHOTO_FILE));
}

const runs = Number(process.argv[2] ?? 10);
const bytes = photo();

/**
 * Runs `decode` (which decodes `bytes` and reads its answer) runs + 1 times: CPU ms of each run but the
 * first (it warms the JIT up), the array buffers held meanwhile, and the last run's pixels and answer.
 */
function measure(decode) {
  const cpuMs = [];
  let heldBytes = 0;
  let last;
  for (let i = 0; i < runs + 1; i++) {
    globalThis.gc?.();
    const before = process.memoryUsage().arrayBuffers;
    const started = process.cpuUsage();
    last = decode();
    const used = process.cpuUsage(started);
    // Array buffers alive beyond the upload itself: the reduced RGBA and whatever the decoder kept.
    heldBytes = Math.max(heldBytes, process.memoryUsage().arrayBuffers - before);
    if (i > 0) cpuMs.push((used.user + used.system) / 1000);
  }
  return { cpuMs, heldBytes, decoded: { width: last.pixels.width, height: last.pixels.height }, answer: last.answer };
}

const analysis = measure(() => {
  const pixels = decodePhoto(bytes);
  return { pixels, answer: analyzeWindowPixels(pixels) };
});
// The chat's path: the consultant decodes the same photo reduced to its colour sample and reads its main colours.
const chatRun = measure(() => {
  const pixels = decodePhoto(bytes, COLOUR_SAMPLE_PIXELS);
  return { pixels, answer: dominantColours(pixels, 3) };
});
const chat = { cpuMs: chatRun.cpuMs, decoded: chatRun.decoded, colours: chatRun.answer.map((c) => c.name) };
const { cpuMs, heldBytes, decoded, answer } = analysis;
console.log(
  JSON.stringify({ file: PHOTO_FILE, bytes: bytes.length, width: 4000, height: 3000, decoded, runs, cpuMs, heldBytes, answer, chat }),
);

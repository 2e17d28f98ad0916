#!/usr/bin/env node
/**
 * make-hero-video.mjs: renders the landing-page hero loop procedurally.
 *
 * What it renders: a calm, stylised room corner. A recessed window on the
 * right of the frame looks out onto a Garden Route style coastal scene (sky
 * gradient, soft blue sea band, hazy headland, sage hills, sand dunes). A
 * made-to-measure venetian blind hangs in the window. Over the loop its
 * slats tilt slowly open and closed, and the striped bands of warm sunlight
 * they let through (across the window reveal, the sill and the oak floor)
 * change with the slat angle. The left half is an unlit plaster wall that
 * stays dark enough for headline text laid over it.
 *
 * Everything is drawn here with simple per-pixel maths (a small 3D camera
 * model, gradients, analytic anti-aliased slat edges, soft sunlight
 * penumbrae). No stock footage and no external assets are used. The frames
 * go to ffmpeg's stdin as raw RGB24 and ffmpeg writes:
 *   web/public/media/hero.webm        VP9, CRF 40, no audio
 *   web/public/media/hero.mp4         H.264 main, yuv420p, faststart, no audio (Safari)
 *   web/public/media/hero-poster.jpg  one representative frame
 * 960x540, 24 fps, 8 s. The loop is seamless: the first and last frames are
 * identical, at a point where the slats are momentarily at rest.
 *
 * The outputs are committed to the repository, so the site build does not
 * need ffmpeg. Re-run this script only to change the video:
 *   node scripts/make-hero-video.mjs
 * Requires Node 20+ (standard library only) and ffmpeg on PATH.
 */

import { spawn } from 'node:child_process';
import { mkdirSync, statSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
// First, before any drawing: stop at once when ffmpeg is missing.
import './hero-video/require-ffmpeg.mjs';
import { FPS, FRAMES, H, POSTER_FRAME, W } from './hero-video/scene.mjs';
import { renderFrame } from './hero-video/frame.mjs';

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const OUT_DIR = join(ROOT, 'web', 'public', 'media');
const OUT_WEBM = join(OUT_DIR, 'hero.webm');
const OUT_MP4 = join(OUT_DIR, 'hero.mp4');
const OUT_POSTER = join(OUT_DIR, 'hero-poster.jpg');

// ------------------------------------------------------------- encode ---

mkdirSync(OUT_DIR, { recursive: true });
const args = [
  '-hide_banner',
  '-loglevel',
  'error',
  '-y',
  '-f',
  'rawvideo',
  '-pix_fmt',
  'rgb24',
  '-s',
  `${W}x${H}`,
  '-r',
  String(FPS),
  '-i',
  '-',
  // WebM / VP9
  '-map',
  '0:v',
  '-c:v',
  'libvpx-vp9',
  '-b:v',
  '0',
  '-crf',
  '40',
  '-pix_fmt',
  'yuv420p',
  '-row-mt',
  '1',
  '-deadline',
  'good',
  '-cpu-used',
  '2',
  '-an',
  OUT_WEBM,
  // MP4 / H.264 for Safari
  '-map',
  '0:v',
  '-c:v',
  'libx264',
  '-profile:v',
  'main',
  '-preset',
  'slow',
  '-crf',
  '27',
  '-pix_fmt',
  'yuv420p',
  '-movflags',
  '+faststart',
  '-an',
  OUT_MP4,
  // poster: one representative frame
  '-map',
  '0:v',
  '-vf',
  `select=eq(n\\,${POSTER_FRAME})`,
  '-frames:v',
  '1',
  '-q:v',
  '5',
  OUT_POSTER,
];
const ff = spawn('ffmpeg', args, { stdio: ['pipe', 'inherit', 'inherit'] });
const ffDone = new Promise((res, rej) => {
  ff.on('error', rej);
  ff.on('close', (code) => (code === 0 ? res() : rej(new Error(`ffmpeg exited with ${code}`))));
});

const tr = Date.now();
for (let f = 0; f < FRAMES; f++) {
  const phase = f / (FRAMES - 1); // frame 0 == last frame
  const buf = renderFrame(phase);
  if (!ff.stdin.write(Buffer.from(buf))) await new Promise((r) => ff.stdin.once('drain', r));
  if (f % 24 === 0) process.stdout.write(`  frame ${f}/${FRAMES}\r`);
}
ff.stdin.end();
await ffDone;
console.log(`rendered ${FRAMES} frames in ${((Date.now() - tr) / 1000).toFixed(1)} s`);
for (const p of [OUT_WEBM, OUT_MP4, OUT_POSTER]) {
  console.log(`  ${p.slice(ROOT.length + 1)}  ${(statSync(p).size / 1024).toFixed(0)} KB`);
}

// Benchmark steps 'landing' (the landing page's JavaScript as Chromium transfers it) and 'chunks'
// (the built JS chunks in dist/web/assets).
import fs from 'node:fs';
import path from 'node:path';
import { ROOT } from '../lib.mjs';
import { brotliSize, gzipSize, htmlTags, kb } from '../bench-lib.mjs';
import { BIG_CHUNK_BYTES, TARGETS, THREE_MARKER } from './common.mjs';

/**
 * The scripts Chromium (CHROME_PATH) fetches while it opens `url` on a phone-sized screen with an
 * empty cache, until the network goes quiet: each one's URL and the bytes that came over the wire
 * for it (encoded body, as the server compressed it, plus the response headers), as Chromium counts
 * them in its developer tools' 'transferred' column.
 */
async function scriptsLoadedBy(url) {
  const { chromium } = await import('playwright-core');
  const isRoot = typeof process.getuid === 'function' && process.getuid() === 0;
  const browser = await chromium.launch({
    executablePath: process.env.CHROME_PATH ?? '/usr/bin/chromium',
    args: isRoot ? ['--no-sandbox'] : [],
  });
  try {
    const page = await browser.newPage({ viewport: { width: 412, height: 823 } });
    const scripts = [];
    page.on('requestfinished', (request) => {
      if (request.resourceType() === 'script') scripts.push(request);
    });
    await page.goto(url, { waitUntil: 'networkidle' });
    await page.waitForTimeout(1000);
    return await Promise.all(
      scripts.map(async (request) => {
        const sizes = await request.sizes();
        const response = await request.response();
        return {
          url: request.url(),
          transferredBytes: sizes.responseBodySize + sizes.responseHeadersSize,
          encoding: (await response?.headerValue('content-encoding')) ?? 'none',
        };
      }),
    );
  } finally {
    await browser.close();
  }
}

export async function landingPage(ctx) {
  const { baseUrl } = ctx;
  // dist/web is shared with anyone else building in this checkout; retry briefly if it is mid-rebuild.
  let page;
  for (let attempt = 1; attempt <= 5; attempt++) {
    page = await fetch(`${baseUrl}/`);
    if (page.ok) break;
    await page.arrayBuffer();
    await new Promise((resolve) => setTimeout(resolve, 1000));
  }
  if (!page.ok) throw new Error(`GET / answered ${page.status}`);
  const html = await page.text();
  const links = htmlTags(html, 'link');
  const styles = links.filter((a) => /(^|\s)stylesheet(\s|$)/i.test(a.rel ?? '') && a.href).map((a) => a.href);

  // JS the landing page loads: every script a real browser fetches while it opens the page and
  // settles (the app starts from /boot.js in steps, and the chat panel follows), not only the tags
  // in the HTML. Pages opened later by a click (the visualiser and its three.js) are not counted.
  // The target is on what came over the wire (Chromium's 'transferred': the body as the server
  // encoded it for Chromium, headers included); gzip -9 and brotli of each file are shown beside it.
  const js = [];
  for (const loaded of await scriptsLoadedBy(`${baseUrl}/`)) {
    const url = loaded.url;
    if (new URL(url).origin !== baseUrl) continue;
    const res = await fetch(url);
    if (!res.ok) throw new Error(`GET ${url} answered ${res.status}`);
    const buffer = Buffer.from(await res.arrayBuffer());
    js.push({
      path: new URL(url).pathname,
      transferredBytes: loaded.transferredBytes,
      encoding: loaded.encoding,
      bytes: buffer.length,
      gzipBytes: gzipSize(buffer),
      brotliBytes: brotliSize(buffer),
      hasThree: buffer.toString('utf8').includes(THREE_MARKER),
    });
  }
  const css = [];
  for (const href of styles) {
    const url = new URL(href, `${baseUrl}/`);
    if (url.origin !== baseUrl) continue;
    const buffer = Buffer.from(await (await fetch(url)).arrayBuffer());
    css.push({ path: url.pathname, bytes: buffer.length, gzipBytes: gzipSize(buffer), brotliBytes: brotliSize(buffer) });
  }
  const sum = (list, key) => list.reduce((total, item) => total + item[key], 0);
  const landing = {
    jsTransferredBytes: sum(js, 'transferredBytes'),
    jsBytes: sum(js, 'bytes'),
    jsGzipBytes: sum(js, 'gzipBytes'),
    jsBrotliBytes: sum(js, 'brotliBytes'),
    cssGzipBytes: sum(css, 'gzipBytes'),
    js,
    css,
  };
  ctx.results.landingJsTransferredBytes = landing.jsTransferredBytes;
  ctx.results.landingJsGzipBytes = landing.jsGzipBytes;
  ctx.results.landingJsBrotliBytes = landing.jsBrotliBytes;
  ctx.results.landingHasThree = js.some((file) => file.hasThree);

  for (const file of js) {
    ctx.log(
      `  ${file.path.padEnd(44)} ${kb(file.transferredBytes).padStart(10)} transferred (${file.encoding}) ${kb(file.bytes).padStart(10)} raw ${kb(file.gzipBytes).padStart(10)} gzip ${kb(file.brotliBytes).padStart(10)} br${file.hasThree ? '  [three.js]' : ''}`,
    );
  }
  for (const file of css) {
    ctx.log(
      `  ${file.path.padEnd(44)} ${kb(file.bytes).padStart(10)} raw ${kb(file.gzipBytes).padStart(10)} gzip ${kb(file.brotliBytes).padStart(10)} br (css, not in JS total)`,
    );
  }
  ctx.log(
    `  landing JS total: ${kb(landing.jsTransferredBytes)} transferred (fresh cache, headers included), ${kb(landing.jsBytes)} raw, ${kb(landing.jsGzipBytes)} gzip -9, ${kb(landing.jsBrotliBytes)} brotli (${js.length} file${js.length === 1 ? '' : 's'})`,
  );
  ctx.log(`  three.js ('${THREE_MARKER}') in landing JS: ${ctx.results.landingHasThree ? 'YES' : 'no'}`);
  ctx.targets.push(
    {
      name: 'landing JS transferred',
      value: kb(landing.jsTransferredBytes),
      target: `<= ${kb(TARGETS.landingJsTransferredBytes)}`,
      pass: landing.jsTransferredBytes <= TARGETS.landingJsTransferredBytes,
    },
    {
      name: 'no three.js on landing',
      value: ctx.results.landingHasThree ? 'three.js loaded' : 'none',
      target: 'none',
      pass: !ctx.results.landingHasThree,
    },
  );
  return landing;
}

export async function builtChunks(ctx) {
  const dir = path.join(ROOT, 'dist', 'web', 'assets');
  const files = fs.existsSync(dir)
    ? fs
        .readdirSync(dir)
        .filter((f) => f.endsWith('.js'))
        .sort()
    : [];
  const chunks = files.map((file) => {
    const buffer = fs.readFileSync(path.join(dir, file));
    return { file, bytes: buffer.length, gzipBytes: gzipSize(buffer), hasThree: buffer.includes(THREE_MARKER) };
  });
  chunks.sort((a, b) => b.bytes - a.bytes);
  const totalBytes = chunks.reduce((t, c) => t + c.bytes, 0);
  const totalGzipBytes = chunks.reduce((t, c) => t + c.gzipBytes, 0);
  ctx.results.chunks = chunks;
  ctx.results.chunksTotalBytes = totalBytes;
  ctx.results.chunksTotalGzipBytes = totalGzipBytes;
  ctx.log(`  ${chunks.length} JS chunks in dist/web/assets: ${kb(totalBytes)} raw, ${kb(totalGzipBytes)} gzip`);
  const big = chunks.filter((c) => c.bytes > BIG_CHUNK_BYTES);
  for (const c of big)
    ctx.log(
      `  ${c.file.padEnd(44)} ${kb(c.bytes).padStart(10)} raw ${kb(c.gzipBytes).padStart(10)} gzip${c.hasThree ? '  [three.js]' : ''}`,
    );
  if (chunks.length > big.length) ctx.log(`  (+ ${chunks.length - big.length} chunk(s) under ${kb(BIG_CHUNK_BYTES)})`);
  // The visualisers' WebGL code: loaded only by /ar-measurement, /shutters and the walk-through.
  const visualiserGzipBytes = chunks.filter((c) => c.hasThree).reduce((t, c) => t + c.gzipBytes, 0);
  ctx.results.visualiserGzipBytes = visualiserGzipBytes;
  ctx.log(`  visualiser (three.js) chunk(s): ${kb(visualiserGzipBytes)} gzip, loaded only by the visualiser routes`);
  return { totalBytes, totalGzipBytes, count: chunks.length, visualiserGzipBytes };
}

// npm run bench: build the web app, start the local server (npm start: Miniflare) on a free
// port with a fresh data directory, then run the benchmark steps below against it and print a
// report; the results are also written to .bench/results.json.
//
// Targets are printed as PASS/MISS. The exit code is 1 when a target of the steps that ran was
// missed (after the whole report is printed and the results file written), when the server cannot
// be built or started, or when a step crashes. `npm test` does not run the bench.
//
// Environment: BENCH_SECONDS (measured seconds per load run, default 8), BENCH_WARMUP_SECONDS
// (default 2), BENCH_CONCURRENCY (default 32), BENCH_ROUNDS (default 2), BENCH_CPU_REQUESTS
// (requests per scenario for the server CPU per request, default 1000), BENCH_STEPS (comma-separated
// step names to run, e.g. `BENCH_STEPS=lighthouse npm run bench`; default all), CHROME_PATH (the
// Chromium Lighthouse drives, default /usr/bin/chromium).
//
// Adding a benchmark: write its step in scripts/bench/ and append { name, run } to `steps`. A step
// that needs data in D1 first also gives `prepare({ dataDir, log })`: it runs before the server
// starts, on the server's (still empty) data directory; a failed prepare fails its step.
// `run(ctx)` gets ctx = { baseUrl, server, config, results } and returns an object that is stored
// under results.steps[name] (and may set fields on ctx.results directly); push { name, value, target, pass } onto ctx.targets for a
// PASS/MISS line, and print its own part of the report with ctx.log().
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { ROOT, buildWeb, buildWorker } from './lib.mjs';
import { freePort, newDataDir, startServer, targetReport } from './bench-lib.mjs';
import { lighthouseLanding } from './bench-lighthouse.mjs';
import { config } from './bench/common.mjs';
import { builtChunks, landingPage } from './bench/landing.mjs';
import { throughput } from './bench/throughput.mjs';
import { consultantAnswers, photo12mp, photoAnalysis } from './bench/photos.mjs';
import { concurrentOrders } from './bench/orders.mjs';
import { adminOrdersList, prepareAdminOrders } from './bench/admin-orders.mjs';

/**
 * The benchmark steps, run in order against one server. Later issues add e.g. 'consultant answer
 * time', 'photo analysis time' and '100 concurrent order submissions' here.
 */
const steps = [
  // The size steps go first, right after our own vite build (dist/web is shared with other users).
  { name: 'landing', title: 'Landing page weight', run: landingPage },
  { name: 'chunks', title: 'Built JS chunks (dist/web/assets)', run: builtChunks },
  // Before the load steps, so the server is idle while Lighthouse measures the page.
  { name: 'lighthouse', title: 'Lighthouse mobile: landing page', run: lighthouseLanding },
  { name: 'throughput', title: 'Throughput: health vs pricing quote', run: throughput },
  { name: 'consultant', title: 'Built-in consultant: time per answer', run: consultantAnswers },
  { name: 'analysis', title: 'Photo measurement: time per photo', run: photoAnalysis },
  { name: 'photo12mp', title: 'Photo measurement, 12 MP JPEG: CPU ms per photo', run: photo12mp },
  { name: 'orders', title: 'Orders: 100 concurrent submissions', run: concurrentOrders },
  {
    name: 'admin-orders',
    title: 'Staff orders list with 50,000 orders: time per page',
    prepare: prepareAdminOrders,
    run: adminOrdersList,
  },
];

// ---------------------------------------------------------------------------------------------
// Main
// ---------------------------------------------------------------------------------------------

const log = (line = '') => console.log(line);
const results = { date: new Date().toISOString(), node: process.version, config, steps: {} };
const targets = [];
let server;
let exitCode = 0;

async function stopServer() {
  if (!server) return;
  const s = server;
  server = undefined;
  await s.stop();
  // Keep the data directory (and its server.log) when something went wrong or when asked to.
  if (exitCode === 0 && process.env.BENCH_KEEP_DATA !== '1') fs.rmSync(s.dataDir, { recursive: true, force: true });
  else log(`Server data and log kept in ${s.dataDir}`);
}
for (const signal of ['SIGINT', 'SIGTERM']) {
  process.on(signal, async () => {
    await stopServer();
    process.exit(130);
  });
}

try {
  log('Building the web app (vite build)...');
  const buildStarted = performance.now();
  await buildWeb(['--logLevel', 'warn']);
  results.buildSeconds = Math.round((performance.now() - buildStarted) / 100) / 10;
  log('Bundling the Worker (wrangler deploy --dry-run)...');
  await buildWorker();

  const only = process.env.BENCH_STEPS?.split(',')
    .map((name) => name.trim())
    .filter(Boolean);
  const selected = steps.filter((s) => !only?.length || only.includes(s.name));
  const dataDir = newDataDir();
  const unprepared = new Set();
  for (const step of selected.filter((s) => s.prepare)) {
    log(`Preparing '${step.name}' (before the server starts)...`);
    try {
      await step.prepare({ dataDir, log });
    } catch (error) {
      results.steps[step.name] = { error: String(error?.stack ?? error) };
      console.error(`  step '${step.name}' could not be prepared: ${error?.stack ?? error}`);
      unprepared.add(step.name);
      exitCode = 1;
    }
  }

  const port = await freePort();
  log(`Starting the server (scripts/start.mjs, SKIP_BUILD=1, port ${port})...`);
  try {
    server = await startServer({ port, dataDir });
  } catch (error) {
    console.error(`\nbench: the server could not be started: ${error.message}`);
    process.exitCode = 1;
    throw null; // handled: skip the steps
  }
  results.startupSeconds = Math.round(server.startupSeconds * 100) / 100;
  results.port = port;
  log(`Server healthy at ${server.baseUrl} after ${results.startupSeconds} s (data in ${server.dataDir})`);
  log(`Load generator: Node ${process.version} global fetch (undici, keep-alive), same machine (${os.cpus().length} CPUs)`);

  const ctx = { baseUrl: server.baseUrl, server, config, results, targets, log };
  for (const step of selected.filter((s) => !unprepared.has(s.name))) {
    log(`\n== ${step.title} ==`);
    const started = performance.now();
    try {
      results.steps[step.name] = await step.run(ctx);
    } catch (error) {
      results.steps[step.name] = { error: String(error?.stack ?? error) };
      console.error(`  step '${step.name}' failed: ${error?.stack ?? error}`);
      exitCode = 1;
    }
    log(`  (${((performance.now() - started) / 1000).toFixed(1)} s)`);
  }
} catch (error) {
  if (error !== null) {
    console.error(`\nbench failed: ${error?.stack ?? error}`);
    process.exitCode = 1;
  }
} finally {
  await stopServer();
}

if (results.startupSeconds !== undefined) {
  results.targets = targets;
  const outDir = path.join(ROOT, '.bench');
  fs.mkdirSync(outDir, { recursive: true });
  const outFile = path.join(outDir, 'results.json');
  fs.writeFileSync(outFile, JSON.stringify(results, null, 2) + '\n');

  log('\n== Summary ==');
  log(`  start-up (spawn to healthy)   ${results.startupSeconds} s   (vite build before it: ${results.buildSeconds} s)`);
  if (results.health) {
    log(
      `  health   ${String(results.health.rps).padStart(6)} req/s  p50 ${results.health.p50} ms  p95 ${results.health.p95} ms  p99 ${results.health.p99} ms  errors ${results.health.errors}`,
    );
    log(
      `  pricing  ${String(results.pricing.rps).padStart(6)} req/s  p50 ${results.pricing.p50} ms  p95 ${results.pricing.p95} ms  p99 ${results.pricing.p99} ms  errors ${results.pricing.errors}`,
    );
    log(
      `  pricing (mixed) ${String(results.pricingMix.rps).padStart(6)} req/s  p50 ${results.pricingMix.p50} ms  p95 ${results.pricingMix.p95} ms  p99 ${results.pricingMix.p99} ms  errors ${results.pricingMix.errors}`,
    );
    log(
      `  ratio pricing/health ${results.ratio} (mixed ${results.ratioMix}); from server CPU per request ${results.cpuRatio ?? 'n/a'} (mixed ${results.cpuRatioMix ?? 'n/a'})`,
    );
  }
  if (results.serverCpuMsPerRequest) {
    const cpu = results.serverCpuMsPerRequest;
    log(
      `  server CPU per request (workerd, ${config.cpuRequests} requests each): health ${cpu.health} ms, pricing ${cpu.pricing} ms, pricing (mixed) ${cpu.pricingMix} ms`,
    );
  }
  log('\n== Targets ==');
  const report = targetReport(targets);
  for (const line of report.lines) log(line);
  log(`\nResults written to ${path.relative(ROOT, outFile)}`);
  if (report.summary) console.error(`\n${report.summary}`);
  exitCode ||= report.exitCode;
}
if (exitCode) process.exitCode = exitCode;

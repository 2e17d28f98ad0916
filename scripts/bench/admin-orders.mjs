// Benchmark step 'admin-orders': the staff orders list (GET /api/admin/orders) with 50,000 orders in
// D1. prepare() writes the orders (with their lines and courier tracking) into the bench server's
// local D1 before the server starts, with `wrangler d1 execute --local --file` (no HTTP route exists
// for it); run() signs in with the staff PIN and times each kind of page, one request at a time.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { BIN, ROOT, readDotEnv, run } from '../lib.mjs';
import { processGroupMembers, serverCpuPerRequest } from '../bench-lib.mjs';
import { spread } from './common.mjs';
import { ordersSql } from './admin-orders-data.mjs';

const REQUESTS = Number(process.env.BENCH_ADMIN_ORDER_REQUESTS ?? 200);
const WARMUP = 20;
/** Requests per kind of page for the server's CPU per request. */
const CPU_REQUESTS = 100;
const TARGET_P95_MS = 50;

let prepared = null;

/** Before the server starts: migrations, then the orders, straight into its local D1. */
export async function prepareAdminOrders({ dataDir, log }) {
  const started = performance.now();
  const generated = ordersSql();
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'custom-blinds-bench-sql-'));
  const file = path.join(dir, 'admin-orders.sql');
  fs.writeFileSync(file, generated.text);
  try {
    const quiet = { stdio: ['ignore', 'ignore', 'inherit'] };
    await run(path.join(BIN, 'wrangler'), ['d1', 'migrations', 'apply', 'DB', '--local', '--persist-to', dataDir], quiet);
    await run(path.join(BIN, 'wrangler'), ['d1', 'execute', 'DB', '--local', '--persist-to', dataDir, '--file', file, '--yes'], quiet);
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
  const seconds = Math.round((performance.now() - started) / 100) / 10;
  log(`  ${generated.orders} orders, ${generated.lines} lines, ${generated.tracking} tracking entries written to D1 in ${seconds} s`);
  prepared = { ...generated, text: undefined, seconds };
}

async function signIn(baseUrl) {
  const pin = process.env.ADMIN_PIN ?? readDotEnv(path.join(ROOT, '.dev.vars')).ADMIN_PIN;
  if (!pin) throw new Error('ADMIN_PIN is not set (environment or .dev.vars): the bench cannot sign in as staff');
  const res = await fetch(`${baseUrl}/api/admin/session`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ pin }),
  });
  if (res.status !== 200) throw new Error(`staff sign-in answered ${res.status}: ${await res.text()}`);
  const cookie = res.headers
    .getSetCookie()
    .find((line) => line.startsWith('__Host-'))
    ?.split(';')[0];
  if (!cookie) throw new Error('staff sign-in set no session cookie');
  return cookie;
}

/** The spelling staff might type for a stored phone number: digits only, with the country code. */
const otherSpelling = (phone) => `27${phone.replace(/\D/g, '').slice(-9)}`;

export async function adminOrdersList(ctx) {
  if (!prepared) throw new Error('the orders were not written before the server started (prepare did not run)');
  const cookie = await signIn(ctx.baseUrl);
  const headers = { Cookie: cookie };
  const getPage = async (query, route = '/api/admin/orders') => {
    const t = performance.now();
    const res = await fetch(`${ctx.baseUrl}${route}${query}`, { headers });
    const text = await res.text();
    const ms = performance.now() - t;
    if (res.status !== 200) throw new Error(`GET ${route}${query} answered ${res.status}: ${text.slice(0, 200)}`);
    return { ms, body: JSON.parse(text) };
  };
  // Page 20: the cursor after 19 pages, walked once.
  let cursor = null;
  for (let page = 1; page < 20; page++) {
    cursor = (await getPage(cursor ? `?cursor=${encodeURIComponent(cursor)}` : '')).body.nextCursor;
    if (!cursor) throw new Error(`the list ended after ${page} pages`);
  }
  const { samples } = prepared;
  const cycle = (list) => (i) => list[i % list.length];
  const scenarios = [
    ['first page', () => ''],
    ['status filter (in_production)', () => '?status=in_production'],
    ['payment filter (pending)', () => '?payment=pending'],
    ['source filter (phone)', () => '?source=phone'],
    ['phone search', (i) => `?q=${encodeURIComponent(otherSpelling(cycle(samples.phones)(i)))}`],
    ['name search (part of a surname)', () => `?q=${encodeURIComponent(samples.names[0])}`],
    ['name search (a full name)', (i) => `?q=${encodeURIComponent(cycle(samples.names.slice(2))(i))}`],
    ['e-mail search (other case)', (i) => `?q=${encodeURIComponent(cycle(samples.emails)(i).toUpperCase())}`],
    ['reference prefix', () => '?q=CB-7K'],
    ['page 20 (cursor)', () => `?cursor=${encodeURIComponent(cursor)}`],
    ['alert: tracking overdue', () => '?alert=tracking_overdue'],
  ];
  // Each list request is followed by a floor request (a staff request that reads the session and
  // no order), so every figure has the machine's own cost beside it, measured at the same moments:
  // on a shared machine the floor moves with the load. The server's CPU per request (the workerd
  // processes' CPU time from /proc) does not depend on the load at all.
  const workerdPids = () =>
    processGroupMembers(ctx.server.pid)
      .filter((p) => p.comm === 'workerd')
      .map((p) => p.pid)
      .sort((a, b) => a - b);
  const cpuOf = async (query) =>
    (
      await serverCpuPerRequest({
        baseUrl: ctx.baseUrl,
        makeRequest: (i) => ({ path: `/api/admin/orders${query(i)}`, init: { headers } }),
        check: (status) => status === 200,
        requests: CPU_REQUESTS,
        concurrency: 1,
        listPids: workerdPids,
      })
    ).cpuMsPerRequest;
  const floorCpu = (
    await serverCpuPerRequest({
      baseUrl: ctx.baseUrl,
      makeRequest: () => ({ path: '/api/admin/session', init: { headers } }),
      check: (status) => status === 200,
      requests: CPU_REQUESTS,
      concurrency: 1,
      listPids: workerdPids,
    })
  ).cpuMsPerRequest;
  const result = {
    loadAverageAtStart: os.loadavg()[0],
    orders: prepared.orders,
    lines: prepared.lines,
    tracking: prepared.tracking,
    writeSeconds: prepared.seconds,
    floorCpuMsPerRequest: floorCpu,
    pages: {},
  };
  ctx.log(
    `  machine load average ${os.loadavg()[0].toFixed(1)} on ${os.cpus().length} CPUs; floor = GET /api/admin/session (staff session, no order)`,
  );
  ctx.log(
    `  ${'kind of page'.padEnd(32)} ${'p50'.padStart(7)} ${'p95'.padStart(7)}   floor p50/p95 meanwhile   server CPU/request (floor ${floorCpu} ms)`,
  );
  for (const [name, query] of scenarios) {
    const times = [];
    const floor = [];
    let rows = 0;
    for (let i = 0; i < WARMUP + REQUESTS; i++) {
      const { ms, body } = await getPage(query(i));
      const { ms: floorMs } = await getPage('', '/api/admin/session');
      if (i >= WARMUP) {
        times.push(ms);
        floor.push(floorMs);
      }
      rows = body.orders.length;
    }
    if (rows === 0) throw new Error(`'${name}' found no order: the bench measures nothing`);
    const figures = { ...spread(times), rows, floor: spread(floor), serverCpuMs: await cpuOf(query) };
    result.pages[name] = figures;
    ctx.log(
      `  ${name.padEnd(32)} ${`${figures.p50} ms`.padStart(9)} ${`${figures.p95} ms`.padStart(9)}   ${`${figures.floor.p50} / ${figures.floor.p95} ms`.padEnd(24)} ${figures.serverCpuMs} ms  (${rows} rows)`,
    );
    ctx.targets.push({
      name: `orders list: ${name} p95`,
      value: `${figures.p95} ms`,
      target: `< ${TARGET_P95_MS} ms`,
      pass: figures.p95 < TARGET_P95_MS,
    });
  }
  ctx.log(
    `  (${REQUESTS} requests each, one at a time, after ${WARMUP} warm-up requests; server CPU over ${CPU_REQUESTS} more; ${prepared.orders} orders in D1)`,
  );
  return result;
}

// Helpers for scripts/bench.mjs: server lifecycle, a closed-loop HTTP load generator, percentiles,
// CPU accounting and asset-size measurement. No dependencies beyond Node 22 built-ins.
import { spawn, execFileSync } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { ROOT, WRANGLER_ENV, waitForHealth } from './lib.mjs';

export const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

/** A TCP port that was free a moment ago (the OS picks it; we release it straight away). */
export function freePort() {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.unref();
    server.on('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address();
      server.close(() => resolve(port));
    });
  });
}

/**
 * Starts `node scripts/start.mjs` in its own process group (so wrangler and workerd can be stopped
 * together) with a fresh DATA_DIR (or the given one, already filled by a step's prepare) and the given port. Output goes to a log file, not the console.
 * Returns { baseUrl, startupSeconds, pid, dataDir, logFile, stop() }. On a machine busy with other
 * jobs wrangler can take over two minutes to answer, hence the generous wait.
 */
export async function startServer({ port, env = {}, timeoutMs = 300_000, dataDir = newDataDir() } = {}) {
  const logFile = path.join(dataDir, 'server.log');
  const logFd = fs.openSync(logFile, 'a');
  const baseUrl = `http://127.0.0.1:${port}`;
  const started = performance.now();
  const child = spawn(process.execPath, ['scripts/start.mjs'], {
    cwd: ROOT,
    detached: true,
    stdio: ['ignore', logFd, logFd],
    env: { ...process.env, ...WRANGLER_ENV, SKIP_BUILD: '1', PORT: String(port), HOST: '127.0.0.1', DATA_DIR: dataDir, ...env },
  });
  fs.closeSync(logFd);
  let exited = null;
  const exitPromise = new Promise((resolve) => {
    child.on('exit', (code, signal) => {
      exited = { code, signal };
      resolve(exited);
    });
    child.on('error', (error) => {
      exited = { code: null, signal: null, error };
      resolve(exited);
    });
  });

  let stopping = null;
  const stop = () => {
    stopping ??= (async () => {
      if (exited) return killGroup(child.pid, 'SIGKILL'); // leftovers of a crashed start
      killGroup(child.pid, 'SIGTERM');
      const done = await Promise.race([exitPromise, sleep(10_000).then(() => null)]);
      await sleep(300); // give wrangler a moment to take workerd down with it
      killGroup(child.pid, 'SIGKILL'); // anything still in the group (no-op when it is empty)
      if (!done) await Promise.race([exitPromise, sleep(2_000)]);
    })();
    return stopping;
  };
  // Last resort if the bench itself dies: synchronous kill of the whole group.
  const onExit = () => killGroup(child.pid, 'SIGKILL');
  process.once('exit', onExit);

  const server = { baseUrl, dataDir, logFile, pid: child.pid, stop, startupSeconds: NaN };
  try {
    await Promise.race([
      waitForHealth(baseUrl, timeoutMs),
      exitPromise.then((info) => {
        throw new Error(`scripts/start.mjs exited before the server was healthy (${info.error ?? info.code ?? info.signal})`);
      }),
    ]);
  } catch (error) {
    await stop();
    const tail = readTail(logFile, 40);
    error.message += `\n--- last lines of ${logFile} ---\n${tail}`;
    throw error;
  }
  server.startupSeconds = (performance.now() - started) / 1000;
  return server;
}

/** An empty folder for a bench server's local state (D1, R2, KV). */
export function newDataDir() {
  return fs.mkdtempSync(path.join(os.tmpdir(), 'custom-blinds-bench-'));
}

function killGroup(pid, signal) {
  try {
    process.kill(-pid, signal);
    return true;
  } catch {
    return false; // ESRCH: the group is already gone
  }
}

export function readTail(file, lines) {
  try {
    return fs.readFileSync(file, 'utf8').split('\n').slice(-lines).join('\n');
  } catch {
    return '(no log)';
  }
}

/** PIDs and command names of the processes in a process group (Linux/macOS `ps`). */
export function processGroupMembers(pgid) {
  try {
    const out = execFileSync('ps', ['-o', 'pid=,comm=', '-g', String(pgid)], { encoding: 'utf8' });
    return out
      .trim()
      .split('\n')
      .filter(Boolean)
      .map((line) => {
        const [pid, ...comm] = line.trim().split(/\s+/);
        return { pid: Number(pid), comm: comm.join(' ') };
      });
  } catch {
    return [];
  }
}

const CLOCK_TICKS = 100; // USER_HZ on Linux

/** CPU seconds (user+system) used so far by each given pid, from /proc (Linux only; else {}). */
export function cpuSecondsByPid(pids) {
  const result = {};
  for (const pid of pids) {
    try {
      const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
      const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      result[pid] = (Number(fields[11]) + Number(fields[12])) / CLOCK_TICKS; // utime, stime
    } catch {
      // not Linux or the process is gone
    }
  }
  return result;
}

/** Busy (non-idle) CPU seconds of the whole machine so far, from /proc/stat (Linux only; else NaN). */
export function machineBusyCpuSeconds() {
  try {
    const line = fs.readFileSync('/proc/stat', 'utf8').split('\n')[0]; // cpu user nice system idle iowait irq softirq steal
    const [user, nice, system, , , irq, softirq, steal] = line.trim().split(/\s+/).slice(1).map(Number);
    return (user + nice + system + irq + softirq + steal) / CLOCK_TICKS;
  } catch {
    return NaN;
  }
}

export function percentile(sorted, p) {
  if (sorted.length === 0) return NaN;
  const index = Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1));
  return sorted[index];
}

/**
 * Closed-loop load: `concurrency` workers each send a request, wait for the full response, check
 * it and send the next one, until `seconds` have passed. Uses Node's global fetch (undici, whose
 * default agent keeps connections alive). `makeRequest(i)` returns { path, init }; `check(status,
 * text)` returns true for a success. Also measures the CPU this (client) process used, and the CPU
 * of the server processes given in `serverPids`, so a saturated client is visible.
 */
export async function closedLoop({ baseUrl, makeRequest, check, seconds, concurrency, serverPids = [] }) {
  const latencies = [];
  let ok = 0;
  let errors = 0;
  const errorSamples = new Map();
  const noteError = (key) => {
    errors += 1;
    errorSamples.set(key, (errorSamples.get(key) ?? 0) + 1);
  };
  let counter = 0;
  const serverCpuBefore = cpuSecondsByPid(serverPids);
  const clientCpuBefore = process.cpuUsage();
  const machineBefore = machineBusyCpuSeconds();
  const started = performance.now();
  const deadline = started + seconds * 1000;

  const worker = async () => {
    while (performance.now() < deadline) {
      const { path: urlPath, init } = makeRequest(counter++);
      const t0 = performance.now();
      try {
        const res = await fetch(baseUrl + urlPath, init);
        const text = await res.text();
        const latency = performance.now() - t0;
        if (check(res.status, text)) {
          ok += 1;
          latencies.push(latency);
        } else {
          noteError(`HTTP ${res.status}: ${text.slice(0, 120)}`);
        }
      } catch (error) {
        noteError(`${error.name}: ${error.cause?.code ?? error.message}`);
        await sleep(5); // do not spin on a dead server
      }
    }
  };
  await Promise.all(Array.from({ length: concurrency }, worker));

  const elapsed = (performance.now() - started) / 1000;
  const clientCpu = process.cpuUsage(clientCpuBefore);
  const machineBusy = machineBusyCpuSeconds() - machineBefore;
  const serverCpuAfter = cpuSecondsByPid(serverPids);
  let serverCpuSeconds = 0;
  for (const pid of Object.keys(serverCpuAfter)) serverCpuSeconds += serverCpuAfter[pid] - (serverCpuBefore[pid] ?? 0);
  const serverCpuByPid = Object.fromEntries(
    Object.keys(serverCpuAfter).map((pid) => [
      pid,
      Math.round(((serverCpuAfter[pid] - (serverCpuBefore[pid] ?? 0)) / elapsed) * 100) / 100,
    ]),
  );
  latencies.sort((a, b) => a - b);
  const round = (n) => Math.round(n * 100) / 100;
  return {
    requests: ok + errors,
    ok,
    errors,
    seconds: round(elapsed),
    rps: Math.round(ok / elapsed),
    p50: round(percentile(latencies, 50)),
    p95: round(percentile(latencies, 95)),
    p99: round(percentile(latencies, 99)),
    // CPU used per wall-clock second (1.0 = one core fully busy).
    clientCpuCores: round((clientCpu.user + clientCpu.system) / 1e6 / elapsed),
    serverCpuCores: serverPids.length ? round(serverCpuSeconds / elapsed) : null,
    // Server CPU milliseconds per successful request: less sensitive to other load than req/s.
    serverCpuMsPerRequest: serverPids.length && ok ? Math.round((serverCpuSeconds * 1000 * 1000) / ok) / 1000 : null,
    // Whole machine (client + server + anything else running, e.g. other people's tests).
    machineCpuCores: Number.isNaN(machineBusy) ? null : round(machineBusy / elapsed),
    serverCpuCoresByPid: serverPids.length ? serverCpuByPid : null,
    errorSamples: [...errorSamples].slice(0, 5).map(([message, count]) => ({ message, count })),
  };
}

/**
 * Server CPU per request: sends exactly `requests` requests (`concurrency` at a time) and reads the
 * CPU time (user + system, all threads) that the server's processes used meanwhile from /proc.
 * Unlike req/s this does not depend on how fast the load generator is or on what else the machine
 * is doing (short of cache effects), so a load generator that is the bottleneck cannot hide a slow
 * endpoint. `listPids()` names the processes to count; it is asked before and after, and a process
 * that came or went in between (a restarted runtime) fails the measurement rather than leaving its
 * CPU out. Every answer must pass `check(status, text)`, else it throws. Linux only.
 */
export async function serverCpuPerRequest({ baseUrl, makeRequest, check, requests, concurrency, listPids }) {
  const pids = listPids();
  if (pids.length === 0) throw new Error('no server process to measure');
  let next = 0;
  const failures = [];
  const before = cpuSecondsByPid(pids);
  const started = performance.now();
  const worker = async () => {
    while (next < requests) {
      const { path: urlPath, init } = makeRequest(next++);
      const res = await fetch(baseUrl + urlPath, init);
      const text = await res.text();
      if (!check(res.status, text)) failures.push(`HTTP ${res.status}: ${text.slice(0, 120)}`);
    }
  };
  await Promise.all(Array.from({ length: concurrency }, worker));
  const after = cpuSecondsByPid(pids);
  const seconds = (performance.now() - started) / 1000;
  if (failures.length) throw new Error(`${failures.length} of ${requests} requests failed, e.g. ${failures[0]}`);
  const pidsAfter = listPids();
  const unread = pids.filter((pid) => !(pid in before) || !(pid in after));
  if (unread.length || pidsAfter.join() !== pids.join()) {
    throw new Error(
      `the server's processes changed while its CPU was measured (${pids.join(', ')} before, ${pidsAfter.join(', ')} after; unreadable: ${unread.join(', ') || 'none'})`,
    );
  }
  const msByPid = Object.fromEntries(pids.map((pid) => [pid, Math.round(((after[pid] - before[pid]) * 1e6) / requests) / 1000]));
  const totalSeconds = pids.reduce((total, pid) => total + after[pid] - before[pid], 0);
  return {
    requests,
    seconds: Math.round(seconds * 100) / 100,
    cpuMsPerRequest: Math.round((totalSeconds * 1e6) / requests) / 1000,
    cpuMsPerRequestByPid: msByPid,
  };
}

/**
 * The Targets section of the report and the run's verdict: one PASS or MISS line per target
 * ({ name, value, target, pass }), and exit code 1 with a summary naming the missed ones when any
 * target was missed (the bench fails; `npm test` does not run it).
 */
export function targetReport(targets) {
  const lines = targets.map(
    (t) => `  ${t.pass ? 'PASS' : 'MISS'}  ${t.name.padEnd(40)} ${String(t.value).padStart(16)}   target ${t.target}`,
  );
  const missed = targets.filter((t) => !t.pass).map((t) => t.name);
  return {
    lines,
    missed,
    summary: missed.length ? `bench: ${missed.length} target${missed.length === 1 ? '' : 's'} missed: ${missed.join('; ')}` : null,
    exitCode: missed.length ? 1 : 0,
  };
}

export function gzipSize(buffer) {
  return zlib.gzipSync(buffer, { level: 9 }).length;
}

export function brotliSize(buffer) {
  return zlib.brotliCompressSync(buffer, {
    params: {
      [zlib.constants.BROTLI_PARAM_QUALITY]: zlib.constants.BROTLI_MAX_QUALITY,
      [zlib.constants.BROTLI_PARAM_SIZE_HINT]: buffer.length,
    },
  }).length;
}

/** Attributes of every `<tag ...>` in the HTML, as plain objects with lower-case keys. */
export function htmlTags(html, tag) {
  const tags = [];
  for (const match of html.matchAll(new RegExp(`<${tag}\\b([^>]*)>`, 'gi'))) {
    const attrs = {};
    for (const attr of match[1].matchAll(/([a-zA-Z_:][-\w:.]*)(?:\s*=\s*(?:"([^"]*)"|'([^']*)'|([^\s"'=<>`]+)))?/g)) {
      attrs[attr[1].toLowerCase()] = attr[2] ?? attr[3] ?? attr[4] ?? '';
    }
    tags.push(attrs);
  }
  return tags;
}

export const kb = (bytes) => `${(bytes / 1024).toFixed(1)} KB`;

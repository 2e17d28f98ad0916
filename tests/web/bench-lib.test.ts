// @vitest-environment node
import { existsSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { serverCpuPerRequest, targetReport } from '../../scripts/bench-lib.mjs';

// `npm run bench` fails when a target is missed, and measures the pricing endpoint by the
// server's CPU per request, which a slow load generator cannot hide.

describe('bench targets', () => {
  it('a missed target fails the run (exit code 1) and is named; all met exits 0', () => {
    const missed = targetReport([
      { name: 'landing JS transferred', value: '131.8 KB', target: '<= 100.0 KB', pass: false },
      { name: 'no three.js on landing', value: 'none', target: 'none', pass: true },
    ]);
    expect(missed.exitCode).toBe(1);
    expect(missed.lines[0]).toMatch(/^ {2}MISS {2}landing JS transferred +131\.8 KB {3}target <= 100\.0 KB$/);
    expect(missed.lines[1]).toMatch(/^ {2}PASS {2}no three\.js on landing/);
    expect(missed.summary).toBe('bench: 1 target missed: landing JS transferred');

    const met = targetReport([{ name: 'pricing: server CPU per request', value: '4.20 ms', target: '< 15 ms', pass: true }]);
    expect(met.exitCode).toBe(0);
    expect(met.summary).toBeNull();
  });
});

/** A fixed amount of work: its CPU time does not depend on how busy the machine is. */
function work(): number {
  let x = 0;
  for (let i = 0; i < 1_000_000; i++) x = (x * 31 + i) % 1_000_003;
  return x;
}

describe.skipIf(!existsSync('/proc/self/stat'))('server CPU per request', () => {
  let server: Server;
  let baseUrl: string;
  beforeAll(async () => {
    server = createServer((req, res) => {
      const body = req.url === '/heavy' ? String(work()) : 'ok';
      res.writeHead(req.url === '/broken' ? 500 : 200, { 'Content-Type': 'text/plain' }).end(body);
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

  const measure = (path: string, listPids = () => [process.pid]) =>
    serverCpuPerRequest({
      baseUrl,
      makeRequest: () => ({ path }),
      check: (status) => status === 200,
      requests: 30,
      concurrency: 3,
      listPids,
    });

  it("counts the server's own CPU time for each of a fixed number of requests", async () => {
    const started = process.cpuUsage();
    for (let i = 0; i < 10; i++) work();
    const used = process.cpuUsage(started);
    const workMs = (used.user + used.system) / 1000 / 10;

    // The test process is the server here (and its own client, whose share is small).
    const heavy = await measure('/heavy');
    const light = await measure('/light');
    expect(heavy.requests).toBe(30);
    expect(heavy.cpuMsPerRequestByPid).toHaveProperty(String(process.pid));
    expect(heavy.cpuMsPerRequest - light.cpuMsPerRequest).toBeGreaterThan(workMs * 0.6);
    expect(heavy.cpuMsPerRequest).toBeLessThan(workMs * 3 + 20);
  }, 120_000);

  it('refuses a measurement when a failed answer or a changed set of server processes would make it wrong', async () => {
    await expect(measure('/broken')).rejects.toThrow(/30 of 30 requests failed, e\.g\. HTTP 500/);
    let calls = 0;
    await expect(measure('/light', () => (calls++ === 0 ? [process.pid] : [process.pid, process.ppid]))).rejects.toThrow(
      /processes changed/,
    );
  }, 120_000);
});

// Settings and helpers shared by the benchmark steps (scripts/bench.mjs runs them).
import { percentile } from '../bench-lib.mjs';

/** Milliseconds to one decimal, as the bench reports them. */
export const round1 = (v) => Math.round(v * 10) / 10;

/** p50, p95 and max of some milliseconds, to one decimal. */
export function spread(values) {
  const sorted = [...values].sort((a, b) => a - b);
  return { p50: round1(percentile(sorted, 50)), p95: round1(percentile(sorted, 95)), max: round1(sorted.at(-1)) };
}

export const config = {
  seconds: Number(process.env.BENCH_SECONDS ?? 8),
  warmupSeconds: Number(process.env.BENCH_WARMUP_SECONDS ?? 2),
  concurrency: Number(process.env.BENCH_CONCURRENCY ?? 32),
  rounds: Number(process.env.BENCH_ROUNDS ?? 2),
  cpuRequests: Number(process.env.BENCH_CPU_REQUESTS ?? 1000),
};
/** Requests in flight while the server's CPU per request is measured. */
export const CPU_CONCURRENCY = 8;

export const TARGETS = {
  pricingHealthRatio: 0.8, // pricing requests/s at least 80% of health requests/s
  // Server (workerd) CPU milliseconds per pricing request on this machine (2 cores). Under
  // `wrangler dev` (before npm start served with Miniflare itself): 9.2 ms (8.1 mixed) with the
  // machine overloaded by other jobs (load average 16), health 8.0 ms, mostly wrangler dev's own cost.
  pricingCpuMsPerRequest: 15,
  // Landing-page JavaScript as Chromium transfers it with an empty cache (bodies as the server
  // encodes them, headers included).
  landingJsTransferredBytes: 100 * 1024,
};
export const THREE_MARKER = 'WebGLRenderer'; // present in any bundle that includes three.js
export const BIG_CHUNK_BYTES = 20 * 1024;

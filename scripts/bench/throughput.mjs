// Benchmark step 'throughput': pricing quotes against /api/health (requests/s), and the server's CPU
// per request from /proc.
import os from 'node:os';
import { closedLoop, processGroupMembers, serverCpuPerRequest } from '../bench-lib.mjs';
import { CPU_CONCURRENCY, TARGETS, config } from './common.mjs';

// ---------------------------------------------------------------------------------------------
// Load scenarios
// ---------------------------------------------------------------------------------------------

const json = (body) => ({ method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify(body) });

const PRICING_BODY = { width_mm: 1200, drop_mm: 1500, product_type: 'roller-blockout', quantity: 1 };
// Calculator ids and server ids, sizes between bands (priced at the next band up), all in range.
const PRICING_MIX = [
  { width_mm: 1200, drop_mm: 1500, product_type: 'roller-blockout', quantity: 1 },
  { width_mm: 1350, drop_mm: 1650, product_type: 'venetian-aluminium-50mm', quantity: 2 },
  { width_mm: 2250, drop_mm: 2440, product_type: 'verticals-blockout', quantity: 1 },
  { width_mm: 875, drop_mm: 1210, product_type: 'double-roller-zebra', quantity: 3 },
  { width_mm: 1799, drop_mm: 2001, product_type: 'honeycomb-blockout', quantity: 1 },
  { width_mm: 2950, drop_mm: 2690, product_type: 'outdoor-blinds', quantity: 1 },
  { width_mm: 601, drop_mm: 899, product_type: 'venetian-50mm-wood', quantity: 4 },
  { width_mm: 2400, drop_mm: 2999, product_type: 'roller-sheer', quantity: 1 },
].map(json);

const isPricingSuccess = (status, text) => {
  if (status !== 200) return false;
  try {
    return JSON.parse(text).success === true;
  } catch {
    return false;
  }
};

const SCENARIOS = {
  health: {
    label: 'GET /api/health',
    makeRequest: () => ({ path: '/api/health' }),
    check: (status) => status === 200,
  },
  pricing: {
    label: 'POST /api/pricing/quote (roller-blockout 1200x1500)',
    makeRequest: () => ({ path: '/api/pricing/quote', init: json(PRICING_BODY) }),
    check: isPricingSuccess,
  },
  pricingMix: {
    label: `POST /api/pricing/quote (rotating ${PRICING_MIX.length} products/sizes)`,
    makeRequest: (i) => ({ path: '/api/pricing/quote', init: PRICING_MIX[i % PRICING_MIX.length] }),
    check: isPricingSuccess,
  },
};

// ---------------------------------------------------------------------------------------------
// Steps
// ---------------------------------------------------------------------------------------------

const fmtRun = (r) =>
  `${String(r.rps).padStart(6)} req/s  p50 ${r.p50.toFixed(1).padStart(6)} ms  p95 ${r.p95.toFixed(1).padStart(6)} ms  ` +
  `p99 ${r.p99.toFixed(1).padStart(6)} ms  err ${r.errors}  cpu cores: client ${r.clientCpuCores.toFixed(2)}, server ${r.serverCpuCores?.toFixed(2) ?? 'n/a'}, machine ${r.machineCpuCores?.toFixed(2) ?? 'n/a'}; server ${r.serverCpuMsPerRequest?.toFixed(2) ?? 'n/a'} ms CPU/req`;

export async function throughput(ctx) {
  const { baseUrl, server } = ctx;
  const members = processGroupMembers(server.pid);
  const serverPids = members.map((p) => p.pid);
  ctx.log(
    `  server processes: ${members.map((p) => `${p.comm}(${p.pid})`).join(' ') || 'unknown'}; machine has ${os.cpus().length} CPU(s)`,
  );
  const names = Object.keys(SCENARIOS);
  const runs = Object.fromEntries(names.map((name) => [name, []]));
  ctx.log(
    `  ${config.rounds} interleaved rounds; each run: ${config.warmupSeconds} s warm-up + ${config.seconds} s measured, concurrency ${config.concurrency}`,
  );
  for (let round = 1; round <= config.rounds; round++) {
    for (const name of names) {
      const scenario = SCENARIOS[name];
      const common = { baseUrl, makeRequest: scenario.makeRequest, check: scenario.check, concurrency: config.concurrency };
      if (config.warmupSeconds > 0) await closedLoop({ ...common, seconds: config.warmupSeconds });
      const result = await closedLoop({ ...common, seconds: config.seconds, serverPids });
      runs[name].push(result);
      ctx.log(`  round ${round}  ${name.padEnd(10)} ${fmtRun(result)}`);
      for (const sample of result.errorSamples) ctx.log(`      ${sample.count} x ${sample.message}`);
    }
  }
  // Best round (highest requests/s) of each scenario.
  const best = Object.fromEntries(names.map((name) => [name, runs[name].reduce((a, b) => (b.rps > a.rps ? b : a))]));
  const summary = (r) => ({
    rps: r.rps,
    p50: r.p50,
    p95: r.p95,
    p99: r.p99,
    errors: r.errors,
    ok: r.ok,
    serverCpuMsPerRequest: r.serverCpuMsPerRequest,
  });
  // Median over rounds of server CPU per request: the ratio the server would reach if it had the
  // CPU to itself (informational; the machine is shared with the load generator and other jobs).
  const medianCpu = (name) => {
    const values = runs[name]
      .map((r) => r.serverCpuMsPerRequest)
      .filter((v) => v != null)
      .sort((a, b) => a - b);
    return values.length ? values[Math.floor((values.length - 1) / 2)] : null;
  };
  ctx.results.health = summary(best.health);
  ctx.results.pricing = summary(best.pricing);
  ctx.results.pricingMix = summary(best.pricingMix);
  const ratio = Math.round((best.pricing.rps / best.health.rps) * 1000) / 1000;
  const ratioMix = Math.round((best.pricingMix.rps / best.health.rps) * 1000) / 1000;
  ctx.results.ratio = ratio;
  ctx.results.ratioMix = ratioMix;
  ctx.log('  best rounds:');
  for (const name of names) ctx.log(`    ${SCENARIOS[name].label}\n      ${fmtRun(best[name])}`);
  ctx.log(`  pricing/health = ${ratio}   pricing-mix/health = ${ratioMix}   (req/s of the best rounds)`);
  const cpu = Object.fromEntries(names.map((name) => [name, medianCpu(name)]));
  if (cpu.health && cpu.pricing && cpu.pricingMix) {
    ctx.results.cpuRatio = Math.round((cpu.health / cpu.pricing) * 1000) / 1000;
    ctx.results.cpuRatioMix = Math.round((cpu.health / cpu.pricingMix) * 1000) / 1000;
    ctx.log(
      `  server CPU per request (median): health ${cpu.health} ms, pricing ${cpu.pricing} ms, pricing-mix ${cpu.pricingMix} ms ` +
        `=> CPU-bound ratio ${ctx.results.cpuRatio} / ${ctx.results.cpuRatioMix} (informational)`,
    );
  }
  const busy = Math.max(
    ...Object.values(runs)
      .flat()
      .map((r) => r.machineCpuCores ?? 0),
  );
  const others = Math.min(
    ...Object.values(runs)
      .flat()
      .map((r) => (r.machineCpuCores ?? 0) - r.clientCpuCores - (r.serverCpuCores ?? 0)),
  );
  if (others > 0.25)
    ctx.log(
      `  note: other processes used at least ${others.toFixed(2)} cores during every run (machine up to ${busy.toFixed(2)} of ${os.cpus().length}): req/s are noisy`,
    );
  ctx.targets.push(
    {
      name: 'pricing rps / health rps',
      value: ratio,
      target: `>= ${TARGETS.pricingHealthRatio}`,
      pass: ratio >= TARGETS.pricingHealthRatio,
    },
    {
      name: 'pricing (mixed) rps / health rps',
      value: ratioMix,
      target: `>= ${TARGETS.pricingHealthRatio}`,
      pass: ratioMix >= TARGETS.pricingHealthRatio,
    },
  );

  // The server's own CPU per request over a fixed number of requests: the workerd processes of the
  // server's process group (npm start runs one; `wrangler dev` ran two, its proxy's and the app's), summed. req/s above can be held down by
  // the load generator sharing the machine; CPU time the server spent cannot.
  const workerdPids = () =>
    processGroupMembers(server.pid)
      .filter((p) => p.comm === 'workerd')
      .map((p) => p.pid)
      .sort((a, b) => a - b);
  ctx.log(
    `  server CPU per request: ${config.cpuRequests} requests per scenario, ${CPU_CONCURRENCY} at a time; CPU of the workerd processes (${workerdPids().join(' + ')}) from /proc`,
  );
  const serverCpu = {};
  for (const name of names) {
    const scenario = SCENARIOS[name];
    const measured = await serverCpuPerRequest({
      baseUrl,
      makeRequest: scenario.makeRequest,
      check: scenario.check,
      requests: config.cpuRequests,
      concurrency: CPU_CONCURRENCY,
      listPids: workerdPids,
    });
    serverCpu[name] = measured;
    ctx.log(
      `    ${name.padEnd(10)} ${measured.cpuMsPerRequest.toFixed(2).padStart(6)} ms CPU/request  (${Object.entries(
        measured.cpuMsPerRequestByPid,
      )
        .map(([pid, ms]) => `${pid}: ${ms}`)
        .join(', ')}; ${measured.seconds} s)`,
    );
  }
  ctx.results.serverCpuMsPerRequest = Object.fromEntries(names.map((name) => [name, serverCpu[name].cpuMsPerRequest]));
  for (const name of ['pricing', 'pricingMix']) {
    const value = serverCpu[name].cpuMsPerRequest;
    ctx.targets.push({
      name: `${name === 'pricing' ? 'pricing' : 'pricing (mixed)'}: server CPU per request`,
      value: `${value.toFixed(2)} ms`,
      target: `< ${TARGETS.pricingCpuMsPerRequest} ms`,
      pass: value < TARGETS.pricingCpuMsPerRequest,
    });
  }
  return {
    concurrency: config.concurrency,
    seconds: config.seconds,
    warmupSeconds: config.warmupSeconds,
    serverProcesses: members,
    runs,
    serverCpu,
  };
}

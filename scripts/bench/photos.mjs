// Benchmark steps 'consultant' (the built-in consultant's time per answer), 'analysis' (photo
// measurement of the demo JPEG) and 'photo12mp' (a 12 MP phone photo: CPU per photo, in the window
// analysis and in the chat).
import { execFile } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { promisify } from 'node:util';
import { ROOT } from '../lib.mjs';
import { kb } from '../bench-lib.mjs';
import { round1, spread } from './common.mjs';

// A conversation of four turns per session, as customers write them.
const CONSULTANT_TURNS = [
  'Hi, I need blinds for a dark bedroom',
  'How much is a roller blockout 1.2 m by 1.5 m?',
  'What about in wood?',
  'What colours does it come in?',
];
/** The chat endpoint allows 30 messages a minute per client: stay under it. */
const CONSULTANT_SESSIONS = 7;

/** Built-in consultant: time per answer through POST /api/{name}/enhanced-chat, one at a time. */
export async function consultantAnswers(ctx) {
  const times = [];
  for (let s = 0; s < CONSULTANT_SESSIONS; s++) {
    const sessionId = `session_${Date.now()}_bench${String(s).padStart(4, '0')}`;
    await fetch(`${ctx.baseUrl}/api/chat/session`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ sessionId }),
    });
    for (const message of CONSULTANT_TURNS) {
      const started = performance.now();
      const res = await fetch(`${ctx.baseUrl}/api/melvin/enhanced-chat`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify({ message, sessionId, images: [], userContext: { location: 'national', isMelvin: false } }),
      });
      const body = await res.json();
      if (!res.ok || typeof body.response !== 'string') throw new Error(`consultant answered ${res.status}: ${JSON.stringify(body)}`);
      times.push(performance.now() - started);
    }
  }
  const result = { answers: times.length, ...spread(times) };
  ctx.log(
    `  ${result.answers} answers (${CONSULTANT_SESSIONS} sessions x ${CONSULTANT_TURNS.length} turns): p50 ${result.p50} ms, p95 ${result.p95} ms, max ${result.max} ms (HTTP round trip included)`,
  );
  ctx.targets.push({ name: 'built-in consultant p95', value: `${result.p95} ms`, target: '< 50 ms', pass: result.p95 < 50 });
  return result;
}

/** The analyze-window endpoint allows 20 photos a minute per client: stay under it. */
const ANALYSIS_RUNS = 15;

/** Photo measurement: time per photo through POST /api/ar/analyze-window, the shipped 1200 x 900 demo JPEG. */
export async function photoAnalysis(ctx) {
  const photo = await (await fetch(`${ctx.baseUrl}/media/demo-window.jpg`)).arrayBuffer();
  const times = [];
  let last;
  for (let i = 0; i < ANALYSIS_RUNS; i++) {
    const form = new FormData();
    form.append('image', new Blob([photo], { type: 'image/jpeg' }), 'window.jpg');
    form.append('session_id', 'bench');
    form.append('customer_context', JSON.stringify({ analysis_type: 'quick_scan', measurement_mode: 'automatic' }));
    const started = performance.now();
    const res = await fetch(`${ctx.baseUrl}/api/ar/analyze-window`, { method: 'POST', body: form });
    last = await res.json();
    if (!res.ok) throw new Error(`analyze-window answered ${res.status}: ${JSON.stringify(last)}`);
    times.push(performance.now() - started);
  }
  const result = { photos: times.length, bytes: photo.byteLength, ...spread(times) };
  ctx.log(
    `  ${result.photos} analyses of a ${kb(result.bytes)} 1200 x 900 JPEG: p50 ${result.p50} ms, p95 ${result.p95} ms (upload, decode, analysis, R2 write)`,
  );
  ctx.log(`  answer: ${last.width_mm} x ${last.drop_mm} mm, confidence ${last.confidence}, ${last.scaleSource}`);
  return result;
}

const PHOTO_12MP_RUNS = 10;
const PHOTO_12MP_ROUTE_RUNS = 4;
const PHOTO_CPU_TARGET_MS = 1000;

/** Wall ms of PHOTO_12MP_ROUTE_RUNS calls of `send(i)`, each of which throws when its answer is wrong. */
async function timedRuns(send) {
  const times = [];
  for (let i = 0; i < PHOTO_12MP_ROUTE_RUNS; i++) {
    const started = performance.now();
    await send(i);
    times.push(performance.now() - started);
  }
  return spread(times);
}

/** The < 1 s CPU target of a photo path. */
function photoCpuTarget(name, p95) {
  return { name, value: `${p95} ms p95`, target: `< ${PHOTO_CPU_TARGET_MS} ms`, pass: p95 < PHOTO_CPU_TARGET_MS };
}

/**
 * Photo measurement of a 12 MP phone photo: CPU per photo of the worker's decodePhoto + analysis in
 * Node (scripts/bench-photo.mjs, run through tsx), then the same JPEG through the running server; the
 * same for the chat's path (decoded to its colour sample, main colours named).
 */
export async function photo12mp(ctx) {
  const child = await promisify(execFile)(
    process.execPath,
    ['--import', 'tsx', '--expose-gc', path.join(ROOT, 'scripts', 'bench-photo.mjs'), String(PHOTO_12MP_RUNS)],
    {
      cwd: ROOT,
      maxBuffer: 1024 * 1024,
    },
  );
  const measured = JSON.parse(child.stdout.trim().split('\n').at(-1));
  const cpu = spread(measured.cpuMs);
  const result = {
    bytes: measured.bytes,
    decoded: measured.decoded,
    cpuMsP50: cpu.p50,
    cpuMsP95: cpu.p95,
    heldMb: round1(measured.heldBytes / 1024 / 1024),
    answer: { width_mm: measured.answer.width_mm, drop_mm: measured.answer.drop_mm, scaleSource: measured.answer.scaleSource },
  };
  ctx.results.photo12mpCpuMsP50 = result.cpuMsP50;
  ctx.results.photo12mpCpuMsP95 = result.cpuMsP95;
  ctx.log(
    `  ${kb(result.bytes)} 4000 x 3000 JPEG, decoded to ${result.decoded.width} x ${result.decoded.height}: CPU ms per photo p50 ${result.cpuMsP50}, p95 ${result.cpuMsP95} (${measured.runs} runs, Node ${process.version})`,
  );
  ctx.log(
    `  array buffers held besides the upload: ${result.heldMb} MB; answer ${result.answer.width_mm} x ${result.answer.drop_mm} mm (${result.answer.scaleSource}; true 1200 x 1500)`,
  );

  // The same photo through POST /api/ar/analyze-window (upload, decode, analysis, R2 write; wall time).
  const photo = fs.readFileSync(measured.file);
  const route = await timedRuns(async () => {
    const form = new FormData();
    form.append('image', new Blob([photo], { type: 'image/jpeg' }), 'window.jpg');
    form.append('session_id', 'bench-12mp');
    const res = await fetch(`${ctx.baseUrl}/api/ar/analyze-window`, {
      method: 'POST',
      body: form,
      headers: { 'CF-Connecting-IP': '198.51.100.12' },
    });
    const body = await res.json();
    if (!res.ok) throw new Error(`analyze-window answered ${res.status} for the 12 MP photo: ${JSON.stringify(body)}`);
  });
  result.routeMsP50 = route.p50;
  result.routeMsMax = route.max;
  ctx.log(
    `  through POST /api/ar/analyze-window: p50 ${result.routeMsP50} ms, max ${result.routeMsMax} ms wall (${PHOTO_12MP_ROUTE_RUNS} photos)`,
  );

  // The chat's path: the consultant decodes the photo to its colour sample and names its main colours.
  const chatCpu = spread(measured.chat.cpuMs);
  result.chatCpuMsP50 = chatCpu.p50;
  result.chatCpuMsP95 = chatCpu.p95;
  ctx.results.photo12mpChatCpuMsP95 = result.chatCpuMsP95;
  ctx.log(
    `  chat photo (decoded to ${measured.chat.decoded.width} x ${measured.chat.decoded.height}, main colours ${measured.chat.colours.join(', ')}): CPU ms per photo p50 ${result.chatCpuMsP50}, p95 ${result.chatCpuMsP95}`,
  );
  const base64 = photo.toString('base64');
  const chatRoute = await timedRuns(async (i) => {
    const res = await fetch(`${ctx.baseUrl}/api/melvin/enhanced-chat`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', 'CF-Connecting-IP': `198.51.100.${20 + i}` },
      body: JSON.stringify({ sessionId: `session_${Date.now()}_bnch12mp${i}`, message: '', images: [base64] }),
    });
    const body = await res.json();
    if (!res.ok) throw new Error(`enhanced-chat answered ${res.status} for the 12 MP photo: ${JSON.stringify(body)}`);
    if (!/mostly/.test(body.response)) throw new Error(`the chat did not read the 12 MP photo: ${body.response}`);
  });
  result.chatRouteMsP50 = chatRoute.p50;
  result.chatRouteMsMax = chatRoute.max;
  ctx.log(
    `  through POST /api/melvin/enhanced-chat: p50 ${result.chatRouteMsP50} ms, max ${result.chatRouteMsMax} ms wall (${PHOTO_12MP_ROUTE_RUNS} photos, base64 in JSON)`,
  );
  ctx.targets.push(photoCpuTarget('photo measurement, 12 MP JPEG: CPU ms per photo', result.cpuMsP95));
  ctx.targets.push(photoCpuTarget('chat photo, 12 MP JPEG: CPU ms per photo', result.chatCpuMsP95));
  return result;
}

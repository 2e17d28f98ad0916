// Error distribution of the photo measurement over generated camera scenes (tests/worker/fixtures/camera-scenes.ts):
// per condition n, median and p90 absolute error of width and drop (mm and %), and failures (no confident
// answer, or a confident one outside the tolerance: 3% flat, 5% otherwise). Run:
//   node --import tsx scripts/measurement-errors.mjs [scenes per condition, default 10]
import jpeg from 'jpeg-js';
import { boxBlur } from '../tests/worker/fixtures/window-scenes.ts';
import { measurementCases, renderCameraScene } from '../tests/worker/fixtures/camera-scenes.ts';
import { analyzeWindowPixels } from '../worker/services/window-analysis/index.ts';

const per = Number(process.argv[2] ?? 10);
const rows = new Map();
const times = [];
/** The same scenes once more, softened (one 3 x 3 blur) and saved as JPEG at quality 75, as a phone might. */
function asPhoto(img) {
  boxBlur(img.data, img.width, img.height);
  const encoded = jpeg.encode({ width: img.width, height: img.height, data: Buffer.from(img.data.buffer) }, 75);
  const decoded = jpeg.decode(encoded.data, { useTArray: true });
  return { width: decoded.width, height: decoded.height, data: decoded.data };
}
const cases = measurementCases(per);
for (const c of [...cases, ...cases.map((k) => ({ ...k, condition: 'all, blurred + JPEG q75', photo: true }))]) {
  let { img } = renderCameraScene(c.scene);
  if (c.photo) img = asPhoto(img);
  const started = process.cpuUsage();
  const a = analyzeWindowPixels(img);
  const used = process.cpuUsage(started);
  times.push((used.user + used.system) / 1000);
  const row = rows.get(c.condition) ?? { n: 0, mm: [], pct: [], lowConfidence: 0, wrong: 0, notes: [] };
  row.n++;
  if (a.confidence < 0.85 || a.scaleSource !== 'a4-reference') {
    row.lowConfidence++;
    row.notes.push(`${c.photo ? '[blurred + JPEG q75] ' : ''}${c.name}: low confidence (${a.reason ?? a.scaleSource})`);
  } else {
    const [tw, th] = c.scene.windowMm;
    const errs = [
      [Math.abs(a.width_mm - tw), Math.abs(a.width_mm - tw) / tw],
      [Math.abs(a.drop_mm - th), Math.abs(a.drop_mm - th) / th],
    ];
    for (const [mm, pct] of errs) {
      row.mm.push(mm);
      row.pct.push(pct * 100);
    }
    if (errs.some(([, pct]) => pct > c.tolerance)) {
      row.wrong++;
      row.notes.push(
        `${c.photo ? '[blurred + JPEG q75] ' : ''}${c.name}: measured ${a.width_mm} x ${a.drop_mm} (confidence ${a.confidence})`,
      );
    }
  }
  rows.set(c.condition, row);
}

const q = (values, p) => {
  if (!values.length) return NaN;
  const s = values.slice().sort((x, y) => x - y);
  return s[Math.min(s.length - 1, Math.ceil(p * s.length) - 1)];
};
const pad = (v, n) => String(v).padStart(n);
console.log(`| condition | n | median mm | p90 mm | median % | p90 % | max % | low confidence | confident but outside tolerance |`);
console.log(`|---|---:|---:|---:|---:|---:|---:|---:|---:|`);
const photoRow = 'all, blurred + JPEG q75';
const all = { n: 0, mm: [], pct: [], lowConfidence: 0, wrong: 0 };
for (const [condition, r] of rows) {
  if (condition === photoRow) continue;
  all.n += r.n;
  all.mm.push(...r.mm);
  all.pct.push(...r.pct);
  all.lowConfidence += r.lowConfidence;
  all.wrong += r.wrong;
}
for (const [condition, r] of [...[...rows].filter(([k]) => k !== photoRow), ['all', all], [photoRow, rows.get(photoRow)]]) {
  console.log(
    `| ${condition} | ${r.n} | ${pad(q(r.mm, 0.5).toFixed(0), 3)} | ${pad(q(r.mm, 0.9).toFixed(0), 3)} | ${q(r.pct, 0.5).toFixed(2)} | ${q(r.pct, 0.9).toFixed(2)} | ${q(r.pct, 1).toFixed(2)} | ${r.lowConfidence} | ${r.wrong} |`,
  );
}
console.log(
  `(errors over width and drop of the confident answers; analysis CPU time per 1000 x 750 photo (both passes): median ${q(times, 0.5).toFixed(0)} ms, p90 ${q(times, 0.9).toFixed(0)} ms in Node)`,
);
for (const r of rows.values()) for (const note of r.notes) console.log(`- ${note}`);

// Scenes that cannot give a size: the answer must not be confident (confidence below 0.85, with a reason).
const base = { imageW: 1000, imageH: 750, pxPerMm: 0.35, windowMm: [1200, 1500] };
const hard = [];
for (const [i, frame] of ['white', 'dark'].entries()) {
  const seed = 300 + i;
  hard.push(['no sheet', { ...base, frame, seed }]);
  hard.push(['no sheet, turned 20', { ...base, frame, seed, yawDeg: 20 }]);
  hard.push([
    'sheet cut off',
    { ...base, frame, seed, pxPerMm: 0.3, windowMm: [1800, 1200], a4: 'portrait', a4Place: 'wall-right', a4ShiftMm: [480, 0] },
  ]);
  hard.push(['window cut off', { ...base, frame, seed, a4: 'portrait', aimMm: [1000, 0] }]);
  hard.push(['turned 50 (too steep)', { ...base, frame, seed, a4: 'portrait', yawDeg: 50 }]);
  hard.push([
    'frame the same colour as the wall, no shadow line',
    { ...base, frame, seed, wall: frame === 'white' ? [245, 245, 242] : [72, 50, 36], joint: false, a4: 'portrait', yawDeg: 15 * i },
  ]);
  hard.push(['sheet a few pixels wide', { ...base, frame, seed, imageW: 400, imageH: 300, pxPerMm: 0.09, a4: 'portrait' }]);
}
console.log('');
console.log('| scene that cannot give a size | frame | confidence | reason |');
console.log('|---|---|---:|---|');
let confident = 0;
for (const [name, scene] of hard) {
  const a = analyzeWindowPixels(renderCameraScene(scene).img);
  if (a.confidence >= 0.85) confident++;
  console.log(`| ${name} | ${scene.frame} | ${a.confidence} | ${a.reason ?? '(none: confident)'} |`);
}
console.log(`(${confident} of ${hard.length} answered with a confident number)`);

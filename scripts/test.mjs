// npm test: type-check, worker tests (workerd), web unit tests, and browser tests in Chromium
// when /usr/bin/chromium (or CHROME_PATH) exists. With E2E=required a missing browser fails.
// Two lanes run side by side: the type-check, worker and web tests (CPU-bound) in one, the browser
// tests (mostly waiting on a browser and a server) in the other. The browser lane's output is held
// and printed whole when it ends, so the two never interleave.
import { spawn } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { BIN, ROOT, WRANGLER_ENV, run } from './lib.mjs';

const chromePath = process.env.CHROME_PATH ?? '/usr/bin/chromium';
const e2eRequired = process.env.E2E === 'required';
const reportDir = path.join(ROOT, 'test-results');
mkdirSync(reportDir, { recursive: true });
const started = Date.now();

const totals = { passed: 0, failed: 0, skipped: 0 };
/** Every failed test, named with its file and first error lines, repeated at the very end: CI keeps only the tail of the output. */
const failures = [];
const failedStages = [];
const minutes = (ms) => `${Math.floor(ms / 60000)} min ${Math.round((ms % 60000) / 1000)} s`;

/** Runs a command with its output held back; prints it whole when the command ends. */
function runHeld(command, args, title) {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { cwd: ROOT, stdio: ['ignore', 'pipe', 'pipe'], env: { ...process.env, ...WRANGLER_ENV } });
    const output = [];
    child.stdout.on('data', (chunk) => output.push(chunk));
    child.stderr.on('data', (chunk) => output.push(chunk));
    child.on('error', reject);
    child.on('exit', (code, signal) => {
      process.stdout.write(`\n> ${title}\n`);
      process.stdout.write(Buffer.concat(output));
      if (code === 0) resolve();
      else reject(new Error(`${path.basename(command)} ${args.join(' ')} exited with ${code ?? signal}`));
    });
  });
}

async function vitestStage(name, config, { held = false } = {}) {
  const report = path.join(reportDir, `${name}.json`);
  const args = ['run', '--config', config, '--reporter=default', '--reporter=json', `--outputFile.json=${report}`];
  const stageStart = Date.now();
  try {
    if (held) await runHeld(path.join(BIN, 'vitest'), args, `${name} tests (ran alongside the other lane)`);
    else await run(path.join(BIN, 'vitest'), args);
  } catch (err) {
    failedStages.push(name);
    console.error(`\n${name} tests failed: ${err.message}`);
  }
  console.log(`${name} tests took ${minutes(Date.now() - stageStart)}`);
  if (existsSync(report)) {
    const result = JSON.parse(readFileSync(report, 'utf8'));
    totals.passed += result.numPassedTests;
    totals.failed += result.numFailedTests;
    totals.skipped += result.numPendingTests + result.numTodoTests;
    for (const file of result.testResults) {
      const failed = file.assertionResults.filter((test) => test.status === 'failed');
      if (failed.length === 0 && file.status === 'failed') {
        // A file that failed as a whole (a hook, an import) has no failed test of its own: count it.
        totals.failed += 1;
        failures.push({ name: `${path.relative(ROOT, file.name)} (the file itself)`, message: file.message ?? '' });
      }
      for (const test of failed)
        failures.push({ name: `${path.relative(ROOT, file.name)} > ${test.fullName}`, message: test.failureMessages.join('\n') });
    }
  }
}

/** Lint (ESLint errors, nothing fixed; warnings in `npm run lint:check`), format (Prettier --check) and import cycles in worker/ (dpdm): `npm run lint` fixes what it can. */
async function staticChecks() {
  const checks = [
    ['lint', 'eslint', ['--cache', '--cache-location', 'node_modules/.cache/eslint-errors/', '--quiet', '.']],
    // One named config and no .editorconfig look-up: Prettier otherwise searches both for each of
    // about 900 files, and beside a busy browser lane those small waits made the check take 7 to
    // 11 minutes for under a minute of CPU (on web/ alone: 78 s, and 21 s with these flags).
    ['format', 'prettier', ['--cache', '--config', '.prettierrc.json', '--no-editorconfig', '--check', '--log-level', 'warn', '.']],
    ['cycles', 'dpdm', ['--no-warning', '--no-tree', '--no-progress', '-T', 'false', '--exit-code', 'circular:1', 'worker/index.ts']],
  ];
  for (const [name, bin, args] of checks) {
    console.log(`> ${name}`);
    const stageStart = Date.now();
    try {
      await run(path.join(BIN, bin), args);
    } catch {
      failedStages.push(name);
    }
    console.log(`${name} took ${minutes(Date.now() - stageStart)}`);
  }
}

async function checksLane() {
  await staticChecks();
  console.log('> type-check');
  try {
    await run('npm', ['run', '--silent', 'typecheck']);
  } catch {
    failedStages.push('typecheck');
  }
  await vitestStage('worker', 'vitest.worker.config.ts');
  await vitestStage('web', 'vitest.web.config.ts');
}

async function browserLane() {
  if (existsSync(chromePath)) {
    // Debian's chromium-headless-shell runs the headless tests when installed (tests/e2e/browser.ts):
    // about 2.6 times less CPU than the full browser. Without it they run, slower, in CHROME_PATH.
    const headless = process.env.HEADLESS_CHROME_PATH ?? '/usr/bin/chromium-headless-shell';
    console.log(
      `> browser tests started alongside (their output follows when they end); headless in ${existsSync(headless) ? headless : `${chromePath} (apt-get install -y chromium-headless-shell runs them faster)`}`,
    );
    await vitestStage('e2e', 'vitest.e2e.config.ts', { held: true });
  } else if (e2eRequired) {
    console.error(`E2E=required but no Chromium at ${chromePath}: install Debian's chromium or set CHROME_PATH.`);
    failedStages.push('e2e');
    totals.failed += 1;
  } else {
    console.log(`\nBrowser tests skipped: no Chromium at ${chromePath} (apt-get install -y chromium, or set CHROME_PATH).`);
  }
}

await Promise.all([checksLane(), browserLane()]);

for (const { name, message } of failures) {
  const lines = message
    .split('\n')
    .filter((line) => line.trim() !== '')
    .slice(0, 12);
  console.log(`\nFAILED ${name}\n${lines.map((line) => `    ${line}`).join('\n')}`);
}
if (failedStages.length > 0) console.log(`\nFailed at the ${failedStages.join(', ')} stage${failedStages.length > 1 ? 's' : ''}.`);
console.log(`\nnpm test took ${minutes(Date.now() - started)}`);
console.log(`\n${totals.passed} passed, ${totals.failed} failed, ${totals.skipped} skipped`);
process.exit(failedStages.length > 0 ? 1 : 0);

// npm test: type-check, worker tests (workerd), web unit tests, and browser tests in Chromium
// when /usr/bin/chromium (or CHROME_PATH) exists. With E2E=required a missing browser fails.
import { existsSync, mkdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { BIN, ROOT, run } from './lib.mjs';

const chromePath = process.env.CHROME_PATH ?? '/usr/bin/chromium';
const e2eRequired = process.env.E2E === 'required';
const reportDir = path.join(ROOT, 'test-results');
mkdirSync(reportDir, { recursive: true });

const totals = { passed: 0, failed: 0, skipped: 0 };
let failedStage = null;

async function vitestStage(name, config) {
  const report = path.join(reportDir, `${name}.json`);
  try {
    await run(path.join(BIN, 'vitest'), ['run', '--config', config, '--reporter=default', '--reporter=json', `--outputFile.json=${report}`]);
  } catch (err) {
    failedStage ??= name;
    console.error(`\n${name} tests failed: ${err.message}`);
  }
  if (existsSync(report)) {
    const result = JSON.parse(readFileSync(report, 'utf8'));
    totals.passed += result.numPassedTests;
    totals.failed += result.numFailedTests;
    totals.skipped += result.numPendingTests + result.numTodoTests;
  }
}

console.log('> type-check');
try {
  await run('npm', ['run', '--silent', 'typecheck']);
} catch {
  failedStage = 'typecheck';
}

await vitestStage('worker', 'vitest.worker.config.ts');
await vitestStage('web', 'vitest.web.config.ts');

if (existsSync(chromePath)) {
  await vitestStage('e2e', 'vitest.e2e.config.ts');
} else if (e2eRequired) {
  console.error(`E2E=required but no Chromium at ${chromePath}: install Debian's chromium or set CHROME_PATH.`);
  failedStage ??= 'e2e';
  totals.failed += 1;
} else {
  console.log(`\nBrowser tests skipped: no Chromium at ${chromePath} (apt-get install -y chromium, or set CHROME_PATH).`);
}

if (failedStage) console.log(`\nFailed at the ${failedStage} stage.`);
console.log(`\n${totals.passed} passed, ${totals.failed} failed, ${totals.skipped} skipped`);
process.exit(failedStage ? 1 : 0);

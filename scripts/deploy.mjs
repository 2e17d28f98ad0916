// npm run deploy: check the production configuration, then build the web app, apply D1
// migrations to the remote database and deploy the Worker. Needs `wrangler login` (or
// CLOUDFLARE_API_TOKEN) and the resource ids in wrangler.toml.
import { spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { deployConfigFromToml, deployProblems } from './deploy-check.mjs';
import { BIN, ROOT, WRANGLER_ENV, buildWeb, run } from './lib.mjs';

/** The names of the Worker's secrets, or why they could not be read (not logged in, no network). */
function listSecretNames() {
  return new Promise((resolve) => {
    const child = spawn(path.join(BIN, 'wrangler'), ['secret', 'list', '--format', 'json'], {
      cwd: ROOT,
      stdio: ['ignore', 'pipe', 'pipe'],
      env: { ...process.env, ...WRANGLER_ENV },
    });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk) => (stdout += chunk));
    child.stderr.on('data', (chunk) => (stderr += chunk));
    child.on('error', (err) => resolve({ names: null, error: err.message }));
    child.on('exit', (code) => {
      if (code !== 0) {
        const reason = stderr
          .replace(/\x1b\[[0-9;]*m/g, '')
          .split('\n')
          .map((l) => l.replace(/^[✘\s]*(\[ERROR\])?\s*/, '').trim())
          .find(Boolean);
        return resolve({ names: null, error: reason ?? `wrangler secret list exited with ${code}` });
      }
      try {
        resolve({ names: JSON.parse(stdout).map((secret) => secret.name), error: undefined });
      } catch {
        resolve({ names: null, error: 'wrangler secret list did not answer JSON' });
      }
    });
  });
}

const config = deployConfigFromToml(readFileSync(path.join(ROOT, 'wrangler.toml'), 'utf8'));
const skipSecretCheck = process.env.DEPLOY_SKIP_SECRET_CHECK === '1';
const secrets = await listSecretNames();
const problems = deployProblems({ ...config, secretNames: secrets.names, secretListError: secrets.error, skipSecretCheck });
if (problems.length > 0) {
  console.error(`Not deploying: the production configuration is not ready. Set or change:\n${problems.map((p) => `  - ${p}`).join('\n')}`);
  process.exit(1);
}
if (secrets.names === null)
  console.warn(
    `Secrets not checked (DEPLOY_SKIP_SECRET_CHECK=1; ${secrets.error}): make sure ADMIN_PIN and the payment and e-mail keys are set.`,
  );

await buildWeb();
await run(path.join(BIN, 'wrangler'), ['d1', 'migrations', 'apply', 'DB', '--remote']);
await run(path.join(BIN, 'wrangler'), ['deploy']);

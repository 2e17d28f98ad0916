// npm start: build the web app, apply D1 migrations locally, seed an empty catalogue, then serve
// everything on http://localhost:${PORT:-8787} with Miniflare's local D1/R2/KV/Durable Objects.
import { spawn } from 'node:child_process';
import { copyFileSync, existsSync } from 'node:fs';
import path from 'node:path';
import { BIN, CONFIG_KEYS, ROOT, WRANGLER_ENV, buildWeb, readDotEnv, run, runQuietly, writePrivateEnvFile } from './lib.mjs';

const port = process.env.PORT ?? '8787';
const dataDir = path.resolve(ROOT, process.env.DATA_DIR ?? '.wrangler/state');
const started = Date.now();

if (!existsSync(path.join(ROOT, '.dev.vars')) && existsSync(path.join(ROOT, '.dev.vars.example'))) {
  copyFileSync(path.join(ROOT, '.dev.vars.example'), path.join(ROOT, '.dev.vars'));
  console.log('Created .dev.vars from .dev.vars.example (local configuration; edit it or set environment variables).');
}

if (process.env.SKIP_BUILD !== '1') await buildWeb(['--logLevel', 'warn']);
await run(path.join(BIN, 'wrangler'), ['d1', 'migrations', 'apply', 'DB', '--local', '--persist-to', dataDir], {
  stdio: ['ignore', 'ignore', 'inherit'],
});
// The platform proxy warns that it cannot see the Durable Object classes (it loads no Worker
// script); that is expected here, so its stderr is shown only if seeding fails.
await runQuietly(path.join(BIN, 'tsx'), ['scripts/seed.ts'], { DATA_DIR: dataDir });
// PREPARE_ONLY=1: build, migrate and seed, then stop without serving (the browser tests copy such a
// folder for each site they start, instead of migrating and seeding each: tests/e2e/global-setup.ts).
if (process.env.PREPARE_ONLY === '1') {
  console.log(
    `Prepared ${dataDir} (built, migrated and seeded) in ${((Date.now() - started) / 1000).toFixed(1)} s; not serving (PREPARE_ONLY=1).`,
  );
  process.exit(0);
}

// The configuration goes to wrangler in a private file, never as `--var KEY:value` arguments that
// any user of the machine can read with `ps`. With --env-file wrangler skips .dev.vars, so the file
// holds .dev.vars merged with the environment (environment variables win); deleted on exit.
const config = { ...readDotEnv(path.join(ROOT, '.dev.vars')) };
for (const key of CONFIG_KEYS) if (process.env[key] !== undefined) config[key] = process.env[key];
const envFile = writePrivateEnvFile(config);
process.on('exit', envFile.remove);
const server = spawn(
  path.join(BIN, 'wrangler'),
  [
    'dev',
    '--port',
    port,
    '--ip',
    process.env.HOST ?? '127.0.0.1',
    '--persist-to',
    dataDir,
    '--show-interactive-dev-session=false',
    '--env-file',
    envFile.path,
  ],
  { cwd: ROOT, stdio: ['ignore', 'pipe', 'inherit'], env: { ...process.env, ...WRANGLER_ENV } },
);
let announced = false;
server.stdout.on('data', (chunk) => {
  process.stdout.write(chunk);
  if (!announced && /Ready on/.test(String(chunk))) {
    announced = true;
    console.log(
      `\nCustom Blinds storefront ready on http://localhost:${port} (started in ${((Date.now() - started) / 1000).toFixed(1)} s; data in ${dataDir})`,
    );
  }
});
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => server.kill(signal));
server.on('exit', (code) => process.exit(code ?? 0));

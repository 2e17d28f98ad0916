// npm start: build the web app, apply D1 migrations locally, seed an empty catalogue, then serve
// everything on http://localhost:${PORT:-8787} with Miniflare's local D1/R2/KV/Durable Objects.
import { copyFileSync, existsSync } from 'node:fs';
import path from 'node:path';
import { BIN, CONFIG_KEYS, ROOT, buildWeb, buildWorker, readDotEnv, run, runQuietly } from './lib.mjs';
import { serve } from './serve.mjs';

const port = process.env.PORT ?? '8787';
const dataDir = path.resolve(ROOT, process.env.DATA_DIR ?? '.wrangler/state');
const started = Date.now();

if (!existsSync(path.join(ROOT, '.dev.vars')) && existsSync(path.join(ROOT, '.dev.vars.example'))) {
  copyFileSync(path.join(ROOT, '.dev.vars.example'), path.join(ROOT, '.dev.vars'));
  console.log('Created .dev.vars from .dev.vars.example (local configuration; edit it or set environment variables).');
}

if (process.env.SKIP_BUILD !== '1') {
  await buildWeb(['--logLevel', 'warn']);
  await buildWorker();
}
// PREPARED=1: DATA_DIR is a copy of a folder that PREPARE_ONLY=1 made, already migrated and seeded
// (the browser tests' sites): migrating and seeding it again would change nothing.
if (process.env.PREPARED !== '1') {
  await run(path.join(BIN, 'wrangler'), ['d1', 'migrations', 'apply', 'DB', '--local', '--persist-to', dataDir], {
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  // The platform proxy warns that it cannot see the Durable Object classes (it loads no Worker
  // script); that is expected here, so its stderr is shown only if seeding fails.
  await runQuietly(path.join(BIN, 'tsx'), ['scripts/seed.ts'], { DATA_DIR: dataDir });
}
// PREPARE_ONLY=1: build, migrate and seed, then stop without serving (the browser tests copy such a
// folder for each site they start, instead of migrating and seeding each: tests/e2e/global-setup.ts).
if (process.env.PREPARE_ONLY === '1') {
  console.log(
    `Prepared ${dataDir} (built, migrated and seeded) in ${((Date.now() - started) / 1000).toFixed(1)} s; not serving (PREPARE_ONLY=1).`,
  );
  process.exit(0);
}

// The configuration: .dev.vars merged with the environment (environment variables win). It reaches
// the Worker inside this process (scripts/serve.mjs), so no secret appears in any command line.
const vars = { ...readDotEnv(path.join(ROOT, '.dev.vars')) };
for (const key of CONFIG_KEYS) if (process.env[key] !== undefined) vars[key] = process.env[key];
const host = process.env.HOST ?? '127.0.0.1';
const site = await serve({ host, port, dataDir, vars }).catch((err) => {
  console.error(err.message);
  process.exit(1);
});
console.log(
  `\nCustom Blinds storefront ready on http://localhost:${port} (started in ${((Date.now() - started) / 1000).toFixed(1)} s; data in ${dataDir})`,
);
for (const signal of ['SIGINT', 'SIGTERM'])
  process.on(signal, () => {
    void site.dispose().finally(() => process.exit(0));
  });

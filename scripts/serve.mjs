// Serves the built site (dist/worker, dist/web) with Miniflare in this process: the Worker with the
// bindings of wrangler.toml, its D1, R2, KV and Durable Objects kept in DATA_DIR, as `wrangler dev`
// keeps them (`--persist-to`), so a folder works with either.
//
// Why not `wrangler dev`: it is a development server. It bundles again and watches the source (its
// esbuild and file watcher used about 2 % of a core while the site sat idle), runs a second workerd
// as a proxy in front of the Worker with an inspector attached, and logs each request through Node:
// per request 10 to 12 ms of CPU against 3 to 6 ms served directly (/proc, 500 requests each).
// `npm start` serves a built site; for editing there is `npm run dev:web`.
import path from 'node:path';
import { Log, LogLevel, Miniflare, convertV4MiniflareOptions } from 'miniflare';
import { unstable_getMiniflareWorkerOptions, unstable_readConfig } from 'wrangler';
import { ROOT } from './lib.mjs';

/** Where `wrangler deploy --dry-run --outdir` leaves the Worker bundle (scripts/lib.mjs buildWorker). */
export const WORKER_BUNDLE = path.join(ROOT, 'dist', 'worker', 'index.js');

/**
 * Starts the site on host:port. `vars` are the Worker's configuration (.dev.vars merged with the
 * environment): they reach workerd through Miniflare's configuration pipe, never a command line.
 * Resolves once it serves, with dispose() to stop it.
 */
export async function serve({ host, port, dataDir, vars }) {
  // The wrangler.toml bindings, as `wrangler dev` reads them (it reads .dev.vars too, and says so);
  // `vars` go on top: the same .dev.vars with the environment's values over it.
  const config = unstable_readConfig({ config: path.join(ROOT, 'wrangler.toml') });
  const { workerOptions } = unstable_getMiniflareWorkerOptions(config);
  // Miniflare 5 takes its options nested; wrangler's are in the flat (v4) shape it converts, as wrangler does.
  const options = convertV4MiniflareOptions({
    rootPath: ROOT,
    host,
    port: Number(port),
    // The folder layout of `wrangler dev --persist-to` (and of scripts/seed.ts).
    resourcePersistencePath: path.join(dataDir, 'v3'),
    // No request.cf from Cloudflare's network: local mode works offline.
    cf: false,
    log: new Log(LogLevel.INFO),
    // No line per request: Miniflare writes each through a call back into Node (about 1.8 ms of CPU
    // a request). The Worker's own logs (console.error of a failed request) still show.
    logRequests: false,
    workers: [
      {
        ...workerOptions,
        // wrangler.toml's name, as wrangler dev names the Worker: its Durable Objects' state is kept under it.
        name: config.name,
        modules: [{ type: 'ESModule', path: WORKER_BUNDLE }],
        bindings: { ...workerOptions.bindings, ...vars },
      },
    ],
  });
  const mf = new Miniflare(options);
  try {
    await mf.ready;
  } catch (err) {
    await mf.dispose().catch(() => {});
    if (err?.code === 'ERR_ADDRESS_IN_USE')
      throw new Error(`Address already in use: something else serves on ${host}:${port}. Stop it, or start with another PORT.`, {
        cause: err,
      });
    throw err;
  }
  return { dispose: () => mf.dispose() };
}
